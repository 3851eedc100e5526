import Foundation
import Testing

/// `lockout rewards …` against the database (no agent running): the same engine and checks the agent uses.
@Suite("lockout rewards")
struct RewardsCLITests {
    private static let pin = "1357"

    /// A harness with a PIN set, `gcompris` learning and `supertux` reward.
    private func configured() throws -> CLIHarness {
        let cli = try CLIHarness()
        #expect(try cli.run("rewards", "pin", "set", "--pin", Self.pin).stdout == "Parent PIN set.\n")
        #expect(try cli.run("rewards", "program", "set", "gcompris", "learning", "--pin", Self.pin).status == 0)
        #expect(try cli.run("rewards", "program", "set", "supertux", "reward", "--pin", Self.pin).status == 0)
        return cli
    }

    @Test("status before anything is set says how to start")
    func freshStatus() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let status = try cli.run("rewards", "status")
        #expect(status.status == 0)
        #expect(status.stdout.hasPrefix("Balance: 0 points (level 1: 0 of 100 to level 2)\n"))
        #expect(status.stdout.contains("Quest: none set\n"))
        #expect(status.stdout.hasSuffix("No parent PIN yet: lockout rewards pin set\n"))
    }

    @Test("settings without a PIN, or with a weak or wrong one, are refused in one line and change nothing", arguments: [
        (["rewards", "program", "set", "gcompris", "learning", "--pin", "1357"], "lockout: rewards settings need a parent PIN first: lockout rewards pin set\n", false),
        (["rewards", "pin", "set", "--pin", "1111"], "lockout: that PIN is too easy to guess (all digits the same): choose 4 digits that are not all the same and not a run like 1234 or 4321\n", false),
        (["rewards", "pin", "set", "--pin", "4321"], "lockout: that PIN is too easy to guess (a descending run): choose 4 digits that are not all the same and not a run like 1234 or 4321\n", false),
        (["rewards", "pin", "set", "--pin", "12a4"], "lockout: a parent PIN is exactly 4 digits\n", false),
        (["rewards", "cap", "300", "--pin", "2468"], "lockout: wrong PIN: 4 more tries before a wait\n", true),
    ])
    func refusedSettings(arguments: [String], message: String, withPIN: Bool) throws {
        let cli = withPIN ? try configured() : try CLIHarness()
        defer { cli.remove() }
        let before = try cli.run("rewards", "status", "--json").stdout
        let refused = try cli.run(arguments)
        #expect(refused.status != 0)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == message)
        let after = try cli.run("rewards", "status", "--json").stdout
        #expect(after == before || withPIN)  // a wrong PIN counts its try, nothing else
        #expect(try cli.run("rewards", "status").stdout.contains("at most 600 from each program"))
    }

    @Test("bad input names what is allowed and changes nothing", arguments: [
        (["rewards", "program", "set", "bash", "reward"], "lockout: bash can't be a reward program, LockOut never closes it: it is a shell\n"),
        (["rewards", "program", "set", "tuxmath", "none"], "lockout: unknown program 'tuxmath': mark it first with lockout rewards program set tuxmath learning|reward\n"),
        (["rewards", "program", "set", "gcompris", "games"], "lockout: unknown category 'games': use learning, reward or none\n"),
        (["rewards", "program", "set", "gcompris", "learning", "--rate", "0"], "lockout: a rate of 0 points a minute is out of range: allowed 1...100\n"),
        (["rewards", "redeem", "20"], "lockout: 20 points is below the minimum: redeem at least 30 points\n"),
        (["rewards", "redeem", "700"], "lockout: 700 points is above the maximum: redeem at most 600 points at once\n"),
        (["rewards", "redeem", "100"], "lockout: not enough points: 100 asked, 0 in the balance\n"),
        (["rewards", "grant", "0", "--reason", "x"], "lockout: an adjustment of 0 points is out of range: grant or remove 1...10000 points\n"),
        (["rewards", "grant", "20000", "--reason", "x"], "lockout: an adjustment of 20000 points is out of range: grant or remove 1...10000 points\n"),
        (["rewards", "grant", "50", "--reason", " "], "lockout: an adjustment needs a reason the child can read\n"),
        (["rewards", "remove", "50", "--reason", "late"], "lockout: removing 50 points would take the balance of 0 below zero\n"),
        (["rewards", "quest", "set", "--minutes", "600"], "lockout: a quest of 600 minutes is out of range: allowed 1...480 minutes\n"),
        (["rewards", "quest", "set", "--minutes", "20", "--program", "supertux"], "lockout: supertux is not a learning program: a quest counts learning programs only\n"),
        (["rewards", "quest", "set", "--template", "marathon"], "lockout: unknown quest template 'marathon': use daily-practice, learning-hour, deep-dive, point-boost\n"),
        (["rewards", "mode", "0:30"], "lockout: a ratio of 0:30 is out of range: learning 1...240 minutes earns reward 1...240 minutes\n"),
    ] as [([String], String?)])
    func badInput(arguments: [String], message: String?) throws {
        let cli = try configured()
        defer { cli.remove() }
        let before = try cli.run("rewards", "programs", "--json").stdout
        let refused = try cli.run(arguments + (arguments[1] == "redeem" ? [] : ["--pin", Self.pin]))
        #expect(refused.status != 0)
        if let message {
            #expect(refused.stderr == message)
        } else {
            #expect(refused.stderr.hasPrefix("lockout: "))
        }
        #expect(try cli.run("rewards", "programs", "--json").stdout == before)
        #expect(try cli.run("rewards", "status").stdout.hasPrefix("Balance: 0 points"))
    }

    @Test("a parent's adjustment, a redemption, the ledger and the programs list")
    func adjustRedeemHistory() throws {
        let cli = try configured()
        defer { cli.remove() }
        #expect(try cli.run("rewards", "grant", "120", "--reason", "tidied the room", "--pin", Self.pin).stdout == "Balance: 120 points.\n")
        #expect(try cli.run("rewards", "redeem", "50").stdout == "Reward time: 05:00 left. Balance: 70 points.\n")
        let history = try cli.run("rewards", "history").stdout
        #expect(history.contains("+120  adjustment: tidied the room"))
        #expect(history.contains("-50  redemption: 5 min of reward time"))
        #expect(try cli.run("rewards", "programs").stdout == """
            gcompris: learning, 10 points a minute; today 0 min, 0 points; balance 0
            supertux: reward; today 0 min

            """)
        let badges = try cli.run("rewards", "badges").stdout
        #expect(badges.hasPrefix("[ ] Challenge Champion: Complete 10 quests (0 of 10)\n"))
    }

    @Test("the quest from a template, shown with its progress")
    func questFromTemplate() throws {
        let cli = try configured()
        defer { cli.remove() }
        let set = try cli.run("rewards", "quest", "set", "--template", "daily-practice", "--pin", Self.pin)
        #expect(set.stdout == "Quest: Daily practice: 0 of 20 min\n")
        #expect(try cli.run("rewards", "quest").stdout == "Quest: Daily practice: 0 of 20 min\n")
        #expect(try cli.run("rewards", "quest", "clear", "--pin", Self.pin).stdout == "No daily quest.\n")
    }
}

/// The parent PIN also guards a child's device leaving its family, and is read from the input when not given.
@Suite("lockout rewards: the PIN beyond settings")
struct RewardsPINCLITests {
    @Test("a child's device with a PIN leaves its family only with the right PIN")
    func familyResetNeedsPIN() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("family", "setup", "child", "--name", "Anna's laptop").status == 0)
        #expect(try cli.run("rewards", "pin", "set", "--pin", "2580").status == 0)
        let wrong = try cli.run("family", "reset", "--confirm", "reset", "--pin", "1111")
        #expect(wrong.status != 0)
        #expect(wrong.stderr == "lockout: wrong PIN: 4 more tries before a wait\n")
        #expect(try cli.run("family", "status").stdout.contains("Child"))
        let right = try cli.run("family", "reset", "--confirm", "reset", "--pin", "2580")
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stdout == "This device left its family; its own history stays.\n")
    }

    @Test("the PIN typed on the input when --pin is left out")
    func pinFromInput() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let setting = try cli.start("rewards", "pin", "set")
        setting.type("2580")
        #expect(setting.waitForExit(timeout: 30) == 0)
        let marking = try cli.start("rewards", "program", "set", "gcompris", "learning")
        marking.type("2580")
        #expect(marking.waitForExit(timeout: 30) == 0)
        #expect(try cli.run("rewards", "programs").stdout.hasPrefix("gcompris: learning"))
    }
}
