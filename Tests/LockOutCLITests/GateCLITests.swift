import Foundation
import LockOutAgent
import Testing

/// The health gate from the command line with no agent running, so every command goes to the database.
@Suite("lockout gate")
struct GateCLITests {
    /// A clock 60 times faster, so the 15-second wait before a code takes a quarter of a second.
    static let fast = ["LOCKOUT_CLOCK_SCALE": "60"]

    static func expectRefusal(_ output: CLIHarness.Output, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(output.status != 0, sourceLocation: sourceLocation)
        #expect(output.stderr.hasPrefix("lockout: "), sourceLocation: sourceLocation)
        #expect(output.stderr.contains(message), "stderr was \(output.stderr)", sourceLocation: sourceLocation)
        #expect(output.stderr.split(separator: "\n").count == 1, sourceLocation: sourceLocation)
    }

    static func goal(_ json: [String: Any], _ kind: String) throws -> [String: Any] {
        let goals = try #require(json["goals"] as? [[String: Any]])
        return try #require(goals.first { $0["kind"] as? String == kind })
    }

    /// Runs a command that asks for a code: waits for the code, types `wrong` codes first, then the one shown.
    /// With `now` the command's clock stands at that moment, else it runs 60 times fast.
    static func typingCode(
        _ cli: CLIHarness, _ arguments: String..., now: String? = nil, wrong: [String] = []
    ) throws -> (shown: String, output: String, errors: String, status: Int32?) {
        let running = try now.map { try cli.start(arguments, now: $0) } ?? cli.start(arguments, extraEnvironment: fast)
        let lines = try #require(running.readLines(through: "Type this code"))
        let shown = String(try #require(lines.last?.split(separator: " ").last))
        for code in wrong where code != shown { running.type(code) }
        running.type(shown)
        let (output, errors) = running.rest()
        return (shown, (lines + [output]).joined(separator: "\n"), errors, running.waitForExit(timeout: 30))
    }

    @Test("a new gate: steps 10,000 every day, nothing blocked, closed until steps are logged, as text and JSON")
    func freshStatus() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let text = try cli.run("gate", "status")
        #expect(text.status == 0)
        #expect(text.stdout == """
            Health gate: closed until 10,000 steps (0 so far)
              steps        0 / 10,000 steps  0%  every day
              energy       off (500 kcal, every day)
              exercise     off (30 min of exercise, every day)
              unlock-time  off (19:00, every day)
            Blocked apps: none — add one with 'lockout gate block add NAME'
            Peek: 3m available — lockout gate peek

            """)
        let json = try cli.run("gate", "status", "--json").json()
        #expect(json["state"] as? String == "closed")
        #expect(json["closedBy"] as? [String] == ["steps"])
        #expect(json["peekSeconds"] as? Int == 180)
        #expect(json["emergency"] as? String == "none")
        #expect(try Self.goal(json, "steps")["target"] as? Int == 10_000)
        #expect(try Self.goal(json, "energy")["enabled"] as? Bool == false)
    }

    @Test("logging enough steps opens the gate; the next day closes it again")
    func stepsOpenTheGate() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "block", "add", "steam").status == 0)
        let logged = try cli.run("health", "log", "steps", "10000")
        #expect(logged.stdout.hasSuffix("Health gate: open — today's goals are met\n"))
        let json = try cli.run("gate", "status", "--json").json()
        #expect(json["state"] as? String == "open")
        #expect(json["reason"] as? String == "goalsMet")
        #expect(try Self.goal(json, "steps")["met"] as? Bool == true)
        let tomorrow = try cli.run("gate", "status", "--json", now: "2026-11-24T08:00:00Z").json()
        #expect(tomorrow["state"] as? String == "closed")
        #expect(try Self.goal(tomorrow, "steps")["current"] as? Double == 0)
    }

    @Test("goal set changes the target and days and enables the goal; a stricter goal applies at once while closed")
    func goalSet() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "goal", "set", "steps", "12,000", "--days", "weekdays").status == 0)
        #expect(try cli.run("gate", "goal", "set", "energy", "300").status == 0)
        let unlock = try cli.run("gate", "goal", "set", "unlock-time", "19:30", "--days", "mon,wed")
        #expect(unlock.stdout.hasPrefix("Health gate: closed until 12,000 steps (0 so far) and 300 kcal (0 so far) and 19:30\n"))
        let json = try cli.run("gate", "status", "--json").json()
        #expect(try Self.goal(json, "steps")["target"] as? Int == 12_000)
        #expect(try Self.goal(json, "steps")["days"] as? String == "weekdays")
        #expect(try Self.goal(json, "energy")["enabled"] as? Bool == true)
        #expect(try Self.goal(json, "unlock-time")["target"] as? Int == 1_170)
        #expect(try Self.goal(json, "unlock-time")["days"] as? String == "mon,wed")
        #expect(json["closedBy"] as? [String] == ["steps", "energy", "unlock-time"])
        #expect(json["secondsToUnlockTime"] as? Int == 37_800)
    }

    @Test("Monday's today-only steps goal is off on Tuesday when Tuesday starts with another today-only goal: screen, JSON, database and log agree")
    func todayOnlyGoalExpiresBeforeAnEdit() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let monday = try cli.run("gate", "goal", "set", "steps", "10000", "--days", "today", now: "2026-11-23T08:00:00Z")
        #expect(monday.stdout.contains("  steps        0 / 10,000 steps  0%  today (2026-11-23)\n"))

        let tuesday = try cli.run("gate", "goal", "set", "energy", "500", "--days", "today", now: "2026-11-24T08:00:00Z")
        #expect(tuesday.status == 0, "stderr was \(tuesday.stderr)")
        #expect(tuesday.stdout.hasPrefix("""
            Health gate: closed until 500 kcal (0 so far)
              steps        off (10,000 steps, every day)
              energy       0 / 500 kcal  0%  today (2026-11-24)

            """))
        let json = try cli.run("gate", "status", "--json", now: "2026-11-24T08:01:00Z").json()
        #expect(try Self.goal(json, "steps")["enabled"] as? Bool == false)
        #expect(try Self.goal(json, "steps")["days"] as? String == "every")
        #expect(try Self.goal(json, "energy")["days"] as? String == "today (2026-11-24)")
        #expect(json["closedBy"] as? [String] == ["energy"])
        let log = try cli.run("gate", "log", "--days", "1", now: "2026-11-24T08:02:00Z").stdout
        #expect(log.hasPrefix("2026-11-24 09:00  today-only goals expired\n"))
        #expect(log.contains("2026-11-24 09:00  stricter edit applied\n"))
    }

    @Test("on Tuesday 'gate log' as the first command records Monday's today-only goal expiring, and the status agrees")
    func todayOnlyGoalExpiresBeforeTheLog() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "goal", "set", "steps", "10000", "--days", "today", now: "2026-11-23T08:00:00Z").status == 0)

        let log = try cli.run("gate", "log", "--days", "1", now: "2026-11-24T08:00:00Z")
        #expect(log.stdout.hasPrefix("2026-11-24 09:00  today-only goals expired\n"), "stdout was \(log.stdout)")
        let json = try cli.run("gate", "status", "--json", now: "2026-11-24T08:01:00Z").json()
        #expect(try Self.goal(json, "steps")["enabled"] as? Bool == false)
        #expect(json["reason"] as? String == "noGoalsToday")
    }

    /// Runs `sql` on the harness's database with the sqlite3 shell, as a person editing it by hand would.
    static func sqlite(_ cli: CLIHarness, _ sql: String) throws {
        let process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", cli.directory.appendingPathComponent("lockout.sqlite").path, sql]
        )
        try #require(process.waitUntilExit() == .exit(0), "sqlite3 failed on: \(sql)")
    }

    @Test("an unlock time stored by hand as 2000 minutes reads as 23:59, never 33:20; the warning is logged once")
    func handEditedUnlockTime() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "goal", "set", "unlock-time", "19:00").status == 0)
        try Self.sqlite(cli, "UPDATE gateSettings SET json = json_set(json, '$.unlockTime.target', 2000)")

        let status = try cli.run("gate", "status")
        #expect(status.stdout.hasPrefix("Health gate: closed until 10,000 steps (0 so far) and 23:59\n"))
        #expect(status.stdout.contains("  unlock-time  until 23:59 (in 14h59m)  every day\n"))
        #expect(status.stderr.contains("warning"))
        #expect(status.stderr.contains("gate unlock-time: stored 33:20 is outside 00:00...23:59, read as 23:59"))
        let again = try cli.run("gate", "status", "--json")
        #expect(again.stderr.isEmpty, "stderr was \(again.stderr)")
        #expect(try Self.goal(again.json(), "unlock-time")["target"] as? Int == 1_439)
    }

    @Test("day sets read as people say them: every day, weekdays, weekends, Mon, Wed, Fri — in the text and the JSON")
    func daySets() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let weekdays = try cli.run("gate", "goal", "set", "steps", "10000", "--days", "fri,thu,wed,tue,mon")
        #expect(weekdays.stdout.contains("  steps        0 / 10,000 steps  0%  weekdays\n"), "stdout was \(weekdays.stdout)")
        #expect(try cli.run("gate", "goal", "set", "energy", "500", "--days", "sun,sat").status == 0)
        #expect(try cli.run("gate", "goal", "set", "exercise", "30", "--days", "sat,fri,thu,wed,tue,mon,sun").status == 0)
        let listed = try cli.run("gate", "goal", "set", "unlock-time", "19:00", "--days", "fri,mon,wed")
        #expect(listed.stdout.contains("""
              steps        0 / 10,000 steps  0%  weekdays
              energy       not today (500 kcal, weekends)
              exercise     0 / 30 min  0%  every day
              unlock-time  until 19:00 (in 10h)  Mon, Wed, Fri

            """), "stdout was \(listed.stdout)")

        let json = try cli.run("gate", "status", "--json").json()
        let days = try ["steps", "energy", "exercise", "unlock-time"].map { try Self.goal(json, $0)["days"] as? String }
        let daysText = try ["steps", "energy", "exercise", "unlock-time"].map { try Self.goal(json, $0)["daysText"] as? String }
        #expect(days == ["weekdays", "weekends", "every", "mon,wed,fri"])
        #expect(daysText == ["weekdays", "weekends", "every day", "Mon, Wed, Fri"])

        #expect(try cli.run("gate", "goal", "set", "steps", "10000", "--days", "today").stdout.contains("  today (2026-11-23)\n"))
        let today = try cli.run("gate", "status", "--json").json()
        #expect(try Self.goal(today, "steps")["daysText"] as? String == "today (2026-11-23)")
    }

    @Test("a weaker goal while closed is held; typing the code after the wait applies it")
    func heldEditAndConfirm() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let held = try cli.run("gate", "goal", "set", "steps", "5000")
        #expect(held.status == 0)
        #expect(held.stdout.hasPrefix("Held: this makes today's gate weaker"))
        let waiting = try cli.run("gate", "status", "--json").json()
        #expect(waiting["heldEdit"] as? Bool == true)
        #expect(try Self.goal(waiting, "steps")["target"] as? Int == 10_000)

        let confirmed = try Self.typingCode(cli, "gate", "confirm")
        #expect(confirmed.status == 0, "stderr was \(confirmed.errors)")
        #expect(confirmed.output.contains("Type this code to apply the held edit: \(confirmed.shown)"))
        let applied = try cli.run("gate", "status", "--json").json()
        #expect(applied["heldEdit"] as? Bool == false)
        #expect(try Self.goal(applied, "steps")["target"] as? Int == 5_000)
    }

    @Test("a stricter edit after a held one says that the held one is dropped; a second weaker one says it replaces it")
    func heldEditDroppedIsTold() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "goal", "set", "steps", "5000").stdout.hasPrefix("Held:"))
        let replaced = try cli.run("gate", "goal", "set", "steps", "6000")
        #expect(replaced.stdout.hasPrefix("The edit held earlier is dropped: this one replaces it"))
        #expect(replaced.stdout.contains("Held: this makes today's gate weaker"))
        let stricter = try cli.run("gate", "goal", "set", "steps", "12000")
        #expect(stricter.status == 0)
        #expect(stricter.stdout.hasPrefix("The edit held earlier is dropped: this one replaces it"))
        #expect(stricter.stdout.contains("Health gate: closed until 12,000 steps"))
        let status = try cli.run("gate", "status", "--json").json()
        #expect(status["heldEdit"] as? Bool == false)
        // An edit with nothing held says nothing of the kind.
        #expect(!(try cli.run("gate", "goal", "set", "steps", "13000").stdout.contains("held earlier")))
    }

    @Test("a weaker edit while closed can be dropped with cancel; disabling a goal while open applies at once")
    func cancelAndOpenEdits() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "goal", "disable", "steps").stdout.hasPrefix("Held:"))
        #expect(try cli.run("gate", "cancel").status == 0)
        #expect(try cli.run("gate", "status", "--json").json()["heldEdit"] as? Bool == false)
        Self.expectRefusal(try cli.run("gate", "cancel"), saying: "no code is waiting to be typed")

        #expect(try cli.run("health", "log", "steps", "10000").status == 0)
        let disabled = try cli.run("gate", "goal", "disable", "steps")
        #expect(disabled.stdout.hasPrefix("Health gate: open — no goal applies today"))
        #expect(try cli.run("gate", "goal", "enable", "steps").stdout.hasPrefix("Health gate: open — today's goals are met"))
    }

    @Test("block add, list and remove, as text and JSON; removing while closed is held")
    func blockList() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "block", "add", "steam").status == 0)
        #expect(try cli.run("gate", "block", "add", "firefox", "--desktop-id", "org.mozilla.firefox.desktop").status == 0)
        #expect(try cli.run("gate", "block", "list").stdout == "Blocked apps: steam, firefox (org.mozilla.firefox.desktop)\n")
        let data = Data(try cli.run("gate", "block", "list", "--json").stdout.utf8)
        let apps = try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(apps.map { $0["executable"] as? String } == ["steam", "firefox"])
        #expect(apps.map { $0["name"] as? String } == ["Steam", "Firefox"])

        #expect(try cli.run("gate", "block", "remove", "firefox").stdout.hasPrefix("Held:"))
        #expect(try cli.run("gate", "block", "list").stdout == "Blocked apps: steam, firefox (org.mozilla.firefox.desktop)\n")
        #expect(try cli.run("health", "log", "steps", "10000").status == 0)
        // Goals met: the held removal applied with them, and a removal now applies at once.
        #expect(try cli.run("gate", "block", "list").stdout == "Blocked apps: steam\n")
        #expect(try cli.run("gate", "block", "remove", "steam").status == 0)
        #expect(try cli.run("gate", "block", "list").stdout == "Blocked apps: none — add one with 'lockout gate block add NAME'\n")
    }

    @Test("bad input prints what is allowed, exits non-zero and changes nothing")
    func badInput() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "block", "add", "steam").status == 0)
        let before = try cli.run("gate", "status", "--json").stdout
        let refusals: [([String], String)] = [
            (["gate", "goal", "set", "stairs", "10"], "unknown goal 'stairs': use steps, energy, exercise or unlock-time"),
            (["gate", "goal", "set", "steps", "-500"], "out of range: allowed 500...100000 steps"),
            (["gate", "goal", "set", "steps", "900000"], "out of range: allowed 500...100000 steps"),
            (["gate", "goal", "set", "steps", "8250"], "is not a multiple of 500: use 8000 or 8500"),
            (["gate", "goal", "set", "steps", "lots"], "'lots' is not a steps target: use a whole number of steps, like 10000"),
            (["gate", "goal", "set", "energy", "0"], "out of range: allowed 10...5000 kcal"),
            (["gate", "goal", "set", "unlock-time", "25:00"], "'25:00' is not a time of day: use a time like 19:00"),
            (["gate", "goal", "set", "steps", "12000", "--days", "someday"], "unknown days 'someday'"),
            (["gate", "goal", "set", "steps"], "give one steps target, like: lockout gate goal set steps 10000"),
            (["gate", "goal", "enable", "sleep"], "unknown goal 'sleep'"),
            (["gate", "block", "add", "bash"], "'bash' can never be blocked"),
            (["gate", "block", "add", "lockout"], "'lockout' can never be blocked"),
            (["gate", "block", "add", "/usr/bin/steam"], "is not an executable name"),
            (["gate", "block", "add", "steam"], "'steam' is already blocked"),
            (["gate", "block", "remove", "firefox"], "'firefox' is not blocked"),
            (["gate", "confirm"], "no code is waiting to be typed"),
        ]
        for (arguments, message) in refusals {
            Self.expectRefusal(try cli.run(arguments), saying: message)
        }
        #expect(try cli.run("gate", "status", "--json").stdout == before)
    }

    @Test("peek: 3 min, then 2 min, then 1 min; not while one runs or the gate is open")
    func peeks() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "peek", now: "2026-11-23T08:00:00Z").stdout == "Health gate: open — peeking, 3m left\n")
        Self.expectRefusal(try cli.run("gate", "peek", now: "2026-11-23T08:01:00Z"), saying: "a peek is already running")
        #expect(try cli.run("gate", "peek", now: "2026-11-23T08:10:00Z").stdout == "Health gate: open — peeking, 2m left\n")
        #expect(try cli.run("gate", "peek", now: "2026-11-23T08:20:00Z").stdout == "Health gate: open — peeking, 1m left\n")
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T08:30:00Z").json()["peekSeconds"] as? Int == 60)
        #expect(try cli.run("health", "log", "steps", "10000", now: "2026-11-23T08:30:00Z").status == 0)
        Self.expectRefusal(try cli.run("gate", "peek", now: "2026-11-23T08:31:00Z"), saying: "the gate is not closed")
    }

    @Test("emergency unlock: after the wait a code is shown; a wrong code is refused, the right one unlocks until midnight")
    func emergencyUnlock() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("gate", "block", "add", "steam").status == 0)
        let unlocked = try Self.typingCode(cli, "gate", "emergency-unlock", wrong: ["0000"])
        #expect(unlocked.status == 0, "stderr was \(unlocked.errors)")
        // The wait announced is what is left of the 15 s when the request is read back: on a clock 60 times fast a
        // busy machine's milliseconds are seconds.
        let announced = try #require(unlocked.output.firstMatch(of: /^Wait (\d+) s: then type the code shown to unlock until midnight\./))
        #expect((1...15).contains(try #require(Int(announced.1))))
        #expect(unlocked.output.contains("Health gate: open — emergency unlock until midnight"))
        #expect(unlocked.errors.contains("that is not the code shown") || unlocked.shown == "0000")
        let json = try cli.run("gate", "status", "--json", now: "2026-11-23T20:00:00Z").json()
        #expect(json["reason"] as? String == "emergencyUnlock")
        let log = try cli.run("gate", "log", now: "2026-11-23T20:00:00Z").stdout
        #expect(log.contains(/2026-11-23 09:0\d  emergency unlock requested\n/))
        #expect(log.contains("  emergency unlock: open until midnight\n"))
        let entries = try #require(JSONSerialization.jsonObject(with: Data(try cli.run("gate", "log", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["event"] as? String }.contains("emergencyUnlocked"))
        // Two days on, the log first records the gate catching up with the day (closed again), and nothing older.
        #expect(try cli.run("gate", "log", "--days", "1", now: "2026-11-25T08:00:00Z").stdout == "2026-11-25 09:00  closed: steps not met\n")
        Self.expectRefusal(try cli.run("gate", "log", "--days", "0"), saying: "--days must be 1...366")
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T23:00:00Z").json()["state"] as? String == "closed")
    }

    @Test("with LOCKOUT_NOW fixing the clock, the emergency unlock's wait never passes: the command says so and the request waits")
    func emergencyUnlockOnAFixedClock() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let running = try cli.start(["gate", "emergency-unlock"], now: "2026-11-23T08:00:00Z")
        running.endInput()
        let (_, errors) = running.rest()
        #expect(running.waitForExit(timeout: 30) == 1)
        #expect(errors.contains("LOCKOUT_NOW fixes the clock, so the 15-second wait never passes here"))
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T08:00:10Z").json()["emergency"] as? String == "waiting")
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T08:00:20Z").json()["emergency"] as? String == "codeShown")
    }

    @Test("emergency unlock without a code typed keeps waiting; confirm finishes it")
    func emergencyUnlockLater() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        // Asked at 08:00:00 on a standing clock, the wait cannot pass: the request waits.
        #expect(try cli.run(["gate", "emergency-unlock"], now: "2026-11-23T08:00:00Z").status == 1)
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T08:00:10Z").json()["emergency"] as? String == "waiting")
        // At 08:00:20 the code shows; no code is typed, and the request still waits.
        let untyped = try cli.start(["gate", "confirm"], now: "2026-11-23T08:00:20Z")
        untyped.endInput()
        let (output, errors) = untyped.rest()
        #expect(untyped.waitForExit(timeout: 30) == 1)
        #expect(output.contains("Type this code to unlock until midnight: "))
        #expect(errors.contains("no code typed: the request waits; finish it with 'lockout gate confirm'"))
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T08:00:30Z").json()["emergency"] as? String == "codeShown")
        let confirmed = try Self.typingCode(cli, "gate", "confirm", now: "2026-11-23T08:00:40Z")
        #expect(confirmed.status == 0)
        #expect(try cli.run("gate", "status", "--json", now: "2026-11-23T08:00:50Z").json()["reason"] as? String == "emergencyUnlock")
    }
}
