import Foundation
import LockOutCore

/// What a starting agent does with a notification its killed predecessor left outstanding (on screen,
/// or on the terminal while no service answered), by what the notification is about:
///
/// | left over | decision |
/// |---|---|
/// | a break (`BREAK_CATEGORY`) | `followState`: the restored breaks cycle presents it again if the break is still pending or running (in the old one's place), else it is closed — it may have been answered from the CLI meanwhile |
/// | a task reminder (`TASK_REMINDER`) | `showAgain`, unless its task was deleted or completed, or its reminder was turned off or moved ahead (then it fires again at its new time): `close` |
/// | a focus alert (`FOCUS_TIMER`) | `showAgain`: it says a segment ended, which stays true; the next alert takes its place |
/// | a health-gate notice | `close`: it told of a moment (the gate opening, a program stopped) and the restarted gate says what is new |
/// | anything else | `close` |
///
/// Only requests without actions are shown again as they were: an answer needs the state that asked the question.
public enum LeftOverDecision: Equatable, Sendable {
    /// Present the request again as it was.
    case showAgain
    /// Leave it to the restored state: presented again only if that state presents the same id.
    case followState
    /// Do not present it; it is closed with the other left-overs.
    case close
}

/// The decision for each left-over notification; pure apart from the task lookup.
public enum LeftOverNotifications {
    /// Decides for `request`, reading the task it reminds of through `task`.
    public static func decide(
        _ request: NotificationRequest,
        now: Date,
        calendar: Calendar,
        task: (TaskID) throws -> TaskItem?
    ) rethrows -> LeftOverDecision {
        switch request.category {
        case BreakNotifications.category:
            return .followState
        case NotificationSchedule.focusCategory:
            return request.actions.isEmpty ? .showAgain : .close
        case ReminderPlanner.category:
            guard let (id, isTest) = taskReminder(request.id), let item = try task(id), !item.isDone else { return .close }
            if isTest { return .showAgain }
            guard let preset = item.reminder,
                  let fires = ReminderPlanner.fireDate(for: item, preset: preset, calendar: calendar),
                  fires <= now
            else { return .close }
            return .showAgain
        default:
            return .close
        }
    }

    /// The task a reminder's id names, `task.<id>` or `task.<id>.test`, and whether it is the test one.
    static func taskReminder(_ requestID: String) -> (TaskID, isTest: Bool)? {
        let parts = requestID.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && parts[2] == "test"), parts[0] == "task",
              let number = Int(parts[1]), number > 0
        else { return nil }
        let id = TaskID(rawValue: number)
        let expected = parts.count == 3 ? ReminderPlanner.testNotificationID(id) : ReminderPlanner.notificationID(id)
        return expected == requestID ? (id, parts.count == 3) : nil
    }
}

extension DeviceAgent {
    /// Presents again the left-overs the policy keeps; the rest (and breaks the state did not present) are
    /// closed by the notifier afterwards. Runs after the restored state has presented what it calls for.
    func recover(_ leftOvers: [NotificationRequest], now: Date) {
        for request in leftOvers {
            let decision: LeftOverDecision
            do {
                decision = try LeftOverNotifications.decide(request, now: now, calendar: service.calendar) { id in
                    try service.stores.tasks.task(id)
                }
            } catch {
                logger.warning("left-over notification \(request.id) closed: its task could not be read: \(error)")
                continue
            }
            logger.info("left-over notification \(request.id): \(decision)")
            if decision == .showAgain {
                notifier.present(request) { _ in }
            }
        }
    }
}
