import Foundation
import LockOutCore

/// The fallback when no notification service runs: one line and a bell on the terminal.
///
/// No action comes back this way; the line says which CLI command answers it, like
/// `[LockOut] Eye Break — Look at something 20 feet away for 20 seconds (answer: lockout break snooze|done)`.
/// The command is `lockout` plus the category without its `_CATEGORY` suffix, then the action ids, all lowercase.
public final class TerminalNotifier: Notifying {
    private let write: @Sendable (String) -> Void

    /// Writes each line through `write`; by default to standard error.
    public init(write: @escaping @Sendable (String) -> Void = TerminalNotifier.writeToStandardError) {
        self.write = write
    }

    /// Writes the request's line; `onAction` is never called.
    public func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        write(Self.line(for: request))
    }

    /// Writes nothing: a line on a terminal can't be taken back.
    public func withdraw(id: String) {}

    /// The text written for `request`: one line ending in a bell and a newline.
    public static func line(for request: NotificationRequest) -> String {
        var text = "[LockOut] \(request.title) — \(request.body)"
        if !request.actions.isEmpty {
            let suffix = "_CATEGORY"
            let category = request.category
            let verb = (category.hasSuffix(suffix) ? String(category.dropLast(suffix.count)) : category).lowercased()
            let answers = request.actions.map { $0.id.lowercased() }.joined(separator: "|")
            text += " (answer: lockout \(verb) \(answers))"
        }
        return text + "\u{07}\n"
    }

    /// Writes `text` to the process's standard error.
    public static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
