import Foundation

/// Times of day as a clock on the wall reads them, turned into instants on days when the clocks change.
///
/// A time of day names a moment only once it is pinned to an instant: on the night clocks go forward
/// some readings never happen, and on the night they go back some happen twice. LockOut's rule, for
/// the gate's unlock time and the working-hours windows alike: a time of day is reached at the
/// **first** instant the wall clock reads it (the summer-time one when clocks go back), or, when the
/// change skips it, at the first instant after the gap (02:30 on the spring-forward night is 03:00).
/// Once reached on a day it stays reached, also while the repeated hour reads earlier times again.
public enum WallClock {
    /// The first instant at which the wall clock reads `minute` (minutes after midnight, 0...1439) on
    /// `day`, or the first instant after the gap when a daylight-saving change skips that reading.
    public static func firstInstant(of minute: Int, on day: LocalDate, calendar: Calendar) -> Date {
        let hour = minute / 60, minuteOfHour = minute % 60
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minuteOfHour)
        // Foundation gives the first of two readings, and moves a skipped one forward by the gap.
        guard let date = calendar.date(from: components) else { return day.start(in: calendar) }
        let read = calendar.dateComponents([.hour, .minute], from: date)
        let shift = ((read.hour ?? hour) * 60 + (read.minute ?? minuteOfHour) - minute) * 60
        guard shift > 0 else { return date }
        // Skipped: `date` lies `shift` after where the reading would be; the change happened in between.
        return calendar.timeZone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-TimeInterval(shift))) ?? date
    }

    /// The latest minute of `now`'s local day that the wall clock has reached by `now`: the minute it
    /// reads, except in an hour lived twice, where the minutes read the first time stay reached.
    public static func minuteReached(at now: Date, calendar: Calendar) -> Int {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let reading = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let day = LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        func reached(_ minute: Int) -> Bool { firstInstant(of: minute, on: day, calendar: calendar) <= now }
        guard reading < 1439, reached(reading + 1) else { return reading }
        // In the repeated hour: the reached minutes run on past this reading; find the last one.
        var low = reading + 1, high = 1439
        while low < high {
            let middle = (low + high + 1) / 2
            if reached(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
