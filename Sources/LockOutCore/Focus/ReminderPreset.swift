import Foundation

/// When a task's reminder fires, relative to its due date or at an exact moment.
public enum ReminderPreset: Codable, Hashable, Sendable {
    /// One hour before the due time, but not earlier than 00:00 of the due day.
    case hourBefore
    /// 09:00 on the due day.
    case morningOf
    /// 18:00 on the day before the due day.
    case dayBefore
    /// At this moment, whether or not the task has a due date.
    case exact(Date)

    /// The names the command line accepts, in the order help shows them.
    public static let presetNames = ["1h-before", "morning-of", "day-before"]

    /// How long after asking `on` fires for a task without a due date.
    public static let undatedLead: TimeInterval = 3600

    /// What a person gets when they turn a reminder on without choosing: 1 hour before when the task
    /// is due at a time, 09:00 on the due day when it is due on a day, and one hour after `now` when it
    /// has no due date (there is nothing to count back from, so `on` counts from now).
    public static func `default`(for due: TaskDue?, now: Date) -> ReminderPreset {
        guard let due else { return .exact(now.addingTimeInterval(undatedLead)) }
        return due.time == nil ? .morningOf : .hourBefore
    }

    /// Whether the preset counts from the due date, so a task without one cannot use it.
    public var needsDueDate: Bool {
        switch self {
        case .hourBefore, .morningOf, .dayBefore: true
        case .exact: false
        }
    }

    /// The command-line name, like `1h-before`; `exact` for an exact moment.
    public var name: String {
        switch self {
        case .hourBefore: "1h-before"
        case .morningOf: "morning-of"
        case .dayBefore: "day-before"
        case .exact: "exact"
        }
    }

    /// The name, with an exact moment written `YYYY-MM-DD HH:MM` in `calendar`'s time zone.
    public func text(in calendar: Calendar) -> String {
        switch self {
        case .hourBefore, .morningOf, .dayBefore:
            return name
        case .exact(let date):
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            let time = TaskDue.TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
            return "\(LocalDate(date, in: calendar)) \(time?.description ?? "00:00")"
        }
    }
}
