import Foundation
import LockOutCore

/// How the CLI reaches focus sessions and tasks: through the running agent, or straight to the database
/// when none runs. Either way the same engine applies the same command, so the result is the same.
///
/// Reading activities, the history and the task list needs no agent: the CLI reads the database.
public protocol FocusControl: Sendable {
    /// The focus session now.
    func focus() throws -> FocusScreen
    /// Carries out a focus command; an invalid one throws and changes nothing.
    func perform(_ command: FocusCommand) throws -> FocusScreen
    /// Carries out a task command and answers with the task's row; an invalid one throws and changes nothing.
    func perform(_ command: TaskCommand) throws -> TaskRow
    /// Streams the live status: `onUpdate` gets the current status at once, then every update, until it returns
    /// false or the stream ends. Throws when no agent runs (only the agent times a session).
    func follow(_ onUpdate: (LiveStatusUpdate) -> Bool) throws
}
