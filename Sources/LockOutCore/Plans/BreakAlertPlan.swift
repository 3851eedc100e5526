import Foundation

/// Whether the device lets the app ring alarms (AlarmKit, iOS and iPadOS 26 and later), as the system says now.
public enum AlarmAuthorization: String, Codable, Hashable, Sendable, CaseIterable {
    /// No alarms on this device: the Mac, or a system older than iOS 26.
    case unavailable
    /// The person was not asked yet.
    case notDetermined
    /// The person said no, or took it back in the system's settings.
    case denied
    /// Alarms ring.
    case authorized

    /// Whether a break may be called by an alarm.
    public var ringsAlarms: Bool { self == .authorized }
}

/// The notifications and the break alarm for a device that delivers them itself, with each break called once.
///
/// ```
///   alarms authorized ── BreakAlarmPlan.changes ──► the wanted alarm ── its moment left out ──► NotificationPlan
///   otherwise ────────── every held break alarm cancelled, none scheduled ───────────────────► NotificationPlan (whole)
/// ```
///
/// Where alarms may ring, the break the wanted alarm calls for (the next to fall due, or a snoozed one when its
/// snooze ends) has no notification: the alarm rings through silent mode and Focus, and a notification at the
/// same moment would call twice. The breaks after it stay notifications: the alarm plan holds one alarm at a
/// time, and the app plans the next alarm when it learns how this one was answered; if it never runs meanwhile,
/// the later breaks still call. Anywhere else (not asked, denied, revoked, no AlarmKit) every break is a
/// notification, and the break alarms the system may still hold are cancelled, so a revoked authorization falls
/// back to notifications at the next plan.
public struct BreakAlertPlan: Hashable, Sendable {
    /// The dated notification requests.
    public let notifications: NotificationPlan
    /// What to cancel and schedule so the system holds the break alarm wanted, or none.
    public let alarm: AlarmChanges

    /// The plan at `now` for the engines as they stand; `alarms` is the authorization the device really has,
    /// `held` every alarm the system reports holding.
    public init(
        breaks: BreakEngine, focus: FocusEngine?, tasks: [TaskItem], skippedToday: Int,
        alarms: AlarmAuthorization, held: [HeldAlarm], now: Date
    ) {
        if alarms.ringsAlarms {
            alarm = BreakAlarmPlan.changes(breaks: breaks, focus: focus, held: held, now: now)
        } else {
            alarm = BreakAlarmPlan.withdrawal(held: held)
        }
        notifications = NotificationPlan(
            breaks: breaks, focus: focus, tasks: tasks, skippedToday: skippedToday, ringing: alarm.wanted, now: now
        )
    }
}
