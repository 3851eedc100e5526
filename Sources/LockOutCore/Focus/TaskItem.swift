import Foundation

/// Identifies one task; a small number people can type, like `lockout task done 3`.
public struct TaskID: Codable, Hashable, Sendable, RawRepresentable, Comparable, CustomStringConvertible {
    /// The number people type.
    public let rawValue: Int
    /// Wraps a number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Parses the id as typed on the command line; throws `.malformedTaskID` for anything but a positive number.
    public init(parsing text: String) throws(FocusDataError) {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else {
            throw .malformedTaskID(text)
        }
        self.init(rawValue: value)
    }

    /// The number as text.
    public var description: String { String(rawValue) }

    /// Lower ids were added earlier.
    public static func < (lhs: TaskID, rhs: TaskID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// When a task is due: a local day, and optionally a time on it.
public struct TaskDue: Codable, Hashable, Sendable {
    /// A wall-clock time of day, `14:05`.
    public struct TimeOfDay: Codable, Hashable, Sendable, CustomStringConvertible {
        /// 0...23.
        public let hour: Int
        /// 0...59.
        public let minute: Int

        /// A time; nil unless `hour` is 0...23 and `minute` 0...59.
        public init?(hour: Int, minute: Int) {
            guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
            self.hour = hour
            self.minute = minute
        }

        /// `HH:MM`.
        public var description: String {
            "\(String(hour).leftPadded(to: 2)):\(String(minute).leftPadded(to: 2))"
        }
    }

    /// The local day it is due.
    public let day: LocalDate
    /// nil when the task is due some time that day.
    public let time: TimeOfDay?

    /// Due on `day`, at `time` when given.
    public init(day: LocalDate, time: TimeOfDay? = nil) {
        self.day = day
        self.time = time
    }

    /// The moment it is due in `calendar`: the time on the day, or the day's first moment without a time.
    public func date(in calendar: Calendar) -> Date {
        guard let time else { return day.start(in: calendar) }
        return Self.date(day, time, in: calendar)
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`, the form ``TaskInput/due(_:)`` reads back.
    public var text: String {
        time.map { "\(day) \($0)" } ?? day.description
    }

    /// A wall-clock time on a local day; in a spring-forward gap the calendar moves it to the next valid time.
    static func date(_ day: LocalDate, _ time: TimeOfDay, in calendar: Calendar) -> Date {
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
        return calendar.date(from: components) ?? day.start(in: calendar)
    }
}

/// Something to do, with an optional due date and an optional reminder.
public struct TaskItem: Codable, Hashable, Sendable, Identifiable {
    /// Given by the store.
    public let id: TaskID
    /// What to do; trimmed, never empty.
    public let title: String
    /// When it is due; nil for no due date.
    public let due: TaskDue?
    /// The chosen reminder, nil when reminders are off for this task.
    public let reminder: ReminderPreset?
    /// Whether it was marked done; a done task's reminder never fires.
    public let isDone: Bool

    /// A task; the title is trimmed (stores reject an empty one).
    public init(id: TaskID, title: String, due: TaskDue? = nil, reminder: ReminderPreset? = nil, isDone: Bool = false) {
        self.id = id
        self.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        self.due = due
        self.reminder = reminder
        self.isDone = isDone
    }

    /// This task with other fields; pass `.some(nil)` to clear an optional.
    public func with(
        title: String? = nil, due: TaskDue?? = nil, reminder: ReminderPreset?? = nil, isDone: Bool? = nil
    ) -> TaskItem {
        TaskItem(
            id: id,
            title: title ?? self.title,
            due: due ?? self.due,
            reminder: reminder ?? self.reminder,
            isDone: isDone ?? self.isDone
        )
    }
}
