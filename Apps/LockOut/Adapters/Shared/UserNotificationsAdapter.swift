import Foundation
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import UserNotifications
import os

private let logger = Logger(subsystem: "org.lockout.LockOut", category: "notifications")

/// The app's side of UserNotifications: it registers the plan's categories (`BREAK_CATEGORY` with Snooze N min
/// and Done, the break without snoozes left with Done and Skip, focus ends, task reminders), makes the system's
/// pending requests match a `NotificationPlan` by its diff, sets the badge, answers the permission port, and is
/// the notification center's delegate: a button pressed on a delivered request goes to the runtime.
///
/// It is also the runtime's `Notifying` port, and that is where duplicates could come from: the plan hands the
/// system every break, focus end and task reminder ahead of time, and the runtime, while the app runs, presents
/// the same moments as they fall due. The rule that keeps each moment to one notification is the runtime's
/// `NotificationRouter` (tested on Linux): a request the plan holds only calls `onChange` (the break sheet shows
/// it, the app plans again), a delivered break shows without a banner in the foreground, a button goes to the
/// runtime's handler or the agent. The adapter carries out its answers with the notification center.
///
/// ```
///   NotificationPlan ── apply ── pending read back ── diff(pending:) ──► remove cancelled ids, add requests
///   runtime present ── router.present ── leftToPlan ──► onChange (break sheet, re-plan)
///                                     └─ postNow ────► posted now
///   button pressed ── router.answer ──► the runtime's handler, or DeviceAgent.answerNotification(id:action:) ──► onChange
/// ```
@MainActor
final class UserNotificationsAdapter: NSObject {
    /// Told when the runtime presented a planned kind of request, a break was delivered in the foreground, or a
    /// delivered request was answered: the app reads the break sheet again and applies fresh plans.
    var onChange: (@MainActor () async -> Void)?

    private var agent: DeviceAgent?
    /// The categories registered last, so they are registered again only when the snooze length changes them.
    private var registered: [NotificationCategoryPlan] = []
    /// The rule against duplicates, and the runtime's answers for requests posted at once.
    private var router = NotificationRouter()
    /// The plan being applied: plans are applied one after another, never interleaved.
    private var applying: Task<Void, Never>?

    /// Makes the adapter the notification center's delegate. Call it before the app finishes launching, or the
    /// answer to a notification that launched the app is lost.
    func install() {
        UNUserNotificationCenter.current().delegate = self
    }

    /// Hands answers to `agent`; the agent is made with this adapter as its notifier, so it comes afterwards.
    func attach(_ agent: DeviceAgent) {
        self.agent = agent
    }

    /// Makes the system's categories and pending requests match `plan`: the categories when they changed, then
    /// the requests the plan's diff against the pending ones names (cancelled first, then added).
    func apply(_ plan: NotificationPlan) async {
        let previous = applying
        let next = Task {
            await previous?.value
            await self.applyNow(plan)
        }
        applying = next
        await next.value
    }

    /// Sets the app icon's badge to `count`: the breaks skipped today, as the dashboard counts them. Each planned
    /// request carries the badge for the moment it is delivered.
    nonisolated func setBadge(_ count: Int) async {
        do {
            try await UNUserNotificationCenter.current().setBadgeCount(count)
        } catch {
            logger.error("could not set the badge: \(error.localizedDescription, privacy: .public)")
        }
    }

