import Foundation

/// The reminder menu a task row offers (seed 001's bell): none, the default, the presets, and a moment the
/// person picks.
extension ReminderChoice {
    /// The choices the menu lists, in order; an exact moment is picked with a date instead.
    public static let menu: [ReminderChoice] = [
        .off, .standard, .preset(.hourBefore), .preset(.morningOf), .preset(.dayBefore),
    ]

    /// The choice's title in the menu: `None`, `Default`, `1 hour before`, `09:00 on the day`,
    /// `18:00 the day before`, `At a chosen time`.
    public var title: String {
        switch self {
        case .off: "None"
        case .standard: "Default"
        case .preset(let preset): preset.title
        }
    }
}

extension ReminderPreset {
    /// The preset's title in a menu, with the hours the planner fires at.
    public var title: String {
        switch self {
        case .hourBefore: "1 hour before"
        case .morningOf: "\(Self.clock(ReminderPlanner.morningHour)) on the day"
        case .dayBefore: "\(Self.clock(ReminderPlanner.eveningHour)) the day before"
        case .exact: "At a chosen time"
        }
    }

    private static func clock(_ hour: Int) -> String {
        TaskDue.TimeOfDay(hour: hour, minute: 0)?.description ?? "\(hour):00"
    }
}

extension TaskDue {
    /// The due date a date picker chose: `date`'s local day in `calendar`, with its hour and minute when
    /// `includesTime` (seconds dropped).
    public init(_ date: Date, includesTime: Bool, in calendar: Calendar) {
        let day = LocalDate(date, in: calendar)
        guard includesTime else {
            self.init(day: day)
            return
        }
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        self.init(day: day, time: TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0))
    }
}
