import Foundation

/// What the runtime must do about task reminders.
public enum ReminderEffect: Codable, Hashable, Sendable {
    /// Show `request` at `at`; replaces a pending reminder with the same id.
    case schedule(id: String, at: Date, request: NotificationRequest)
    /// Drop the pending reminder with `id`, if any; harmless when nothing is pending.
    case cancel(id: String)
}

/// Turns changes to tasks into reminder effects. Pure: nothing is scheduled here.
///
/// ```
/// saved (added/edited) ── reminder still ahead ──▶ schedule(task.<id>)   (replaces the old one)
///                      ── off / done / past ─────▶ cancel(task.<id>)     (only if one was planned before)
/// deleted ──────────────────────────────────────▶ cancel(task.<id>)
/// test ─────────────────────────────────────────▶ schedule(task.<id>.test, now + 5 s)
/// launch ───────────────────────────────────────▶ schedule every reminder still ahead
/// ```
public enum ReminderLifecycle {
    /// Effects after `task` was added (`previous` nil) or edited (`previous` is the stored version).
    ///
    /// An edit that leaves the planned moment and text unchanged does nothing.
    public static func saved(_ task: TaskItem, previous: TaskItem?, now: Date, calendar: Calendar) -> [ReminderEffect] {
        let id = ReminderPlanner.notificationID(task.id)
        let before = previous.flatMap { plan($0, now: now, calendar: calendar) }
        let after = plan(task, now: now, calendar: calendar)
        if let after {
            guard after != before else { return [] }
            return [.schedule(id: id, at: after.date, request: after.request)]
        }
        return before == nil ? [] : [.cancel(id: id)]
    }

    /// Effects after `task` was deleted: its reminder and any test reminder are cancelled.
    public static func deleted(_ task: TaskItem) -> [ReminderEffect] {
        [.cancel(id: ReminderPlanner.notificationID(task.id)), .cancel(id: ReminderPlanner.testNotificationID(task.id))]
    }

    /// A test reminder for `task`, 5 s after `now`, whether or not a reminder is set.
    public static func test(_ task: TaskItem, now: Date) -> [ReminderEffect] {
        let id = ReminderPlanner.testNotificationID(task.id)
        return [.schedule(
            id: id,
            at: now.addingTimeInterval(ReminderPlanner.testDelay),
            request: ReminderPlanner.notification(for: task, id: id)
        )]
    }

    /// Every reminder still ahead, by fire date then id: what the runtime schedules when it starts.
    public static func pending(_ tasks: [TaskItem], now: Date, calendar: Calendar) -> [ReminderEffect] {
        tasks
            .compactMap { task in plan(task, now: now, calendar: calendar).map { (task.id, $0) } }
            .sorted { ($0.1.date, $0.0) < ($1.1.date, $1.0) }
            .map { .schedule(id: ReminderPlanner.notificationID($0.0), at: $0.1.date, request: $0.1.request) }
    }

    private struct Plan: Equatable {
        let date: Date
        let request: NotificationRequest
    }

    private static func plan(_ task: TaskItem, now: Date, calendar: Calendar) -> Plan? {
        ReminderPlanner.planned(task, now: now, calendar: calendar)
            .map { Plan(date: $0, request: ReminderPlanner.notification(for: task)) }
    }
}
