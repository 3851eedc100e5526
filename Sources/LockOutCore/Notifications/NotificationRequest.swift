import Foundation

/// A button on a notification.
public struct NotificationAction: Codable, Hashable, Sendable {
    /// What the runtime reports back when the button is pressed, like `SNOOZE`.
    public let id: String
    /// What the button says, like "Snooze 5 min".
    public let title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// A notification to show the person, with the buttons they may answer with.
public struct NotificationRequest: Codable, Hashable, Sendable {
    /// Stable per purpose, like `break`; presenting again with the same id replaces the earlier one.
    public let id: String
    public let title: String
    public let body: String
    /// Groups notifications with the same actions, like `BREAK_CATEGORY`.
    public let category: String
    public let actions: [NotificationAction]

    public init(id: String, title: String, body: String, category: String, actions: [NotificationAction]) {
        self.id = id
        self.title = title
        self.body = body
        self.category = category
        self.actions = actions
    }
}

/// Shows notifications and reports which action the person chose.
public protocol Notifying: Sendable {
    /// Shows `request`, replacing one with the same id; `onAction` gets the chosen action's id.
    func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void)
    /// Removes the notification with `id` if it is still shown.
    func withdraw(id: String)
}
