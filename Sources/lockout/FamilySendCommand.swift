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
            CHANGE is one of:
              schedule KIND [--every DURATION] [--for DURATION] [--enabled true|false]
              hours mon-fri 09:00-17:00 [sat 10:00-14:00 …] | hours off
              snooze DURATION · retention DAYS
              focus focus|short-break|long-break|cycles|timer VALUE · hold-breaks on|off
              goal set steps|energy|exercise|unlock-time VALUE [--days every|weekdays|…] · goal enable|disable KIND
              block add APP [--desktop-id ID] · block remove APP
              rewards program NAME learning|reward|none [--rate N] · rewards cap POINTS · rewards mode points|30:30
              rewards quest MINUTES [--template ID] [--counting combined|per-program] [--program NAME…]
                            [--reward-minutes N | --bonus-points N] [--title TEXT] · rewards quest off
              rewards grant POINTS --reason TEXT · rewards remove POINTS --reason TEXT
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

/// Parses the words of a configuration change with the same checks as the local commands.
enum ChangeWords {
    static func parse(_ words: [String], today: LocalDate) throws -> ConfigurationChange {
        guard let verb = words.first else { throw CLIUsageError("give a change, like: schedule eye --every 25m (see 'lockout family send --help')") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "schedule":
            let parsed = try ScheduleWords.read(rest)
            let kind = try BreakKind(parsing: parsed.kind)
            let interval = try parsed.every.map { try DurationParser.wholeMinutes($0) }
            let seconds = try parsed.duration.map { try DurationParser.seconds($0) }
            let toggle = try parsed.enabled.map(parseBool)
            guard interval != nil || seconds != nil || toggle != nil else {
                throw CLIUsageError("nothing to change: give --every, --for or --enabled")
            }
            return .breakKind(kind, intervalMinutes: interval, durationSeconds: seconds, enabled: toggle)
        case "hours":
            return .workingHours(try WorkingHoursParser.parse(rest))
        case "snooze":
            return .snooze(minutes: try DurationParser.wholeMinutes(try one(rest, "snooze DURATION, like 5m")))
        case "retention":
            guard let days = Int(try one(rest, "retention DAYS")) else { throw CLIUsageError("retention must be a whole number of days, 7...3650") }
            return .retention(days: days)
        case "focus":
            guard rest.count == 2, let value = Int(rest[1]) else {
                throw CLIUsageError("give: focus focus|short-break|long-break|cycles|timer VALUE (whole minutes or cycles)")
            }
            return .focus(try FocusSetting(parsing: rest[0]), value: value)
        case "hold-breaks":
            return .holdBreaksDuringFocus(try parseBool(try one(rest, "hold-breaks on|off")))
        case "goal":
            return try goal(rest, today: today)
        case "block":
            guard rest.count >= 2 else { throw CLIUsageError("give: block add APP [--desktop-id ID] or block remove APP") }
            switch rest[0] {
            case "add":
                var desktopID: String?
                if rest.count == 4, rest[2] == "--desktop-id" { desktopID = rest[3] } else if rest.count != 2 {
                    throw CLIUsageError("give: block add APP [--desktop-id ID]")
                }
                return .blockAdd(BlockedApp(executable: rest[1], desktopID: desktopID))
            case "remove":
                return .blockRemove(executable: try one(Array(rest.dropFirst()), "block remove APP"))
            default: throw CLIUsageError("give: block add APP or block remove APP")
            }
        case "rewards":
            let change = ConfigurationChange.rewards(try RewardsWords.parse(rest))
            try change.validate()
            return change
        default:
            throw CLIUsageError("unknown change '\(verb)': use schedule, hours, snooze, retention, focus, hold-breaks, goal, block or rewards")
        }
    }

