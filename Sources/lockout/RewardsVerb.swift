import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout rewards status|programs|program|redeem|history|quest|badges|cap|mode|grant|remove|pin`: learning earns points, points buy reward time.
struct RewardsVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rewards",
        abstract: "Learning time earns points; points buy time in reward programs.",
        discussion: """
        A parent marks programs as learning or reward. The running agent ('lockout run') measures how long a \
        learning program is really used (idle past 3 minutes does not count) and closes reward programs unless \
        reward time is open. Settings need the parent PIN (--pin, or typed when asked); redeeming does not.
        """,
        subcommands: [
            Status.self, Programs.self, ProgramVerb.self, Redeem.self, History.self, QuestVerb.self, BadgesCommand.self,
            Cap.self, Mode.self, Grant.self, Remove.self, PINVerb.self,
        ],
        defaultSubcommand: Status.self
    )

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Balance, today's points and cap, reward time left, the quest, streak, level and how usage is measured."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let screen = try reportingErrors { try global.context().rewardsControl().screen() }
            if json { try printJSON(screen) } else { print(TextRendering.rewards(screen)) }
        }
    }

    struct Programs: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The marked programs: category, rate, today's minutes and points, balance.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let screen = try reportingErrors { try global.context().rewardsControl().screen() }
            if json { try printJSON(screen.programs) } else { print(TextRendering.rewardPrograms(screen)) }
        }
    }

    struct ProgramVerb: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "program", abstract: "Mark a program.", subcommands: [Set.self])

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Mark NAME (its executable) as learning, reward or none (none removes the mark).",
                discussion: "A learning program earns --rate points a minute (default 10). A reward program is closed unless reward time is open."
            )
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The program's executable name, like gcompris.") var name: String
            @Argument(help: "learning, reward or none.") var category: String
            @Option(help: "Points a minute for a learning program (1-100).") var rate: Int?
            @OptionGroup var pin: PINOption

            func run() throws {
                let screen = try reportingErrors {
                    guard let category = ProgramCategory(rawValue: category) else {
                        throw ValidationError("unknown category '\(category)': use learning, reward or none")
                    }
                    if rate != nil, category != .learning { throw ValidationError("--rate is for learning programs only") }
                    return try global.context().rewardsControl().perform(.setProgram(name, category: category, rate: rate), pin: pin.read())
                }
                print(TextRendering.rewardPrograms(screen))
            }
        }
    }

    struct Redeem: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Spend POINTS on reward time: 10 points a minute, 30 to 600 at once, at most 120 minutes open."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The points to spend, like 60.") var points: Int
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let screen = try reportingErrors { try global.context().rewardsControl().perform(.redeem(points: points), pin: nil) }
            if json { try printJSON(screen) } else { print("Reward time: \(screen.rewardTimeText) left. Balance: \(screen.balance) points.") }
        }
    }

    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The points ledger (newest first) and the usage sessions of the last days.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "How many days back, today included (1-365).") var days = 7
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let history = try reportingErrors {
                guard (1...365).contains(days) else { throw ValidationError("--days \(days) is out of range: use 1...365") }
                return try global.context().rewardsControl().history(days: days)
            }
            if json { try printJSON(history) } else { print(TextRendering.rewardsHistory(history, calendar: .current)) }
        }
    }

    struct BadgesCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "badges", abstract: "Every badge: unlocked ones first, then the locked ones with progress.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let screen = try reportingErrors { try global.context().rewardsControl().screen() }
            if json { try printJSON(screen.badges) } else { print(TextRendering.badges(screen.badges)) }
        }
    }

    struct Cap: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "At most POINTS points a day from each learning program (10-10000; default 600).")
        @OptionGroup var global: GlobalOptions
        @Argument var points: Int
        @OptionGroup var pin: PINOption

        func run() throws {
            let screen = try reportingErrors { try global.context().rewardsControl().perform(.setCap(points), pin: pin.read()) }
            print("Daily cap: \(screen.dailyCap) points a program.")
        }
    }

    struct Mode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "How learning earns: 'points' (each program's rate) or a ratio of minutes like 30:30, 60:60, 60:30, 60:20, 60:15."
        )
        @OptionGroup var global: GlobalOptions
        @Argument var mode: String
        @OptionGroup var pin: PINOption

        func run() throws {
            let screen = try reportingErrors {
                guard let mode = EarningMode(text: mode) else {
                    throw ValidationError("unknown mode '\(mode)': use points or a ratio like 30:30 (learning:reward minutes)")
                }
                return try global.context().rewardsControl().perform(.setMode(mode), pin: pin.read())
            }
            print("Earning: \(TextRendering.earning(screen.mode)).")
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Grant POINTS points (1-10000), with a reason the child reads.")
        @OptionGroup var change: PointsChange

        func run() throws { try change.run(sign: 1) }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove POINTS points (1-10000, never below zero), with a reason the child reads.")
        @OptionGroup var change: PointsChange

        func run() throws { try change.run(sign: -1) }
    }
}

/// What `rewards grant` and `rewards remove` take: a parent's adjustment with its reason, behind the PIN.
struct PointsChange: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Points, like 50.") var points: Int
    @Option(help: "Why, like \"tidied the room\".") var reason: String
    @OptionGroup var pin: PINOption

    func run(sign: Int) throws {
        let screen = try reportingErrors {
            try global.context().rewardsControl().perform(.adjust(points: sign * points, reason: reason), pin: pin.read())
        }
        print("Balance: \(screen.balance) points.")
    }
}

/// The parent PIN: `--pin`, or typed on the terminal (not echoed) when left out.
struct PINOption: ParsableArguments {
    @Option(help: "The parent PIN (left out: typed when asked, not shown).") var pin: String?

    func read(prompt: String = "Parent PIN: ") throws -> String? {
        if let pin { return pin }
        return PINPrompt.read(prompt)
    }
}

enum PINPrompt {
    /// Reads a line from standard input, with echo off on a terminal; nil at end of input.
    static func read(_ prompt: String) -> String? {
        let terminal = isatty(STDIN_FILENO) == 1
        var saved = termios()
        if terminal {
            FileHandle.standardError.write(Data(prompt.utf8))
            tcgetattr(STDIN_FILENO, &saved)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        defer {
            if terminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                FileHandle.standardError.write(Data("\n".utf8))
            }
        }
        return readLine(strippingNewline: true)
    }
}

extension RewardsVerb {
    struct PINVerb: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin", abstract: "The parent PIN that guards rewards settings: 4 digits, not a run or one digit.",
            subcommands: [Set.self, Change.self]
        )

        struct Set: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Set the parent PIN the first time.")
            @OptionGroup var global: GlobalOptions
            @OptionGroup var pin: PINOption

            func run() throws {
                try reportingErrors {
                    guard let new = try pin.read(prompt: "New parent PIN: ") else { throw ValidationError("no PIN given") }
                    _ = try global.context().rewardsControl().setPIN(new, old: nil)
                }
                print("Parent PIN set.")
            }
        }

        struct Change: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Change the parent PIN: the old one, then the new one.")
            @OptionGroup var global: GlobalOptions
            @Option(help: "The PIN now (left out: typed when asked).") var old: String?
            @Option(name: .customLong("new"), help: "The new PIN (left out: typed when asked).") var new: String?

            func run() throws {
                try reportingErrors {
                    guard let old = old ?? PINPrompt.read("Parent PIN now: "), let new = new ?? PINPrompt.read("New parent PIN: ") else {
                        throw ValidationError("no PIN given")
                    }
                    _ = try global.context().rewardsControl().setPIN(new, old: old)
                }
                print("Parent PIN changed.")
            }
        }
    }

    struct QuestVerb: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "quest", abstract: "The daily quest: a target of learning minutes that grants reward time or points.",
            subcommands: [QuestStatus.self, QuestSet.self, QuestClear.self, Templates.self], defaultSubcommand: QuestStatus.self
        )

        struct QuestStatus: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "status", abstract: "Today's quest and its progress.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let screen = try reportingErrors { try global.context().rewardsControl().screen() }
                if json { try printJSON(screen.quest) } else { print(TextRendering.quest(screen)) }
            }
        }

        struct QuestSet: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "set", abstract: "Set the daily quest, from a template or from scratch.",
                discussion: "Templates: \(QuestTemplate.all.map { "\($0.id) (\($0.quest.targetMinutes) min, \($0.quest.reward.text))" }.joined(separator: ", "))."
            )
            @OptionGroup var global: GlobalOptions
            @Option(help: "Start from this template.") var template: String?
            @Option(help: "The quest's name.") var title: String?
            @Option(help: "Learning minutes to reach (1-480).") var minutes: Int?
            @Option(help: "combined (all counted programs together) or per-program (one program must reach it).") var counting: String?
            @Option(name: .customLong("program"), help: "Count only this learning program (repeat for more).") var programs: [String] = []
            @Option(help: "Grant this many minutes of reward time (1-120; default 30).") var rewardMinutes: Int?
            @Option(help: "Grant this many points instead.") var bonusPoints: Int?
            @OptionGroup var pin: PINOption

            func run() throws {
                let screen = try reportingErrors {
                    let quest = try buildQuest()
                    return try global.context().rewardsControl().perform(.setQuest(quest), pin: pin.read())
                }
                print(TextRendering.quest(screen))
            }

            func buildQuest() throws -> DailyQuest {
                try DailyQuest.composed(
                    template: template, title: title, minutes: minutes, counting: counting, programs: programs,
                    rewardMinutes: rewardMinutes, bonusPoints: bonusPoints
                )
            }
        }

        struct QuestClear: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the daily quest.")
            @OptionGroup var global: GlobalOptions
            @OptionGroup var pin: PINOption

            func run() throws {
                _ = try reportingErrors { try global.context().rewardsControl().perform(.setQuest(nil), pin: pin.read()) }
                print("No daily quest.")
            }
        }

        struct Templates: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "The quest templates a parent can start from.")

            func run() throws {
                for template in QuestTemplate.all {
                    print("\(template.id): \(template.quest.title), \(template.quest.targetMinutes) min \(template.quest.counting.rawValue), \(template.quest.reward.text)")
                }
            }
        }
    }
}
