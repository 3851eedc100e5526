import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// The words of one change `lockout family send DEVICE` takes: the words of a command after `lockout`, what
/// follows them, and how that becomes a change.
struct ChangeSpelling: Sendable {
    /// The fixed words, like `schedule set`.
    let words: [String]
    /// What follows them, for the usage: `KIND [--every DURATION] …`.
    let arguments: String
    /// Reads what follows the words.
    let read: @Sendable ([String], LocalDate) throws -> ConfigurationChange

    /// The whole spelling, as the usage and the docs write it.
    var text: String { (words + [arguments]).filter { !$0.isEmpty }.joined(separator: " ") }
}

/// One change a parent can send: spelled exactly as the local command on the child's device is, and also in
/// the shorter words `family send` took before.
struct ChangeForm: Sendable {
    /// The local command's words after `lockout`.
    let local: ChangeSpelling
    /// The shorter words; nil when the local ones are already short.
    let short: ChangeSpelling?
}

/// Every change a parent can send, in one list: the parser, `family send --help` and the table in
/// docs/family.md are all made from it.
enum ChangeWords {
    static let forms: [ChangeForm] = [
        ChangeForm(
            local: ChangeSpelling(words: ["schedule", "set"], arguments: "KIND [--every DURATION] [--for DURATION] [--enabled true|false]", read: { rest, _ in try schedule(rest) }),
            short: ChangeSpelling(words: ["schedule"], arguments: "KIND [--every DURATION] [--for DURATION] [--enabled true|false]", read: { rest, _ in try schedule(rest) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["schedule", "hours"], arguments: "mon-fri 09:00-17:00 [sat 10:00-14:00 …] | off", read: { rest, _ in .workingHours(try WorkingHoursParser.parse(rest)) }),
            short: ChangeSpelling(words: ["hours"], arguments: "mon-fri 09:00-17:00 [sat 10:00-14:00 …] | off", read: { rest, _ in .workingHours(try WorkingHoursParser.parse(rest)) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["settings", "set", "snooze"], arguments: "DURATION", read: { rest, _ in try snooze(rest) }),
            short: ChangeSpelling(words: ["snooze"], arguments: "DURATION", read: { rest, _ in try snooze(rest) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["settings", "set", "retention"], arguments: "DAYS", read: { rest, _ in try retention(rest) }),
            short: ChangeSpelling(words: ["retention"], arguments: "DAYS", read: { rest, _ in try retention(rest) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["focus", "settings", "set"], arguments: "focus|short-break|long-break|cycles|timer VALUE", read: { rest, _ in try focus(rest) }),
            short: ChangeSpelling(words: ["focus"], arguments: "focus|short-break|long-break|cycles|timer VALUE", read: { rest, _ in try focus(rest) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["focus", "settings", "set", "hold-breaks"], arguments: "on|off", read: { rest, _ in try holdBreaks(rest) }),
            short: ChangeSpelling(words: ["hold-breaks"], arguments: "on|off", read: { rest, _ in try holdBreaks(rest) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["gate", "goal", "set"], arguments: "steps|energy|exercise|unlock-time VALUE [--days DAYS]", read: goalSet),
            short: ChangeSpelling(words: ["goal", "set"], arguments: "steps|energy|exercise|unlock-time VALUE [--days DAYS]", read: goalSet)
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["gate", "goal", "enable"], arguments: "KIND", read: { rest, _ in try goalToggle(rest, true) }),
            short: ChangeSpelling(words: ["goal", "enable"], arguments: "KIND", read: { rest, _ in try goalToggle(rest, true) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["gate", "goal", "disable"], arguments: "KIND", read: { rest, _ in try goalToggle(rest, false) }),
            short: ChangeSpelling(words: ["goal", "disable"], arguments: "KIND", read: { rest, _ in try goalToggle(rest, false) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["gate", "block", "add"], arguments: "APP [--desktop-id ID]", read: { rest, _ in try blockAdd(rest) }),
            short: ChangeSpelling(words: ["block", "add"], arguments: "APP [--desktop-id ID]", read: { rest, _ in try blockAdd(rest) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["gate", "block", "remove"], arguments: "APP", read: { rest, _ in .blockRemove(executable: try one(rest, "gate block remove APP")) }),
            short: ChangeSpelling(words: ["block", "remove"], arguments: "APP", read: { rest, _ in .blockRemove(executable: try one(rest, "block remove APP")) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["rewards", "program", "set"], arguments: "NAME learning|reward|none [--rate N]", read: { rest, _ in try rewards(RewardsWords.program(rest)) }),
            short: ChangeSpelling(words: ["rewards", "program"], arguments: "NAME learning|reward|none [--rate N]", read: { rest, _ in try rewards(RewardsWords.program(rest)) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["rewards", "cap"], arguments: "POINTS", read: { rest, _ in try rewards(RewardsWords.cap(rest)) }),
            short: nil
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["rewards", "mode"], arguments: "points|30:30|60:60|60:30|60:20|60:15", read: { rest, _ in try rewards(RewardsWords.mode(rest)) }),
            short: nil
        ),
        ChangeForm(
            local: ChangeSpelling(
                words: ["rewards", "quest", "set"],
                arguments: "[--template ID] [--minutes N] [--title TEXT] [--counting combined|per-program] [--program NAME…] [--reward-minutes N | --bonus-points N]",
                read: { rest, _ in try rewards(RewardsWords.quest(rest, minutesOption: true)) }
            ),
            short: ChangeSpelling(
                words: ["rewards", "quest"],
                arguments: "MINUTES [--template ID] [--title TEXT] [--counting …] [--program NAME…] [--reward-minutes N | --bonus-points N]",
                read: { rest, _ in try rewards(RewardsWords.quest(rest, minutesOption: false)) }
            )
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["rewards", "quest", "clear"], arguments: "", read: { rest, _ in try nothing(rest, .rewards(.setQuest(nil))) }),
            short: ChangeSpelling(words: ["rewards", "quest", "off"], arguments: "", read: { rest, _ in try nothing(rest, .rewards(.setQuest(nil))) })
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["rewards", "grant"], arguments: "POINTS --reason TEXT", read: { rest, _ in try rewards(RewardsWords.adjust(rest, grant: true)) }),
            short: nil
        ),
        ChangeForm(
            local: ChangeSpelling(words: ["rewards", "remove"], arguments: "POINTS --reason TEXT", read: { rest, _ in try rewards(RewardsWords.adjust(rest, grant: false)) }),
            short: nil
        ),
    ]

    /// Every spelling, longest words first, so `schedule set eye` is the local form and `schedule eye` the short one.
    private static let spellings: [ChangeSpelling] = {
        var all: [ChangeSpelling] = []
        for form in forms {
            all.append(form.local)
            if let short = form.short { all.append(short) }
        }
        // A stable sort: among spellings of one length, the list's order.
        let longest = all.map(\.words.count).max() ?? 0
        return stride(from: longest, through: 1, by: -1).flatMap { length in all.filter { $0.words.count == length } }
    }()

    /// The spelling whose words start `words`: the longest one.
    static func spelling(of words: [String]) -> ChangeSpelling? {
        spellings.first { words.starts(with: $0.words) }
    }

    /// The change `words` spell, checked with the local command's checks.
    static func parse(_ words: [String], today: LocalDate) throws -> ConfigurationChange {
        guard let first = words.first else {
            throw CLIUsageError("give a change, like: schedule set eye --every 25m (see 'lockout family send --help')")
        }
        if let spelling = spelling(of: words) {
            return try spelling.read(Array(words.dropFirst(spelling.words.count)), today)
        }
        let near = spellings.filter { $0.words.first == first }.map(\.text)
        guard near.isEmpty else { throw CLIUsageError("give: \(near.joined(separator: " · "))") }
        let verbs = forms.map { $0.local.words.prefix(2).joined(separator: " ") }
        throw CLIUsageError("unknown change '\(first)': use \(unique(verbs).joined(separator: ", ")) (see 'lockout family send --help')")
    }

    /// The lines of `family send --help`: each local form, with its short form beneath.
    static var usage: String {
        forms.map { form in
            "  \(form.local.text)" + (form.short.map { "\n      or: \($0.text)" } ?? "")
        }.joined(separator: "\n")
    }

    /// The table of docs/family.md.
    static var markdownTable: String {
        let header = "| change (the words of the local command after `lockout`) | also taken |\n|---|---|"
        let rows = forms.map { form in
            "| `\(escaped(form.local.text))` | " + (form.short.map { "`\(escaped($0.text))`" } ?? "—") + " |"
        }
        return ([header] + rows).joined(separator: "\n")
    }

    private static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }

    // MARK: - Reading the words after a spelling

    private static func schedule(_ rest: [String]) throws -> ConfigurationChange {
        let parsed = try ScheduleWords.read(rest)
        let kind = try BreakKind(parsing: parsed.kind)
        let interval = try parsed.every.map { try DurationParser.wholeMinutes($0) }
        let seconds = try parsed.duration.map { try DurationParser.seconds($0) }
        let toggle = try parsed.enabled.map(parseBool)
        guard interval != nil || seconds != nil || toggle != nil else {
            throw CLIUsageError("nothing to change: give --every, --for or --enabled")
        }
        return .breakKind(kind, intervalMinutes: interval, durationSeconds: seconds, enabled: toggle)
    }

    private static func snooze(_ rest: [String]) throws -> ConfigurationChange {
        .snooze(minutes: try DurationParser.wholeMinutes(try one(rest, "snooze DURATION, like 5m")))
    }

    private static func retention(_ rest: [String]) throws -> ConfigurationChange {
        guard let days = Int(try one(rest, "retention DAYS")) else { throw CLIUsageError("retention must be a whole number of days, 7...3650") }
        return .retention(days: days)
    }

    /// A focus setting as `lockout focus settings set` reads it (minutes like 25 or 25m, cycles as a number).
    private static func focus(_ rest: [String]) throws -> ConfigurationChange {
        guard rest.count == 2 else {
            throw CLIUsageError("give: focus settings set focus|short-break|long-break|cycles|timer VALUE, or hold-breaks on|off")
        }
        switch try FocusSettingsVerb.Set.command(name: rest[0], value: rest[1]) {
        case .set(let setting, let value): return .focus(setting, value: value)
        case .holdBreaksDuringFocus(let hold): return .holdBreaksDuringFocus(hold)
        default: throw CLIUsageError("give: focus settings set focus|short-break|long-break|cycles|timer VALUE")
        }
    }

    private static func holdBreaks(_ rest: [String]) throws -> ConfigurationChange {
        let text = try one(rest, "hold-breaks on|off")
        guard let hold = try? parseBool(text) else { throw CLIUsageError("hold-breaks must be on or off, not '\(text)'") }
        return .holdBreaksDuringFocus(hold)
    }

    private static func goalSet(_ words: [String], today: LocalDate) throws -> ConfigurationChange {
        guard let first = words.first else { throw CLIUsageError("give: gate goal set KIND VALUE [--days DAYS]") }
        let kind = try GateGoalKind(parsing: first)
        var rest = Array(words.dropFirst())
        var schedule: GoalSchedule?
        if let index = rest.firstIndex(of: "--days") {
            guard index + 1 < rest.count else { throw CLIUsageError("--days needs a value, like weekdays") }
            schedule = try GoalSchedule(parsing: rest[index + 1], today: today)
            rest.removeSubrange(index...(index + 1))
        }
        guard rest.count == 1 else { throw CLIUsageError("give one \(kind.rawValue) target, like: gate goal set \(kind.rawValue) \(GateText.example(kind))") }
        return .gateGoal(kind, target: try kind.target(parsing: rest[0]), schedule: schedule)
    }

    private static func goalToggle(_ rest: [String], _ enabled: Bool) throws -> ConfigurationChange {
        .gateGoalEnabled(try GateGoalKind(parsing: try one(rest, "gate goal \(enabled ? "enable" : "disable") KIND")), enabled)
    }

    private static func blockAdd(_ rest: [String]) throws -> ConfigurationChange {
        var desktopID: String?
        if rest.count == 3, rest[1] == "--desktop-id" {
            desktopID = rest[2]
        } else if rest.count == 2, rest[1].hasPrefix("--desktop-id=") {
            desktopID = String(rest[1].dropFirst("--desktop-id=".count))
        } else if rest.count != 1 {
            throw CLIUsageError("give: gate block add APP [--desktop-id ID]")
        }
        return .blockAdd(BlockedApp(executable: rest[0], desktopID: desktopID))
    }

    private static func rewards(_ command: RewardsCommand) throws -> ConfigurationChange {
        let change = ConfigurationChange.rewards(command)
        try change.validate()
        return change
    }

    private static func nothing(_ rest: [String], _ change: ConfigurationChange) throws -> ConfigurationChange {
        guard rest.isEmpty else { throw CLIUsageError("nothing may follow: '\(rest.joined(separator: " "))'") }
        return change
    }

    private static func one(_ words: [String], _ usage: String) throws -> String {
        guard words.count == 1 else { throw CLIUsageError("give: \(usage)") }
        return words[0]
    }
}

/// `schedule set KIND [--every D] [--for D] [--enabled B]` as words.
private struct ScheduleWords: ParsableArguments {
    @Argument var kind: String
    @Option var every: String?
    @Option(name: .customLong("for")) var duration: String?
    @Option var enabled: String?

    static func read(_ words: [String]) throws -> ScheduleWords {
        do {
            return try parse(words)
        } catch {
            throw CLIUsageError("give: schedule set KIND [--every DURATION] [--for DURATION] [--enabled true|false]")
        }
    }
}
