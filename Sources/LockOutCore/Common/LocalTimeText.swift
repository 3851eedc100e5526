import Foundation

/// A moment as a person reads it on a clock: `14:05` today, `2026-11-23 00:00` on another day.
public enum LocalTimeText {
    public static func text(_ date: Date, now: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let time = "\(String(parts.hour ?? 0).leftPadded(to: 2)):\(String(parts.minute ?? 0).leftPadded(to: 2))"
        guard !calendar.isDate(date, inSameDayAs: now) else { return time }
        return "\(LocalDate(date, in: calendar)) \(time)"
    }
}
