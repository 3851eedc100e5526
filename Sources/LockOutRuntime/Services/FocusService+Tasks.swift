import Foundation
import LockOutCore

extension FocusService {
    /// Carries out a task command against the task store and says what changes about reminders;
    /// an invalid one throws and changes nothing. The row is the task after the command (a deleted
    /// task's last state).
    public func execute(_ command: TaskCommand, now: Date) throws -> (row: TaskRow, reminders: [ReminderEffect]) {
        let tasks = stores.tasks
        switch command {
        case .add(let title, let due, let choice):
            let preset = choice?.preset(for: due, now: now)
            try checkReminder(choice, preset, for: TaskItem(id: TaskID(rawValue: 1), title: title, due: due), now: now)
            let task = try tasks.add(title: title, due: due, reminder: preset)
            return (row(task, now), ReminderLifecycle.saved(task, previous: nil, now: now, calendar: calendar))
        case .remind(let id, let choice):
            let task = try existing(id)
            let preset = choice.preset(for: task.due, now: now)
            try checkReminder(choice, preset, for: task, now: now)
            let updated = task.with(reminder: .some(preset))
            try tasks.update(updated)
            return (row(updated, now), ReminderLifecycle.saved(updated, previous: task, now: now, calendar: calendar))
        case .done(let id):
            let task = try existing(id)
            let updated = task.with(isDone: true)
            try tasks.update(updated)
            return (row(updated, now), ReminderLifecycle.saved(updated, previous: task, now: now, calendar: calendar))
        case .delete(let id):
            let task = try tasks.remove(id)
            return (row(task, now), ReminderLifecycle.deleted(task))
        case .test(let id):
            let task = try existing(id)
            return (row(task, now), ReminderLifecycle.test(task, now: now))
        }
    }

    /// Every reminder still ahead: what a starting agent schedules.
    public func pendingReminders(now: Date) throws -> [ReminderEffect] {
        ReminderLifecycle.pending(try stores.tasks.all(), now: now, calendar: calendar)
    }

    private func existing(_ id: TaskID) throws -> TaskItem {
        guard let task = try stores.tasks.task(id) else { throw FocusDataError.unknownTask(id) }
        return task
    }

    /// A preset must have the due date it counts from, and a reminder set now must still lie ahead;
    /// a refusal names the `choice` as the person typed it.
    private func checkReminder(_ choice: ReminderChoice?, _ preset: ReminderPreset?, for task: TaskItem, now: Date) throws {
        guard let choice, let preset else { return }
        try ReminderPlanner.validate(preset, for: task)
        if let fires = ReminderPlanner.fireDate(for: task, preset: preset, calendar: calendar), fires <= now {
            throw FocusDataError.reminderInPast(choice: choice.text(in: calendar), moment: FocusSessionDetail.localText(fires, calendar))
        }
    }

    private func row(_ task: TaskItem, _ now: Date) -> TaskRow {
        TaskListing.row(task, now: now, calendar: calendar)
    }
}
