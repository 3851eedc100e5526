import Foundation

/// The days a goal applies on.
///
/// A set of days is read the way people say it, whichever way it was typed or stored: all seven days
/// are "every day", Monday to Friday "weekdays", Saturday and Sunday "weekends", any other set a list
/// like "Mon, Wed, Fri"; a today-only goal reads "today (2026-11-23)".
public enum GoalSchedule: Codable, Hashable, Sendable {
    /// Every day of the week.
    case everyDay
    /// Monday to Friday.
    case weekdays
    /// Saturday and Sunday.
    case weekends
    /// The chosen days of the week; never empty once validated.
    case chosen(days: Set<Weekday>)
    /// Only on `day`; after its midnight the goal is disabled and its schedule goes back to every day.
    case todayOnly(day: LocalDate)

    /// The schedule of `days`: every day, weekdays or weekends when the set is one of those, else the chosen days.
    public init(days: Set<Weekday>) {
        switch days {
        case Set(Weekday.allCases): self = .everyDay
        case Set(Weekday.allCases.filter(\.isWorkday)): self = .weekdays
        case Set(Weekday.allCases.filter { !$0.isWorkday }): self = .weekends
        default: self = .chosen(days: days)
        }
    }

    /// The days of the week it applies on; nil for a today-only goal.
    public var weekdays: Set<Weekday>? {
        switch self {
        case .everyDay: Set(Weekday.allCases)
        case .weekdays: Set(Weekday.allCases.filter(\.isWorkday))
        case .weekends: Set(Weekday.allCases.filter { !$0.isWorkday })
        case .chosen(let days): days
        case .todayOnly: nil
        }
    }

    /// Whether the goal applies on `day`, a `weekday`.
    public func includes(_ day: LocalDate, weekday: Weekday) -> Bool {
        switch self {
        case .everyDay: true
        case .weekdays: weekday.isWorkday
        case .weekends: !weekday.isWorkday
        case .chosen(let days): days.contains(weekday)
        case .todayOnly(let only): only == day
        }
    }

    /// The schedule as `--days` takes it: `every`, `weekdays`, `weekends`, `mon,wed`, or `today (2026-11-23)`.
    /// Chosen days that make up one of the named sets use its name, so Monday to Friday is `weekdays`.
    public var text: String {
        switch named {
        case .everyDay: "every"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        case .chosen(let days): Self.ordered(days).map(\.shortName).joined(separator: ",")
        case .todayOnly(let day): "today (\(day))"
        }
    }

    /// The schedule the way people say it: `every day`, `weekdays`, `weekends`, `Mon, Wed, Fri`, `today (2026-11-23)`.
    public var readableText: String {
        switch named {
        case .everyDay: "every day"
        case .weekdays: "weekdays"
        case .weekends: "weekends"
        case .chosen(let days): Self.ordered(days).map(\.displayName).joined(separator: ", ")
        case .todayOnly(let day): "today (\(day))"
        }
    }

    /// Chosen days that make up every day, weekdays or weekends as that named schedule; others as they are.
    public var named: GoalSchedule {
        if case .chosen(let days) = self { GoalSchedule(days: days) } else { self }
    }

    /// Parses `every`, `weekdays`, `weekends`, `today` (meaning `today`) or a list like `mon,wed,fri`, in
    /// any order; a list of all seven days, Monday to Friday, or Saturday and Sunday is that named schedule.
    public init(parsing text: String, today: LocalDate) throws(GateInputError) {
        let cleaned = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch cleaned {
        case "every", "everyday", "every day", "daily": self = .everyDay
        case "weekdays": self = .weekdays
        case "weekends": self = .weekends
        case "today": self = .todayOnly(day: today)
        default:
            var days: Set<Weekday> = []
            for part in cleaned.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let day = Weekday.allCases.first(where: { $0.shortName == name || "\($0)" == name })
                else { throw .unknownDays(text) }
                days.insert(day)
            }
            guard !days.isEmpty else { throw .unknownDays(text) }
            self = GoalSchedule(days: days)
        }
    }

    /// `days` Monday first.
    static func ordered(_ days: Set<Weekday>) -> [Weekday] {
        days.sorted { $0.mondayFirst < $1.mondayFirst }
    }
}

extension Weekday {
    /// The three-letter name people read: `Mon`, `Tue`, ...
    public var displayName: String { shortName.prefix(1).uppercased() + shortName.dropFirst() }
}
