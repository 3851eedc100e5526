import Foundation
import LockOutCore

/// Everything a system that delivers alerts by itself should hold now, from Core's plans over the agent's
/// engines: the notification requests, the break alarm, the focus Live Activity, the shields and their
/// Screen Time schedules, and when to plan again. The Apple apps apply it after every change; adapters
/// only translate it.
public struct SystemPlans: Sendable {
    /// The dated notifications: breaks, focus ends and task reminders (``NotificationPlan``); a break the alarm
    /// calls for has none.
    public let notifications: NotificationPlan
    /// What to cancel and schedule so the system holds the one break alarm the cycle wants; where alarms may not
    /// ring, every break alarm held is cancelled and none scheduled.
    public let alarm: AlarmChanges
    /// The focus session's Live Activity and its stale date; nil when no session runs.
    public let liveActivity: FocusActivityPlan?
    /// What the gate and the reward apps block now and for the coming week.
    public let shields: ShieldPlan
    /// The app's badge now: the breaks skipped today (seed 000). Each planned request carries the badge of its
    /// own moment.
    public let badge: Int
    /// The earliest begin date to ask of a background refresh: the earlier of the notification plan's and
    /// the shield plan's.
    public let refreshAt: Date
}

extension DeviceAgent {
    /// The plans for the engines as they stand now. `alarms` is the alarm authorization the device really has
    /// (``AlarmAuthorizing``): authorized, a break is called by an alarm and not by a notification, otherwise by
    /// the notification (``BreakAlertPlan``). `heldAlarms` are the alarms the system holds (empty where there are
    /// none): the alarm changes are reckoned against them.
    public func systemPlans(alarms: AlarmAuthorization = .unavailable, heldAlarms: [HeldAlarm] = []) throws -> SystemPlans {
        let now = clock.now()
        let breaks = try requireBreaks()
        let focus = try requireFocus()
        let today = try breakService.stores.history.today(now: now, calendar: breakService.calendar)
        let skippedToday = try breakService.stores.history.dayStats(from: today, through: today).first?.skipped ?? 0
        let alerts = BreakAlertPlan(
            breaks: breaks, focus: focus, tasks: try service.stores.tasks.all(), skippedToday: skippedToday,
            alarms: alarms, held: heldAlarms, now: now
        )
        let notifications = alerts.notifications
        let shields = ShieldPlan(gate: gate, rewards: rewards, now: now)
        return SystemPlans(
            notifications: notifications,
            alarm: alerts.alarm,
            liveActivity: focus.activityPlan(now: now),
            shields: shields,
            badge: skippedToday,
            refreshAt: min(notifications.refreshAt, shields.refreshAt)
        )
    }

    /// Once at launch, with the alarms the system still holds: rebuilds the break cycle from the stored record
    /// and the ringing break alarms (an alarm that rings means its break is pending, whatever the record says),
    /// persists it, shows what it calls for, and answers with the alarm changes that bring the system in line.
    public func reconcileAlarms(held: [HeldAlarm]) throws -> AlarmChanges {
        let now = clock.now()
        let (restored, effects) = try breakService.restore(now: now, pendingAlarms: BreakAlarmPlan.pendingAlarms(held: held))
        let focus = try requireFocus()
        breaks = restored
        carryOut(restored.presentationEffects() + effects.filter { !$0.isPresentation })
        rearm()
        return BreakAlarmPlan.changes(breaks: restored, focus: focus, held: held, now: now)
    }

    /// A break alarm the person dismissed: "Start break" starts a break that fell due, Stop skips it; a look-away
    /// alarm needs only the engines ticked to now. An alarm whose break was already answered, or expired and
    /// another is pending now, changes nothing (``BreakAlarmPlan/isCalling(_:for:)``).
    public func alarmDismissed(_ alarm: PlannedAlarm, by answer: AlarmAnswer) throws {
        let now = clock.now()
        var current = try requireBreaks()
        var effects = try breakService.handle(.tick, on: &current, now: now)
        if case .breakPending(let pending) = current.record.state, BreakAlarmPlan.isCalling(alarm, for: pending) {
            do {
                effects += try breakService.handle(BreakAlarmPlan.event(forDismissed: alarm, by: answer), on: &current, now: now)
            } catch {
                // Another kind's break is pending: the ticked engines stand, and the next plan calls for it.
                logger.warning("alarm \(alarm.id) answered with \(answer.rawValue), not applied: \(error)")
            }
        }
        breaks = current
        carryOut(effects)
        rearm()
    }

    /// A button of a delivered plan request (``PlannedNotification``): `id` is the request's id and `action`
    /// the button's (`SNOOZE`, `DONE`, `SKIP`). A break request's kind comes from its id; the engines are
    /// ticked to now first, since the app may not have run since the request was planned. Other requests
    /// (focus ends, task reminders) carry no action the engines take.
    public func answerNotification(id: String, action: String) throws {
        let parts = id.split(separator: ".")
        guard parts.count == 3, parts[0] == "break", let kind = BreakKind(rawValue: String(parts[1])),
            let event = BreakNotifications.event(forAction: action, kind: kind)
        else {
            logger.info("notification \(id) answered with \(action): nothing to do")
            return
        }
        let now = clock.now()
        var current = try requireBreaks()
        var effects = try breakService.handle(.tick, on: &current, now: now)
        do {
            effects += try breakService.handle(event, on: &current, now: now)
        } catch {
            logger.warning("notification \(id) answered with \(action), not applied: \(error)")
        }
        breaks = current
        carryOut(effects)
        rearm()
    }
}

extension DeviceAgent {
    /// Holds breaks while another app fills the screen (a presentation, a film, a game), as seed 000 asks of the
    /// Mac app, and lets them come back when it leaves: the break engine's hold, the one a focus session takes,
    /// so the kinds that fell due meanwhile come back together as one break. While a focus session holds
    /// breaks, ending the deferral leaves its hold alone. The platform reports every change (on macOS, on every
    /// app activation), never by polling.
    public func setBreaksDeferred(_ deferred: Bool) throws {
        let now = clock.now()
        var current = try requireBreaks()
        let held = current.record.heldSince != nil
        let focusHolds = focus?.holdsBreaks ?? false
        let event: BreakEvent? =
            switch (deferred || focusHolds, held) {
            case (true, false): .focusHoldStarted
            case (false, true): .focusHoldEnded(at: now)
            case (true, true), (false, false): nil
            }
        guard let event else { return }
        let effects = try breakService.handle(event, on: &current, now: now)
        breaks = current
        carryOut(effects)
        rearm()
    }
}
