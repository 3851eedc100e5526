import Foundation
import LockOutCore

extension FreedesktopNotifier {
    /// The notify-send arguments that show `request`, in place of `serverID` when given.
    ///
    /// It stays until answered (`--expire-time=0`), carries the request id as the `x-lockout-id` hint, and
    /// the body's `&`, `<` and `>` are escaped because servers may read the body as markup.
    static func arguments(for request: NotificationRequest, replacing serverID: UInt32?) -> [String] {
        var arguments = [
            "--app-name=LockOut", "--print-id", "--wait", "--urgency=normal", "--expire-time=0",
            "--category=\(request.category)", "--hint=string:x-lockout-id:\(request.id)",
        ]
        if let serverID { arguments.append("--replace-id=\(serverID)") }
        arguments += request.actions.map { "--action=\($0.id)=\($0.title)" }
        return arguments + ["--", request.title, escapingMarkup(request.body)]
    }

    /// `text` with the characters that start markup replaced by entities.
    static func escapingMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
