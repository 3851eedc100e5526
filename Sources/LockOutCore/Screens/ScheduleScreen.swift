import Foundation

/// A number the person sets with a stepper, with the range it may take.
public struct StepperField: Codable, Equatable, Sendable {
    /// What the row is called, like "Interval".
    public let title: String
    public let value: Int
    public let minimum: Int
    public let maximum: Int
    /// The unit shown after the value, like "min".
    public let unit: String

    /// Creates a stepper whose value may lie within `range`.
    public init(title: String, value: Int, range: ClosedRange<Int>, unit: String) {
        self.title = title
        self.value = value
        self.minimum = range.lowerBound
        self.maximum = range.upperBound
        self.unit = unit
    }

    /// The values the stepper allows.
    public var range: ClosedRange<Int> { minimum...maximum }
}

/// What the Schedule screen shows: one section per break kind, and the working hours.
public struct ScheduleScreen: Codable, Equatable, Sendable {
    /// One kind's switch, interval and duration.
    public struct Section: Codable, Equatable, Sendable {
        public let kind: BreakKind
        /// The header, like "Eye Break".
        public let title: String
        public let enabled: Bool
        /// Minutes between breaks.
        public let interval: StepperField
        /// Seconds a break lasts.
        public let duration: StepperField
    }

    /// One weekday of the working-hours schedule.
    public struct WorkingHoursRow: Codable, Equatable, Sendable {
        /// As `Calendar` numbers weekdays: 1 is Sunday, 7 is Saturday.
        public let weekday: Int
        /// The weekday's English name, like "Monday".
        public let name: String
        /// The window, like "09:00–17:00".
        public let hours: String
    }

    /// One weekday as the working-hours form shows it: whether it has a window, and the window's ends.
    public struct WeekdayRow: Codable, Equatable, Sendable {
        /// As `Calendar` numbers weekdays: 1 is Sunday, 7 is Saturday.
        public let weekday: Int
        /// The weekday's English name, like "Monday".
        public let name: String
        /// Whether breaks are limited to a window on this day.
        public let isWorkingDay: Bool
        /// The window's start as `HH:MM`; 09:00 for a day without one.
        public let start: String
        /// The window's end as `HH:MM` (`24:00` is midnight); 17:00 for a day without one.
        public let end: String
    }

    /// Eye, micro and long break, in that order.
    public let sections: [Section]
    /// All seven weekdays, Monday first, for a form that edits the working hours.
    public let weekdays: [WeekdayRow]
    /// The days that have a working-hours window, Monday first; empty when no schedule is set.
    public let workingHours: [WorkingHoursRow]

    /// Builds the screen from the stored settings.
    public init(settings: BreakSettings) {
        sections = BreakKind.allCases.map { kind in
            let kindSettings = settings[kind]
            return Section(
                kind: kind,
                title: kind.title,
                enabled: kindSettings.enabled,
                interval: StepperField(
                    title: "Interval", value: kindSettings.intervalMinutes, range: BreakSettings.intervalRange, unit: "min"
                ),
                duration: StepperField(
                    title: "Duration", value: kindSettings.durationSeconds, range: BreakSettings.durationRange, unit: "s"
                )
            )
        }
        let windows = settings.workingHours?.windows ?? [:]
        weekdays = Self.mondayFirst.map { weekday in
            let window = windows[weekday]
            return WeekdayRow(
                weekday: weekday,
                name: Self.weekdayNames[weekday - 1],
                isWorkingDay: window != nil,
                start: Self.clock(window?.startMinute ?? Self.defaultStartMinute),
                end: Self.clock(window?.endMinute ?? Self.defaultEndMinute)
            )
        }
        workingHours = Self.mondayFirst.compactMap { weekday in
            windows[weekday].map { window in
                WorkingHoursRow(
                    weekday: weekday,
                    name: Self.weekdayNames[weekday - 1],
                    hours: "\(Self.clock(window.startMinute))–\(Self.clock(window.endMinute))"
                )
            }
        }
    }

    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    /// The window a day gets when it is first made a working day: 09:00–17:00.
    public static let defaultStartMinute = 9 * 60
    public static let defaultEndMinute = 17 * 60

    private static let mondayFirst = [2, 3, 4, 5, 6, 7, 1]

    /// Minutes after midnight as `HH:MM`; 1440 is `24:00`.
    static func clock(_ minutes: Int) -> String {
        "\(String(minutes / 60).leftPadded(to: 2)):\(String(minutes % 60).leftPadded(to: 2))"
    }
}
