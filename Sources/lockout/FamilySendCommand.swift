import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

extension FamilyVerb {
    /// `lockout family send DEVICE CHANGE…`: the configuration commands, checked like the local ones.
    struct Send: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send a child's device configuration; it applies at once when the device is online, else when it next syncs.",
            discussion: """
            CHANGE is written as the command on the child's device would be, after 'lockout' (the shorter words below
            each are taken too):
            \(ChangeWords.usage)
            """
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The device: its name or id.") var device: String
        @Argument(parsing: .captureForPassthrough, help: "The change (see above).") var change: [String] = []

        func run() throws {
            let (target, command, outcome) = try reportingErrors {
                // The passthrough also caught `--data-dir DIR` that `lockout --data-dir DIR family send …` moved to the end.
                var global = global
                var words = change
                if let index = words.firstIndex(of: "--data-dir"), index + 1 < words.count {
                    global.dataDir = words[index + 1]
                    words.removeSubrange(index...(index + 1))
                } else if let index = words.firstIndex(where: { $0.hasPrefix("--data-dir=") }) {
                    global.dataDir = String(words[index].dropFirst("--data-dir=".count))
                    words.remove(at: index)
                }
                let context = try global.context()
                let today = LocalDate(context.clock.now(), in: context.calendar)
                let change = try ChangeWords.parse(words, today: today)
                return try context.family().send(change, to: device)
            }
            print("Sent to \(target.deviceName): \(command.change.summary).")
            switch outcome {
            case .synced: print("It applies when \(target.deviceName) syncs: 'lockout family commands' shows when it did.")
            case .waiting(let reason, _): print("It waits to be sent: \(reason).")
            case .refused(let reason): print("The server refused: \(reason).")
            case .notMember: break
            }
        }
    }
}

/// The words after a parent's rewards spelling, as `lockout rewards …` on the child's device reads them.
enum RewardsWords {
    static func program(_ rest: [String]) throws -> RewardsCommand {
        let parsed = try read(ProgramWords.self, rest, "rewards program set NAME learning|reward|none [--rate N]")
        guard let category = ProgramCategory(rawValue: parsed.category) else {
            throw CLIUsageError("unknown category '\(parsed.category)': use learning, reward or none")
        }
        if parsed.rate != nil, category != .learning { throw CLIUsageError("--rate is for learning programs only") }
        return .setProgram(parsed.name, category: category, rate: parsed.rate)
    }

    static func cap(_ rest: [String]) throws -> RewardsCommand {
        guard rest.count == 1, let cap = Int(rest[0]) else { throw CLIUsageError("give: rewards cap POINTS, like 600") }
        return .setCap(cap)
    }

    static func mode(_ rest: [String]) throws -> RewardsCommand {
        guard rest.count == 1, let mode = EarningMode(text: rest[0]) else {
            throw CLIUsageError("give: rewards mode points, or a ratio of learning to reward minutes like 30:30, 60:60, 60:30, 60:20, 60:15")
        }
        return .setMode(mode)
    }

    /// `rewards quest set [--minutes N] …` (`minutesOption`) or the short `rewards quest MINUTES …`.
    static func quest(_ rest: [String], minutesOption: Bool) throws -> RewardsCommand {
        if minutesOption {
            let parsed = try read(QuestSetWords.self, rest, "rewards quest set [--template ID] [--minutes N] [--title TEXT] [--counting combined|per-program] [--program NAME] [--reward-minutes N | --bonus-points N]")
            return .setQuest(try parsed.options.quest(minutes: parsed.minutes))
        }
        let parsed = try read(QuestWords.self, rest, "rewards quest MINUTES [--template ID] [--counting combined|per-program] [--program NAME] [--reward-minutes N | --bonus-points N] [--title TEXT]")
        return .setQuest(try parsed.options.quest(minutes: parsed.minutes))
    }

    static func adjust(_ rest: [String], grant: Bool) throws -> RewardsCommand {
        let verb = grant ? "grant" : "remove"
        let parsed = try read(AdjustWords.self, rest, "rewards \(verb) POINTS --reason TEXT")
        guard parsed.points > 0 else { throw CLIUsageError("give a positive number of points to \(verb)") }
        return .adjust(points: grant ? parsed.points : -parsed.points, reason: parsed.reason)
    }

    private static func read<Words: ParsableArguments>(_ type: Words.Type, _ words: [String], _ usage: String) throws -> Words {
        do {
            return try Words.parse(words)
        } catch {
            throw CLIUsageError("give: \(usage)")
        }
    }

    private struct ProgramWords: ParsableArguments {
        @Argument var name: String
        @Argument var category: String
        @Option var rate: Int?
    }

    private struct AdjustWords: ParsableArguments {
        @Argument var points: Int
        @Option var reason: String
    }

    /// The short form: the minutes first.
    private struct QuestWords: ParsableArguments {
        @Argument var minutes: Int?
        @OptionGroup var options: QuestOptions
    }

    /// The local form: `--minutes N`.
    private struct QuestSetWords: ParsableArguments {
        @Option var minutes: Int?
        @OptionGroup var options: QuestOptions
    }

    private struct QuestOptions: ParsableArguments {
        @Option var template: String?
        @Option var title: String?
        @Option var counting: String?
        @Option(name: .customLong("program")) var programs: [String] = []
        @Option(name: .customLong("reward-minutes")) var rewardMinutes: Int?
        @Option(name: .customLong("bonus-points")) var bonusPoints: Int?

        func quest(minutes: Int?) throws -> DailyQuest {
            try DailyQuest.composed(
                template: template, title: title, minutes: minutes, counting: counting, programs: programs,
                rewardMinutes: rewardMinutes, bonusPoints: bonusPoints
            )
        }
    }
}
