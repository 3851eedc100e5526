import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The tasks with reminders (seed 001): the list with each task's due date and bell, add, done and delete, and
/// each task's reminder set to a preset, a picked moment, or off, with a test reminder to see what it looks like.
@MainActor
@Observable
public final class TasksModel {
    /// Open tasks first, then done ones, each by due date.
    public private(set) var rows: [TaskRow] = []
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// The reminder menu: none, the default, and the presets; a moment is picked with ``remind(_:at:)``.
    public var reminderChoices: [ReminderChoice] { ReminderChoice.menu }

    /// Reads the list again: on appear, and when a reminder may have fired.
    public func refresh() async {
        do {
            rows = try await agent.taskRows()
        } catch {
            message = .refusal(error)
        }
    }

    /// Adds a task; `due` is the date a picker chose (with its time when `dueIncludesTime`), nil for none.
    public func add(title: String, due: Date? = nil, dueIncludesTime: Bool = false, reminder: ReminderChoice = .off) async {
        let taskDue = due.map { agent.taskDue($0, includesTime: dueIncludesTime) }
        await perform(.add(title: title, due: taskDue, reminder: reminder))
    }

    /// Sets `task`'s reminder to a menu choice.
    public func remind(_ task: TaskRow, _ choice: ReminderChoice) async {
        await perform(.remind(task.id, choice))
    }

    /// Sets `task`'s reminder to the moment a picker chose.
    public func remind(_ task: TaskRow, at moment: Date) async {
        await perform(.remind(task.id, .preset(.exact(moment))))
    }

    /// Shows `task`'s reminder shortly, to see what it looks like; the real one stays as it is.
    public func testReminder(_ task: TaskRow) async {
        await perform(.test(task.id))
    }

    /// Marks `task` done: its reminder no longer fires.
    public func complete(_ task: TaskRow) async {
        await perform(.done(task.id))
    }

    /// Deletes `task` and its reminder.
    public func delete(_ task: TaskRow) async {
        await perform(.delete(task.id))
    }

    private func perform(_ command: TaskCommand) async {
        do {
            _ = try await agent.perform(command)
            message = nil
            await refresh()
        } catch {
            message = .refusal(error)
        }
    }
}
