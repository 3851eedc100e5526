import Foundation

/// Reads dates, due dates and reminder choices as typed on the command line, in local time.
public enum TaskInput {
    /// Parses `--due`: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`; throws `.malformedDue` otherwise.
    public static func due(_ text: String) throws(FocusDataError) -> TaskDue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count), let day = LocalDate(iso: String(parts[0])) else {
            throw .malformedDue(text)
        }
        guard parts.count == 2 else { return TaskDue(day: day) }
        guard let time = timeOfDay(String(parts[1])) else { throw .malformedDue(text) }
        return TaskDue(day: day, time: time)
    }

    /// Parses `--remind` and `task remind`: `on` (the default for the task's due date, or one hour
    /// from now without one), or anything ``reminder(_:calendar:)`` reads; throws `.malformedReminder` otherwise.
    public static func reminderChoice(_ text: String, calendar: Calendar) throws(FocusDataError) -> ReminderChoice {
        if text.trimmingCharacters(in: .whitespaces).lowercased() == "on" { return .standard }
        return try reminder(text, calendar: calendar).map(ReminderChoice.preset) ?? .off
    }

    /// Parses `--remind`: `off` (nil), `1h-before`, `morning-of`, `day-before` or an exact
    /// `YYYY-MM-DD HH:MM` in `calendar`'s time zone; throws `.malformedReminder` otherwise.
    public static func reminder(_ text: String, calendar: Calendar) throws(FocusDataError) -> ReminderPreset? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "off": return nil
        case "1h-before": return .hourBefore
        case "morning-of": return .morningOf
        case "day-before": return .dayBefore
        default:
            guard let due = try? due(trimmed), let time = due.time else { throw .malformedReminder(text) }
            return .exact(TaskDue.date(due.day, time, in: calendar))
        }
    }

    /// Parses `--from` / `--to`: `YYYY-MM-DD`; throws `.malformedDate` otherwise.
    public static func date(_ text: String) throws(FocusDataError) -> LocalDate {
        guard let day = LocalDate(iso: text.trimmingCharacters(in: .whitespaces)) else { throw .malformedDate(text) }
        return day
    }

    /// `HH:MM` with two digits each, 00:00...23:59.
    private static func timeOfDay(_ text: String) -> TaskDue.TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        return TaskDue.TimeOfDay(hour: hour, minute: minute)
    }
}
