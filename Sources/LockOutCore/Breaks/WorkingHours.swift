import Foundation

/// A weekly schedule of windows in which breaks run; outside every window nothing fires.
///
/// Each weekday has at most one window `[start, end)` in minutes after local midnight.
public struct WorkingHours: Codable, Hashable, Sendable {
    /// One day's window, in minutes after local midnight, end exclusive.
    public struct Window: Codable, Hashable, Sendable {
        public let startMinute: Int
        public let endMinute: Int

        public init(startMinute: Int, endMinute: Int) {
            self.startMinute = startMinute
            self.endMinute = endMinute
        }
    }

    /// Windows keyed by weekday as `Calendar` numbers them: 1 is Sunday, 7 is Saturday.
    public var windows: [Int: Window]

    public init(windows: [Int: Window]) {
        self.windows = windows
    }

    /// Throws when a window is empty, reversed or outside the day, or a weekday is not 1...7.
    public func validate() throws(BreakInputError) {
        for (weekday, window) in windows {
            guard (1...7).contains(weekday) else {
                throw .invalidWorkingHours("weekday \(weekday) is not 1...7")
            }
            guard (0..<1440).contains(window.startMinute), (1...1440).contains(window.endMinute) else {
                throw .invalidWorkingHours("times must lie within 00:00...24:00")
            }
            guard window.startMinute < window.endMinute else {
                throw .invalidWorkingHours("a window must start before it ends")
            }
        }
    }

    /// The window `[start, end)` that contains `now`, as absolute dates.
    public func window(containing now: Date, calendar: Calendar) -> DateInterval? {
        let dayStart = calendar.startOfDay(for: now)
        guard let interval = interval(onDayStarting: dayStart, calendar: calendar),
              interval.start <= now, now < interval.end
        else { return nil }
        return interval
    }

    /// The first window that starts after `now`, looking at most eight days ahead.
    public func nextWindow(after now: Date, calendar: Calendar) -> DateInterval? {
        var dayStart = calendar.startOfDay(for: now)
        for _ in 0...8 {
            if let interval = interval(onDayStarting: dayStart, calendar: calendar), interval.start > now {
                return interval
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: dayStart) else { return nil }
            dayStart = calendar.startOfDay(for: next)
        }
        return nil
    }

    private func interval(onDayStarting dayStart: Date, calendar: Calendar) -> DateInterval? {
        let weekday = calendar.component(.weekday, from: dayStart)
        guard let window = windows[weekday],
              let start = wallClock(minute: window.startMinute, onDayStarting: dayStart, calendar: calendar),
              let end = wallClock(minute: window.endMinute, onDayStarting: dayStart, calendar: calendar)
        else { return nil }
        return end > start ? DateInterval(start: start, end: end) : nil
    }

    /// The local time `minute` minutes into the day as a clock on the wall reads it, so 09:00 stays
    /// 09:00 on a daylight-saving change day (adding 540 minutes to midnight would give 10:00 or 08:00).
    /// 24:00 is the next local midnight; a time the change skips is the first instant after the gap, and
    /// a time lived twice is the first of the two (``WallClock``).
    private func wallClock(minute: Int, onDayStarting dayStart: Date, calendar: Calendar) -> Date? {
        if minute >= 1440 {
            return BreakEngine.nextMidnight(after: dayStart, calendar: calendar)
        }
        return WallClock.firstInstant(of: minute, on: LocalDate(dayStart, in: calendar), calendar: calendar)
    }
}
