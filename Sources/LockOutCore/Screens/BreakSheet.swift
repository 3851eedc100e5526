import Foundation

/// The sheet the apps show over every screen while a break is due or being taken (seed 000): the break's
/// title and what to do, an eye or a breathing circle, a ring that empties over the break with its `MM:SS`,
/// and the buttons Start, Snooze N min, Done and Skip.
///
/// A snoozed break is off screen until it comes back, so it has no sheet.
public struct BreakSheet: Codable, Equatable, Sendable {
    /// What the sheet draws in its circle.
    public enum Exercise: String, Codable, Sendable {
        /// An eye: look into the distance.
        case eye
        /// A circle that grows and shrinks: breathe with it.
        case breathing
    }

    public let kind: BreakKind
    /// Like "Eye Break".
    public let title: String
    /// What the break asks, like "Look at something 20 feet away for 20 seconds".
    public let body: String
    public let exercise: Exercise
    /// Whether the break is being taken: its ring runs down to the break's end. A due break shows its whole length.
    public let isActive: Bool
    /// When the break being taken ends; nil while it is only due.
    public let endsAt: Date?
    /// The break's length.
    public let durationSeconds: Int
    /// The part of the break still to go, from 1 (all of it) to 0 (over): what the ring fills.
    public let ringFraction: Double
    /// The time still to go as `MM:SS`.
    public let countdown: String
    /// "Start break" while the break is only due; nil once it runs.
    public let startTitle: String?
    /// "Snooze 5 min" while a due break may still be snoozed; nil once it ran out of snoozes or runs.
    public let snoozeTitle: String?
    public let doneTitle: String
    public let skipTitle: String

    /// The sheet for `dashboard` at `now` with the lengths `settings` give; nil when no break is due or being taken.
    public init?(dashboard: DashboardScreen, settings: BreakSettings, now: Date) {
        guard let current = dashboard.currentBreak, dashboard.state == "breakPending" || dashboard.state == "breakActive" else {
            return nil
        }
        let active = dashboard.state == "breakActive"
        let duration = settings[current.kind].durationSeconds
        let left = active ? min(max(current.until.map { $0.timeIntervalSince(now) } ?? 0, 0), TimeInterval(duration)) : TimeInterval(duration)
        kind = current.kind
        title = current.title
        body = current.body
        exercise = current.kind == .eye ? .eye : .breathing
        isActive = active
        endsAt = active ? current.until : nil
        durationSeconds = duration
        ringFraction = duration > 0 ? left / TimeInterval(duration) : 0
        countdown = DurationParser.countdown(left)
        startTitle = active ? nil : "Start break"
        snoozeTitle = !active && current.canSnooze ? "Snooze \(settings.snoozeMinutes) min" : nil
        doneTitle = "Done"
        skipTitle = "Skip"
    }
}
