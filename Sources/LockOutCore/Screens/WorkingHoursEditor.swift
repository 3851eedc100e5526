import Foundation

/// The working-hours editor of the apps' Schedule screen: each weekday's switch and window, with the window's
/// ends in minutes after midnight for time pickers, and the schedule each edit makes. The edits do not check the
/// window: the engine refuses a bad one when the schedule is set, in its own words.
public struct WorkingHoursEditor: Codable, Equatable, Sendable {
    /// One weekday of the editor.
    public struct Day: Codable, Equatable, Sendable, Identifiable {
        /// As `Calendar` numbers weekdays: 1 is Sunday, 7 is Saturday.
        public let weekday: Int
        /// Like "Monday".
        public let name: String
        /// Whether breaks are limited to a window on this day.
        public let isWorkingDay: Bool
        /// The window's start in minutes after midnight; 09:00 for a day without one.
        public let startMinute: Int
        /// The window's end in minutes after midnight (1440 is 24:00); 17:00 for a day without one.
        public let endMinute: Int
        /// The start as `HH:MM`.
        public let start: String
        /// The end as `HH:MM`.
        public let end: String

        public var id: Int { weekday }
    }

    /// All seven weekdays, Monday first.
    public let days: [Day]
    /// The schedule being edited; nil when breaks run at any time.
    public let hours: WorkingHours?

    /// The editor for the schedule in `settings`.
    public init(settings: BreakSettings) {
        let windows = settings.workingHours?.windows ?? [:]
        hours = settings.workingHours
        days = ScheduleScreen(settings: settings).weekdays.map { row in
            let window = windows[row.weekday]
            return Day(
                weekday: row.weekday, name: row.name, isWorkingDay: row.isWorkingDay,
                startMinute: window?.startMinute ?? ScheduleScreen.defaultStartMinute,
                endMinute: window?.endMinute ?? ScheduleScreen.defaultEndMinute,
                start: row.start, end: row.end
            )
        }
    }

    /// The schedule with `weekday` made a working day (with the window it shows) or a free one; nil when no
    /// working day is left, which means breaks run at any time.
    public func settingWorkingDay(_ weekday: Int, _ isWorkingDay: Bool) -> WorkingHours? {
        let day = days.first { $0.weekday == weekday }
        let window = day.map { WorkingHours.Window(startMinute: $0.startMinute, endMinute: $0.endMinute) }
        return setting(weekday, to: isWorkingDay ? window : nil)
    }

    /// The schedule with `weekday` a working day from `startMinute` to `endMinute` after midnight.
    public func settingHours(_ weekday: Int, startMinute: Int, endMinute: Int) -> WorkingHours? {
        setting(weekday, to: WorkingHours.Window(startMinute: startMinute, endMinute: endMinute))
    }

    private func setting(_ weekday: Int, to window: WorkingHours.Window?) -> WorkingHours? {
        var windows = hours?.windows ?? [:]
        windows[weekday] = window
        return windows.isEmpty ? nil : WorkingHours(windows: windows)
    }
}
