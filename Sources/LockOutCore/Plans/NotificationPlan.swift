import Foundation

/// The dated notification requests to hand a system that delivers them while the app is not running
/// (iOS keeps at most 64 pending): breaks, focus segment ends and task reminders, soonest first.
///
/// ```
///   breaks + focus ── EngineForecast (nobody answers) ──► break and focus-end requests ─┐
///   tasks ─────────── ReminderLifecycle.pending ────────► task reminder requests ───────┼─► soonest 64 within a week
///                                                                                       │
///   pending now ──────────────────────────────── diff(pending:) ◄───────────────────────┘──► cancel ids, add requests
/// ```
///
/// Breaks are the ones the break engine presents when nobody answers: every enabled kind on its schedule,
/// inside working hours, none while paused or stopped, a snoozed break when its snooze ends, a break
/// that expires unanswered counted as skipped (the badge of later requests grows by it). An answer
/// (Snooze, Done, Skip) reaches the app, which hands the engine the event and plans again; so does the
/// app coming to the foreground and a background refresh at ``refreshAt``. A re-plan that changes
/// nothing gives the same ids and contents, so its diff against what is pending is empty.
public struct NotificationPlan: Codable, Hashable, Sendable {
    /// The most requests the system keeps pending.
    public static let pendingLimit = 64
    /// How far ahead a plan looks.
    public static let horizon: TimeInterval = 7 * 24 * 3600

    /// When the plan was made.
    public let madeAt: Date
    /// The requests, soonest first (ties by id), all after `madeAt`, at most ``pendingLimit``.
    public let requests: [PlannedNotification]
    /// Until when the plan holds every request there is: the last request's date when the window is
    /// full, else the horizon's end.
    public let coveredUntil: Date
    /// The categories to register, with the snooze length of the break settings.
    public let categories: [NotificationCategoryPlan]

    /// The earliest begin date of the next background refresh, halfway to `coveredUntil`.
    public var refreshAt: Date { BackgroundRefresh.earliestBegin(now: madeAt, coveredUntil: coveredUntil) }

    /// The plan at `now` for the engines as they stand and `tasks` with their reminders.
    ///
    /// `skippedToday` is the sessions recorded as skipped on today's local day (as statistics count
    /// them); days are the break engine's calendar's. Focus ends are planned when the focus engine
    /// alerts with notifications only: with an alarm, the alarm announces them, never both. For the same
    /// reason the break `ringing` calls for (the break alarm the system holds or will hold) has no request:
    /// its moment is left out, the breaks before and after it are kept (``BreakAlertPlan``).
    public init(
        breaks: BreakEngine, focus: FocusEngine?, tasks: [TaskItem], skippedToday: Int, ringing: PlannedAlarm? = nil,
        now: Date
    ) {
        let calendar = breaks.calendar
        let end = now.addingTimeInterval(Self.horizon)
        let forecast = EngineForecast(breaks: breaks, focus: focus, now: now, through: end, limit: Self.pendingLimit)
        let badges = BadgeCounter(skipped: forecast.skipped, skippedToday: skippedToday, now: now, calendar: calendar)

        let calledByAlarm = ringing.flatMap { $0.beat == .breakDue ? $0 : nil }
        let breakRequests = forecast.breakAlerts.filter { alert in
            PlannedAlarm(beat: .breakDue, kind: alert.due.kind, fireDate: alert.at) != calledByAlarm
        }.map { alert in
            PlannedNotification(
                id: "break.\(alert.due.kind.rawValue).\(PlannedNotification.wholeSeconds(alert.at))",
                fireDate: alert.at,
                title: alert.request.title,
                body: alert.request.body,
                category: NotificationCategoryPlan.category(ofBreak: alert.request),
                badge: badges.badge(at: alert.at)
            )
        }
        let focusAlerts = focus?.capability == .notificationOnly ? forecast.focusAlerts : []
        let focusRequests = focusAlerts.map { alert in
            let request = alert.notification
            return PlannedNotification(
                id: "focus.\(PlannedNotification.wholeSeconds(alert.fireAt))",
                fireDate: alert.fireAt,
                title: request.title,
                body: request.body,
                category: request.category,
                badge: badges.badge(at: alert.fireAt)
            )
        }
        let taskRequests = ReminderLifecycle.pending(tasks, now: now, calendar: calendar).compactMap { effect -> PlannedNotification? in
            guard case .schedule(let id, let date, let request) = effect, date <= end else { return nil }
            return PlannedNotification(
                id: id, fireDate: date, title: request.title, body: request.body,
                category: request.category, badge: badges.badge(at: date)
            )
        }

        let all = (breakRequests + focusRequests + taskRequests)
            .filter { $0.fireDate > now }
            .sorted { ($0.fireDate, $0.id) < ($1.fireDate, $1.id) }
        let kept = Array(all.prefix(Self.pendingLimit))
        madeAt = now
        requests = kept
        coveredUntil = all.count >= Self.pendingLimit ? (kept.last?.fireDate ?? end) : end
        categories = NotificationCategoryPlan.all(snoozeMinutes: breaks.settings.snoozeMinutes)
    }

    /// What to cancel and add so that `pending` (the system's pending requests, read back) matches the plan.
    ///
    /// A pending request planned with the same id, contents and fire date (to the second) stays; one
    /// planned differently is cancelled and added again; one not planned is cancelled.
    public func diff(pending: [PlannedNotification]) -> NotificationPlanDiff {
        let planned = Dictionary(requests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let held = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let cancel = pending.filter { request in
            planned[request.id].map { !$0.deliversSame(as: request) } ?? true
        }
        let add = requests.filter { request in
            held[request.id].map { !$0.deliversSame(as: request) } ?? true
        }
        return NotificationPlanDiff(cancel: Set(cancel.map(\.id)).sorted(), add: add)
    }
}

/// The badge each request sets: the breaks skipped on its fire date's local day by then.
private struct BadgeCounter {
    let skipped: [BreakSession]
    let skippedToday: Int
    let today: LocalDate
    let calendar: Calendar

    init(skipped: [BreakSession], skippedToday: Int, now: Date, calendar: Calendar) {
        self.skipped = skipped
        self.skippedToday = skippedToday
        self.today = LocalDate(now, in: calendar)
        self.calendar = calendar
    }

    func badge(at date: Date) -> Int {
        let day = LocalDate(date, in: calendar)
        let before = day == today ? skippedToday : 0
        return before + skipped.filter { $0.endedAt <= date && $0.day == day }.count
    }
}