    private static func goal(_ words: [String], today: LocalDate) throws -> ConfigurationChange {
        guard let action = words.first, words.count >= 2 else {
            throw CLIUsageError("give: goal set KIND VALUE [--days DAYS], goal enable KIND or goal disable KIND")
        }
        let kind = try GateGoalKind(parsing: words[1])
        switch action {
        case "set":
            var rest = Array(words.dropFirst(2))
            var schedule: GoalSchedule?
            if let index = rest.firstIndex(of: "--days") {
                guard index + 1 < rest.count else { throw CLIUsageError("--days needs a value, like weekdays") }
                let text = rest[index + 1]
                schedule = try GoalSchedule(parsing: text, today: today)
                rest.removeSubrange(index...(index + 1))
            }
            guard rest.count == 1 else { throw CLIUsageError("give one \(kind.rawValue) target, like: goal set \(kind.rawValue) \(GateText.example(kind))") }
            return .gateGoal(kind, target: try kind.target(parsing: rest[0]), schedule: schedule)
        case "enable": return .gateGoalEnabled(kind, true)
        case "disable": return .gateGoalEnabled(kind, false)
        default: throw CLIUsageError("give: goal set, goal enable or goal disable")
        }
    }

    private static func one(_ words: [String], _ usage: String) throws -> String {
        guard words.count == 1 else { throw CLIUsageError("give: \(usage)") }
        return words[0]
    }
}

/// `schedule KIND [--every D] [--for D] [--enabled B]` as words.
private struct ScheduleWords: ParsableArguments {
    @Argument var kind: String
    @Option var every: String?
    @Option(name: .customLong("for")) var duration: String?
    @Option var enabled: String?

    static func read(_ words: [String]) throws -> ScheduleWords {
        do {
            return try parse(words)
        } catch {
            throw CLIUsageError("give: schedule KIND [--every DURATION] [--for DURATION] [--enabled true|false]")
        }
    }
}

/// `rewards …` as words: a parent's rewards command for a child's device.
enum RewardsWords {
    static let usage = "rewards program NAME learning|reward|none [--rate N], rewards cap POINTS, rewards mode points|60:30, rewards quest MINUTES [options] | off, rewards grant|remove POINTS --reason TEXT"

    static func parse(_ words: [String]) throws -> RewardsCommand {
        guard let verb = words.first else { throw CLIUsageError("give: \(usage)") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "program":
            let parsed = try read(ProgramWords.self, rest, "rewards program NAME learning|reward|none [--rate N]")
            guard let category = ProgramCategory(rawValue: parsed.category) else {
                throw CLIUsageError("unknown category '\(parsed.category)': use learning, reward or none")
            }
            if parsed.rate != nil, category != .learning { throw CLIUsageError("--rate is for learning programs only") }
            return .setProgram(parsed.name, category: category, rate: parsed.rate)
        case "cap":
            guard rest.count == 1, let cap = Int(rest[0]) else { throw CLIUsageError("give: rewards cap POINTS, like 600") }
            return .setCap(cap)
        case "mode":
            guard rest.count == 1, let mode = EarningMode(text: rest[0]) else {
                throw CLIUsageError("give: rewards mode points, or a ratio of learning to reward minutes like 30:30, 60:60, 60:30, 60:20, 60:15")
            }
            return .setMode(mode)
        case "quest":
            if rest == ["off"] { return .setQuest(nil) }
            let parsed = try read(QuestWords.self, rest, "rewards quest MINUTES [--template ID] [--counting combined|per-program] [--program NAME] [--reward-minutes N | --bonus-points N] [--title TEXT]")
            return .setQuest(try parsed.quest())
        case "grant", "remove":
            let parsed = try read(AdjustWords.self, rest, "rewards \(verb) POINTS --reason TEXT")
            guard parsed.points > 0 else { throw CLIUsageError("give a positive number of points to \(verb)") }
            return .adjust(points: verb == "grant" ? parsed.points : -parsed.points, reason: parsed.reason)
        default:
            throw CLIUsageError("unknown rewards change '\(verb)': use \(usage)")
        }
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

    private struct QuestWords: ParsableArguments {
        @Argument var minutes: Int?
        @Option var template: String?
        @Option var title: String?
        @Option var counting: String?
        @Option(name: .customLong("program")) var programs: [String] = []
        @Option(name: .customLong("reward-minutes")) var rewardMinutes: Int?
        @Option(name: .customLong("bonus-points")) var bonusPoints: Int?

        func quest() throws -> DailyQuest {
            try DailyQuest.composed(
                template: template, title: title, minutes: minutes, counting: counting, programs: programs,
                rewardMinutes: rewardMinutes, bonusPoints: bonusPoints
            )
        }
    }
}
