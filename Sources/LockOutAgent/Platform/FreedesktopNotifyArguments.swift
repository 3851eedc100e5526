import Foundation
import LockOutCore

extension NotificationRequest {
    /// The hint that carries a request's id on the notification, for whoever reads the server's list.
    static let idHint = "x-lockout-id"
}

/// The arguments of `Notify`, apart from any bus so they can be checked anywhere.
enum FreedesktopNotifyArguments {
    /// `Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)` for `request`:
    /// app LockOut, no icon, the body's markup escaped, the actions as id/title pairs, hints for the
    /// category, normal urgency and the request id, and no expiry (it stays until answered).
    static func arguments(for request: NotificationRequest, replacing: UInt32) -> [DBusValue] {
        [
            .string("LockOut"),
            .uint32(replacing),
            .string(""),
            .string(request.title),
            .string(escapingMarkup(request.body)),
            .strings(request.actions.flatMap { [$0.id, $0.title] }),
            .variants([
                "category": .string(request.category),
                "urgency": .byte(1),
                NotificationRequest.idHint: .string(request.id),
            ]),
            .int32(0),
        ]
    }

    /// `text` with the characters that start markup replaced by entities (`MarkupEscape`, by Unicode scalars):
    /// servers may read the body as markup.
    static func escapingMarkup(_ text: String) -> String {
        MarkupEscape.text(text)
    }
}
