import Foundation

/// Whether and when a task reminds: what a person picks for `--remind`.
public enum ReminderChoice: Codable, Hashable, Sendable {
    /// No reminder.
    case off
    /// `on`: the default for the task's due date — 1 hour before, 09:00 when it has no time, and one
    /// hour from now when it has no due date.
    case standard
    /// This preset or exact moment.
    case preset(ReminderPreset)

    /// The preset this choice sets, at `now`, on a task due at `due`; nil for off.
    public func preset(for due: TaskDue?, now: Date) -> ReminderPreset? {
        switch self {
        case .off: nil
        case .standard: ReminderPreset.default(for: due, now: now)
        case .preset(let preset): preset
        }
    }

    /// The choice as a person types it, for messages: `off`, `on`, `1h-before`, `2026-11-23 18:30`.
    public func text(in calendar: Calendar) -> String {
        switch self {
        case .off: "off"
        case .standard: "on"
        case .preset(let preset): preset.text(in: calendar)
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
