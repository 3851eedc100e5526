import Foundation

/// Whether and when a task reminds: what a person picks for `--remind`.
public enum ReminderChoice: Codable, Hashable, Sendable {
    /// No reminder.
    case off
    /// The default for the task's due date: 1 hour before, or 09:00 when it has no time.
    case standard
    /// This preset or exact moment.
    case preset(ReminderPreset)

    /// The preset this choice sets on a task due at `due`; nil for off.
    public func preset(for due: TaskDue?) -> ReminderPreset? {
        switch self {
        case .off: nil
        case .standard: ReminderPreset.default(for: due)
        case .preset(let preset): preset
        }
    }
}

/// A request from the person about tasks, as the CLI, the web app or the API sends it.
public enum TaskCommand: Codable, Hashable, Sendable {
    /// Add a task; `reminder` nil means no reminder.
    case add(title: String, due: TaskDue?, reminder: ReminderChoice?)
    /// Turn the task's reminder off, on with the default, or to a preset or moment.
    case remind(TaskID, ReminderChoice)
    /// Mark the task done; its reminder no longer fires.
    case done(TaskID)
    /// Delete the task and its reminder.
    case delete(TaskID)
    /// Show the task's reminder 5 s from now, to see what it looks like.
    case test(TaskID)
}
