import Foundation

/// Works out when a task's reminder fires and what it says. Pure: the calendar and `now` are passed in.
public enum ReminderPlanner {
    /// The hour "morning of" fires, and "1 hour before" for a task due on a day without a time.
    public static let morningHour = 9
    /// The hour "day before" fires.
    public static let eveningHour = 18
    /// How long after asking a test reminder fires.
    public static let testDelay: TimeInterval = 5
    /// The notification title.
    public static let title = "Task Due Soon"
    /// The notification category, shared by every task reminder.
    public static let category = "TASK_REMINDER"

    /// When `preset` fires for `task`, or nil when the preset counts from a due date the task lacks.
    ///
    /// This does not look at the clock: a fire date in the past is still returned, so a listing can
    /// show it; ``planned(_:now:calendar:)`` is the one that drops past reminders.
    /// "1 hour before" never goes back past 00:00 of the due day (00:30 → 00:00), and on a task
    /// without a time it fires at 09:00 on the due day, since there is no hour to count back from.
    public static func fireDate(for task: TaskItem, preset: ReminderPreset, calendar: Calendar) -> Date? {
        if case .exact(let date) = preset { return date }
        guard let due = task.due else { return nil }
        switch preset {
        case .hourBefore:
            guard due.time != nil else { return at(morningHour, on: due.day, calendar) }
            let dueDate = due.date(in: calendar)
            let hourBefore = calendar.date(byAdding: .hour, value: -1, to: dueDate) ?? dueDate
            return max(hourBefore, due.day.start(in: calendar))
        case .morningOf:
            return at(morningHour, on: due.day, calendar)
        case .dayBefore:
            return at(eveningHour, on: due.day.adding(days: -1, in: calendar), calendar)
        case .exact(let date):
            return date
        }
    }

    /// When the task's reminder should still fire: nil when reminders are off, the task is done,
    /// the preset needs a missing due date, or the moment is not after `now` (a past reminder is never shown late).
    public static func planned(_ task: TaskItem, now: Date, calendar: Calendar) -> Date? {
        guard !task.isDone, let preset = task.reminder,
              let date = fireDate(for: task, preset: preset, calendar: calendar), date > now
        else { return nil }
        return date
    }

    /// Throws `.reminderNeedsDueDate` when `preset` counts from a due date `task` does not have.
    public static func validate(_ preset: ReminderPreset, for task: TaskItem) throws(FocusDataError) {
        if preset.needsDueDate, task.due == nil { throw .reminderNeedsDueDate(preset) }
    }

    /// The id every notification and schedule of `task`'s reminder uses: `task.<id>`.
    public static func notificationID(_ task: TaskID) -> String { "task.\(task)" }

    /// The id of a test reminder, `task.<id>.test`, so testing never replaces or cancels the real one.
    public static func testNotificationID(_ task: TaskID) -> String { "task.\(task).test" }

    /// "Task Due Soon" with the task's title, under `id` (the real reminder's unless given).
    public static func notification(for task: TaskItem, id: String? = nil) -> NotificationRequest {
        NotificationRequest(
            id: id ?? notificationID(task.id),
            title: title,
            body: task.title,
            category: category,
            actions: []
        )
    }

    private static func at(_ hour: Int, on day: LocalDate, _ calendar: Calendar) -> Date {
        guard let time = TaskDue.TimeOfDay(hour: hour, minute: 0) else { return day.start(in: calendar) }
        return TaskDue.date(day, time, in: calendar)
    }
}