    private func applyNow(_ plan: NotificationPlan) async {
        if plan.categories != registered {
            Self.register(plan.categories)
            registered = plan.categories
        }
        let pending = await Self.pendingRequests()
        let diff = plan.diff(pending: pending)
        guard !diff.isEmpty else { return }
        UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: diff.cancel)
        for request in diff.add {
            do {
                try await Self.schedule(request)
            } catch {
                let reason = error.localizedDescription
                logger.error("could not schedule \(request.id, privacy: .public): \(reason, privacy: .public)")
            }
        }
    }

    /// A button pressed on a delivered request, where the router sends it; opening or dismissing (the system's
    /// default and dismiss identifiers) is no button.
    private func answer(id: String, action: String) async {
        let button =
            action == UNNotificationDefaultActionIdentifier || action == UNNotificationDismissActionIdentifier ? nil : action
        switch router.answer(id: id, action: button) {
        case .handler(let handler):
            handler(action)
        case .agent(let id, let action):
            do {
                try await agent?.answerNotification(id: id, action: action)
            } catch {
                let reason = String(describing: error)
                logger.error("\(action, privacy: .public) on \(id, privacy: .public) refused: \(reason, privacy: .public)")
            }
        case .nothing:
            break
        }
        await onChange?()
    }

    private func show(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) async {
        switch router.present(request, onAction: onAction) {
        case .leftToPlan:
            await onChange?()
        case .postNow:
            do {
                try await Self.post(request)
            } catch {
                logger.error("could not show \(request.id, privacy: .public): \(error.localizedDescription, privacy: .public)")
            }
        }
    }

    private func remove(id: String) async {
        let center = UNUserNotificationCenter.current()
        let delivered = await center.deliveredNotifications().map { notification in
            NotificationRouter.Delivered(
                id: notification.request.identifier, category: notification.request.content.categoryIdentifier
            )
        }
        center.removeDeliveredNotifications(withIdentifiers: router.withdraw(id: id, delivered: delivered))
    }

    // MARK: - The notification center

    nonisolated private static func register(_ categories: [NotificationCategoryPlan]) {
        let system = categories.map { category in
            UNNotificationCategory(
                identifier: category.id,
                actions: category.actions.map { action in
                    UNNotificationAction(
                        identifier: action.id, title: action.title, options: action.opensApp ? [.foreground] : [])
                },
                intentIdentifiers: [],
                options: []
            )
        }
        UNUserNotificationCenter.current().setNotificationCategories(Set(system))
    }

    /// The pending requests in the plan's shape; a request without a calendar trigger reads as long past, so the
    /// diff replaces it.
    nonisolated private static func pendingRequests() async -> [PlannedNotification] {
        let pending = await UNUserNotificationCenter.current().pendingNotificationRequests()
        return pending.map { request in
            let trigger = request.trigger as? UNCalendarNotificationTrigger
            return PlannedNotification(
                id: request.identifier,
                fireDate: trigger?.nextTriggerDate() ?? .distantPast,
                title: request.content.title,
                body: request.content.body,
                category: request.content.categoryIdentifier,
                badge: request.content.badge?.intValue ?? 0
            )
        }
    }

    /// Adds `planned` with a calendar trigger at its fire date, to the second, in the device's time zone.
    nonisolated private static func schedule(_ planned: PlannedNotification) async throws {
        let content = UNMutableNotificationContent()
        content.title = planned.title
        content.body = planned.body
        content.categoryIdentifier = planned.category
        content.sound = .default
        content.badge = NSNumber(value: planned.badge)
        let components = Calendar.current.dateComponents(
            [.calendar, .timeZone, .year, .month, .day, .hour, .minute, .second],
            from: planned.fireDate
        )
        let trigger = UNCalendarNotificationTrigger(dateMatching: components, repeats: false)
        try await UNUserNotificationCenter.current().add(
            UNNotificationRequest(identifier: planned.id, content: content, trigger: trigger)
        )
    }

    /// Shows `request` now.
    nonisolated private static func post(_ request: NotificationRequest) async throws {
        let content = UNMutableNotificationContent()
        content.title = request.title
        content.body = request.body
        content.categoryIdentifier = request.category
        content.sound = .default
        try await UNUserNotificationCenter.current().add(
            UNNotificationRequest(identifier: request.id, content: content, trigger: nil)
        )
    }
}

extension UserNotificationsAdapter: UNUserNotificationCenterDelegate {
    /// A request delivered while the app is in front, shown as the router says: a break goes to the list (the
    /// break sheet shows it, read again now); anything else shows as a banner too.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        switch NotificationRouter.foreground(category: notification.request.content.categoryIdentifier) {
        case .banner:
            completionHandler([.banner, .list, .sound, .badge])
        case .listOnly:
            completionHandler([.list, .sound, .badge])
            Task { @MainActor in await self.onChange?() }
        }
    }

    /// A person answered a delivered request; the completion waits for the runtime to have taken the answer.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let id = response.notification.request.identifier
        let action = response.actionIdentifier
        Task { @MainActor in
            await self.answer(id: id, action: action)
            completionHandler()
        }
    }
}

extension UserNotificationsAdapter: NotificationAuthorizing {
    nonisolated func permission() async -> NotificationPermission {
        switch await UNUserNotificationCenter.current().notificationSettings().authorizationStatus {
        case .notDetermined: .notDetermined
        case .denied: .denied
        default: .allowed  // authorized, provisional, ephemeral: notifications show
        }
    }

    nonisolated func requestPermission() async -> NotificationPermission {
        do {
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
        } catch {
            logger.error("could not ask to notify: \(error.localizedDescription, privacy: .public)")
        }
        return await permission()
    }
}

extension UserNotificationsAdapter: Notifying {
    /// See the type's comment: a request the plan holds is left to the plan and only tells `onChange`.
    nonisolated func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        Task { @MainActor in await self.show(request, onAction: onAction) }
    }

    nonisolated func withdraw(id: String) {
        Task { @MainActor in await self.remove(id: id) }
    }
}
