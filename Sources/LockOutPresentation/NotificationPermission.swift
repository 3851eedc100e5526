import Foundation

/// Whether the system lets the app show notifications.
public enum NotificationPermission: String, Equatable, Sendable {
    /// The person was not asked yet: the app may ask.
    case notDetermined
    /// The person said no: only the system's settings can turn notifications on now.
    case denied
    /// Notifications show.
    case allowed

    /// What the Settings screen says about it.
    public var text: String {
        switch self {
        case .notDetermined: "LockOut has not asked to notify you yet: breaks show only while the app is open."
        case .denied: "Notifications are off for LockOut: turn them on in the system's settings to be called for breaks."
        case .allowed: "Notifications are on: breaks call you with Snooze and Done."
        }
    }

    /// The button that asks for the permission.
    public static let requestTitle = "Request Notification Permission"

    /// Whether the "Request Notification Permission" button shows: only before the person was asked.
    public var canRequest: Bool { self == .notDetermined }
}

/// The port to the system's notification permission, which the app implements (UserNotifications'
/// authorization status and request on Apple platforms).
public protocol NotificationAuthorizing: Sendable {
    /// The permission now.
    func permission() async -> NotificationPermission
    /// Asks the person (alert, sound and badge) and answers the permission after their choice.
    func requestPermission() async -> NotificationPermission
}
