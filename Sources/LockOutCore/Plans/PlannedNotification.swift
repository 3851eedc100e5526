import Foundation

/// One dated notification request for a platform that delivers them itself (UserNotifications).
///
/// The system's pending requests, read back, take the same shape, so a plan and what is pending compare
/// field by field (``NotificationPlan/diff(pending:)``).
public struct PlannedNotification: Codable, Hashable, Sendable {
    /// The request's identifier: `break.<kind>.<fire date in Unix seconds>`, `focus.<fire date>`, or a
    /// task reminder's `task.<id>`; the same occurrence always gets the same id.
    public let id: String
    /// When it is delivered.
    public let fireDate: Date
    /// The title, as the Linux notification words it ("Eye Break", "Timer Complete", "Task Due Soon").
    public let title: String
    /// The body, as the Linux notification words it.
    public let body: String
    /// The category whose actions it shows (``NotificationCategoryPlan``).
    public let category: String
    /// The app badge it sets: breaks skipped on its fire date's local day, by then.
    public let badge: Int

    /// A request with every field given.
    public init(id: String, fireDate: Date, title: String, body: String, category: String, badge: Int) {
        self.id = id
        self.fireDate = fireDate
        self.title = title
        self.body = body
        self.category = category
        self.badge = badge
    }

    /// Whether `other` delivers the same thing at the same whole second: triggers built from date
    /// components keep whole seconds only, so a request read back may have lost the fraction.
    public func deliversSame(as other: PlannedNotification) -> Bool {
        id == other.id && title == other.title && body == other.body && category == other.category
            && badge == other.badge && Self.wholeSeconds(fireDate) == Self.wholeSeconds(other.fireDate)
    }

    /// The whole Unix seconds of `date`, rounded down: what the ids carry.
    static func wholeSeconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }
}

/// A notification category to register with the system: its id and the buttons it shows.
public struct NotificationCategoryPlan: Codable, Hashable, Sendable {
    /// A button of the category.
    public struct Action: Codable, Hashable, Sendable {
        /// What the system reports back when it is pressed, like `SNOOZE`.
        public let id: String
        /// What it says, like "Snooze 5 min".
        public let title: String
        /// Whether pressing it brings the app to the foreground (Done does, as seed 000 asks).
        public let opensApp: Bool

        /// An action with every field given.
        public init(id: String, title: String, opensApp: Bool) {
            self.id = id
            self.title = title
            self.opensApp = opensApp
        }
    }

    /// The category's identifier, like `BREAK_CATEGORY`.
    public let id: String
    /// Its buttons; only the first two show when space is short.
    public let actions: [Action]

    /// A category with every field given.
    public init(id: String, actions: [Action]) {
        self.id = id
        self.actions = actions
    }

    /// A due break whose snoozes ran out shows Done and Skip: a category of its own, since the system
    /// keeps actions per category, not per request.
    public static let breakWithoutSnooze = "BREAK_NO_SNOOZE_CATEGORY"

    /// Every category a plan's requests use, with the buttons the Linux notifications show:
    /// `BREAK_CATEGORY` (Snooze N min, Done), the break without snoozes left (Done, Skip), focus ends
    /// and task reminders (no buttons). Register them again whenever the snooze length changes.
    public static func all(snoozeMinutes: Int) -> [NotificationCategoryPlan] {
        // Any break will do: the buttons depend only on the snoozes used.
        let sample = DueBreak(kind: .eye, covers: [.eye], dueAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 0))
        var spent = sample
        spent.snoozeCount = BreakSettings.maxSnoozes
        return [
            NotificationCategoryPlan(id: BreakNotifications.category, actions: actions(of: BreakNotifications.due(sample, snoozeMinutes: snoozeMinutes))),
            NotificationCategoryPlan(id: breakWithoutSnooze, actions: actions(of: BreakNotifications.due(spent, snoozeMinutes: snoozeMinutes))),
            NotificationCategoryPlan(id: NotificationSchedule.focusCategory, actions: []),
            NotificationCategoryPlan(id: ReminderPlanner.category, actions: []),
        ]
    }

    /// The category a break notification belongs in on a platform with fixed categories.
    static func category(ofBreak request: NotificationRequest) -> String {
        request.actions.contains { $0.id == BreakNotifications.snoozeAction } ? request.category : breakWithoutSnooze
    }

    private static func actions(of request: NotificationRequest) -> [Action] {
        request.actions.map { Action(id: $0.id, title: $0.title, opensApp: $0.id == BreakNotifications.doneAction) }
    }
}

/// What to change so the system's pending requests match a plan: cancel first, then add.
public struct NotificationPlanDiff: Codable, Hashable, Sendable {
    /// Ids of pending requests that are not planned, or planned differently; sorted.
    public let cancel: [String]
    /// Planned requests not pending as planned, soonest first.
    public let add: [PlannedNotification]

    /// A diff with every field given.
    public init(cancel: [String], add: [PlannedNotification]) {
        self.cancel = cancel
        self.add = add
    }

    /// Whether nothing needs to change.
    public var isEmpty: Bool { cancel.isEmpty && add.isEmpty }
}
