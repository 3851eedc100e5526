import Foundation
import LockOutCore

/// The rule against duplicate notifications on a system that holds a plan's requests ahead of time
/// (UserNotifications): what the app does with what the runtime presents, with a button pressed on a delivered
/// notification, with a withdrawal, and with a break delivered while the app is in front.
///
/// The plan hands the system every break, focus end and task reminder ahead of time (or the break alarm instead
/// of the break's notification), and the runtime, while the app runs, presents the same moments as they fall
/// due. So a runtime request in one of the plan's categories is never posted: the app only reads its screens
/// again (the break sheet shows the break) and plans again. Only what no plan holds (the test notification, the
/// gate's and the rewards' notices) is posted at once, and its button goes back to the runtime's own handler.
///
/// ```
///   present ── plan's category? ── yes ──► leftToPlan (read the screens, plan again)
///                                └─ no ───► post now, handler kept by id
///   button ── a handler for the id? ── yes ──► handler(action)
///                                    └─ no ───► the agent (answerNotification); opening or dismissing: nothing
///   withdraw ── the runtime's break id ──► it and every delivered break; otherwise just the id
///   delivered in front ── a break ──► list only (the sheet shows it); anything else ──► banner too
/// ```
public struct NotificationRouter: Sendable {
    /// What to do with a request the runtime presents.
    public enum Presentation: Equatable, Sendable {
        /// A plan holds this moment already: post nothing, read the screens and plan again.
        case leftToPlan
        /// No plan holds it: post it now.
        case postNow
    }

    /// Where a button pressed on a delivered notification goes.
    public enum Answer: Sendable {
        /// To the runtime's own handler of a request posted at once.
        case handler(@Sendable (String) -> Void)
        /// To the agent, as a plan request's button (``DeviceAgent/answerNotification(id:action:)``).
        case agent(id: String, action: String)
        /// Nowhere: the person opened or dismissed the notification.
        case nothing
    }

    /// How a notification delivered while the app is in front shows.
    public enum ForegroundPresentation: Equatable, Sendable {
        /// In the list with its sound, no banner: the break sheet shows the break.
        case listOnly
        /// As a banner too.
        case banner
    }

    /// A notification the system shows, read back.
    public struct Delivered: Hashable, Sendable {
        /// Its request's id.
        public let id: String
        /// Its category.
        public let category: String

        /// A delivered notification with every field given.
        public init(id: String, category: String) {
            self.id = id
            self.category = category
        }
    }

    /// The categories whose requests a plan schedules ahead.
    public static let plannedCategories = Set(NotificationCategoryPlan.all(snoozeMinutes: 1).map(\.id))
    /// The categories of break requests, which the break sheet shows while the app is in front.
    public static let breakCategories: Set<String> = [BreakNotifications.category, NotificationCategoryPlan.breakWithoutSnooze]

    /// The runtime's handlers for requests posted at once, by request id.
    private var handlers: [String: @Sendable (String) -> Void] = [:]

    /// A router that has posted nothing yet.
    public init() {}

    /// The runtime presents `request`: left to the plan when a plan holds its category, else posted now with
    /// `onAction` kept for its buttons.
    public mutating func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) -> Presentation {
        guard !Self.plannedCategories.contains(request.category) else { return .leftToPlan }
        handlers[request.id] = onAction
        return .postNow
    }

    /// A button pressed on the delivered notification `id`; `action` is nil when the person only opened or
    /// dismissed it.
    public func answer(id: String, action: String?) -> Answer {
        guard let action else { return .nothing }
        if let handler = handlers[id] { return .handler(handler) }
        return .agent(id: id, action: action)
    }

    /// The runtime withdraws `id`: the ids to take out of the notification list among `delivered`. The
    /// runtime's break id takes every delivered break with it, since the plan delivered those under ids of their
    /// own.
    public mutating func withdraw(id: String, delivered: [Delivered]) -> [String] {
        handlers[id] = nil
        guard id == BreakNotifications.id else { return [id] }
        return [id] + delivered.filter { Self.breakCategories.contains($0.category) && $0.id != id }.map(\.id)
    }

    /// How a notification of `category` delivered while the app is in front shows.
    public static func foreground(category: String) -> ForegroundPresentation {
        breakCategories.contains(category) ? .listOnly : .banner
    }
}
