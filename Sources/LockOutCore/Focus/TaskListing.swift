import Foundation

/// One line of `lockout task list`: what a CLI or page prints, already formatted.
public struct TaskRow: Codable, Hashable, Sendable, Identifiable {
    /// The task's id.
    public let id: TaskID
    /// The task's title.
    public let title: String
    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`; nil without a due date.
    public let due: String?
    /// Whether it was marked done.
    public let isDone: Bool
    /// Whether a reminder is set and will still fire: the mark a listing shows.
    public let hasReminder: Bool
    /// The reminder's name, like `1h-before` or `2026-11-23 08:00`; nil when reminders are off.
    public let reminder: String?
    /// When it fires, as `LocalTimeText` writes it; nil when it will not fire.
    public let remindsAt: String?
}

/// Orders tasks and builds their rows.
public enum TaskListing {
    /// Open tasks first, then done ones; each by due moment (no due date last), then id.
    public static func ordered(_ tasks: [TaskItem], calendar: Calendar) -> [TaskItem] {
        tasks.sorted { lhs, rhs in
            if lhs.isDone != rhs.isDone { return !lhs.isDone }
            let left = lhs.due?.date(in: calendar) ?? .distantFuture
            let right = rhs.due?.date(in: calendar) ?? .distantFuture
            if left != right { return left < right }
            return lhs.id < rhs.id
        }
    }

    /// The rows of `tasks` in listing order.
    public static func rows(_ tasks: [TaskItem], now: Date, calendar: Calendar) -> [TaskRow] {
        ordered(tasks, calendar: calendar).map { row($0, now: now, calendar: calendar) }
    }

    /// The row of one task.
    public static func row(_ task: TaskItem, now: Date, calendar: Calendar) -> TaskRow {
        let fires = ReminderPlanner.planned(task, now: now, calendar: calendar)
        return TaskRow(
            id: task.id,
            title: task.title,
            due: task.due?.text,
            isDone: task.isDone,
            hasReminder: fires != nil,
            reminder: task.reminder?.text(in: calendar),
            remindsAt: fires.map { LocalTimeText.text($0, now: now, calendar: calendar) }
        )
    }
}
