import Foundation

/// The notifications the breaks cycle shows, with the texts and actions a person sees.
public enum BreakNotifications {
    /// Every break notification shares this id, so a new one replaces the last.
    public static let id = "break"
    public static let category = "BREAK_CATEGORY"
    public static let snoozeAction = "SNOOZE"
    public static let doneAction = "DONE"
    public static let skipAction = "SKIP"
    public static let startAction = "START"

    /// The notification for a break that fell due: Snooze and Done, or Done and Skip once snoozes run out.
    public static func due(_ dueBreak: DueBreak, snoozeMinutes: Int) -> NotificationRequest {
        let actions: [NotificationAction] =
            if dueBreak.snoozeCount < BreakSettings.maxSnoozes {
                [
                    NotificationAction(id: snoozeAction, title: "Snooze \(snoozeMinutes) min"),
                    NotificationAction(id: doneAction, title: "Done"),
                ]
            } else {
                [
                    NotificationAction(id: doneAction, title: "Done"),
                    NotificationAction(id: skipAction, title: "Skip"),
                ]
            }
        return NotificationRequest(
            id: id,
            title: dueBreak.kind.title,
            body: dueBreak.kind.body,
            category: category,
            actions: actions
        )
    }

    /// The notification shown while a break runs.
    public static func active(_ dueBreak: DueBreak, duration: TimeInterval) -> NotificationRequest {
        NotificationRequest(
            id: id,
            title: dueBreak.kind.title,
            body: "Break started for \(DurationText.spoken(seconds: Int(duration))). \(dueBreak.kind.body)",
            category: category,
            actions: [
                NotificationAction(id: doneAction, title: "Done"),
                NotificationAction(id: skipAction, title: "Skip"),
            ]
        )
    }

    /// The event a notification action stands for, or nil for an action the cycle doesn't know.
    public static func event(forAction action: String, kind: BreakKind?) -> BreakEvent? {
        switch action {
        case snoozeAction: .userSnoozed(kind)
        case doneAction: .userCompleted(kind)
        case skipAction: .userSkipped(kind)
        case startAction: .userStartedBreak(kind)
        default: nil
        }
    }
}

/// Spoken durations for notification bodies: "20 seconds", "5 minutes", "1 minute 30 seconds".
enum DurationText {
    static func spoken(seconds: Int) -> String {
        let minutes = seconds / 60
        let rest = seconds % 60
        func unit(_ value: Int, _ name: String) -> String { "\(value) \(name)\(value == 1 ? "" : "s")" }
        switch (minutes, rest) {
        case (0, _): return unit(rest, "second")
        case (_, 0): return unit(minutes, "minute")
        default: return "\(unit(minutes, "minute")) \(unit(rest, "second"))"
        }
    }
}
