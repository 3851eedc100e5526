import Foundation
import LockOutCore

/// What one window of the native break screen shows at one moment: the same as the web break screen
/// (`LockOutWeb.BreakScreen`) — the kind's title and what to do, the countdown and its ring, Snooze N min and Done.
public struct BreakScreenFrame: Equatable, Sendable {
    public let kind: BreakKind
    public let title: String
    public let body: String
    /// `MM:SS` left of the break.
    public let countdown: String
    /// How much of the ring is still full, from 1 (the whole break left) to 0.
    public let ringFraction: Double
    /// The Done button's label, nil while a strict break's countdown runs.
    public let done: String?
    /// The Snooze button's label, nil when the break cannot be snoozed again or a strict break's countdown runs.
    public let snooze: String?
    /// The line under the buttons naming the keys.
    public let hint: String
    /// Whether the breathing circle carries an eye (eye breaks, as on the web).
    public var showsEye: Bool { kind == .eye }
}

/// The countdown of the break on screen, kept on the screen's own monotonic clock between the agent's answers.
///
/// A break being taken counts down to its end as the agent tells it (`currentBreak.countdown`), anchored at the
/// moment that answer came; a break that is due counts down its length from the moment it was first shown,
/// like the web page counts from its load. Both run `clockScale` times faster, as the agent's clock does.
public struct BreakCountdown: Equatable, Sendable {
    /// Seconds left at `anchor`.
    public let secondsLeft: Double
    /// The monotonic time (in seconds) `secondsLeft` was true at.
    public let anchor: Double
    public let clockScale: Double

    public init(secondsLeft: Double, anchor: Double, clockScale: Double) {
        self.secondsLeft = secondsLeft
        self.anchor = anchor
        self.clockScale = clockScale
    }

    /// Seconds left at monotonic time `time`, never below 0.
    public func left(at time: Double) -> Double {
        max(0, secondsLeft - max(0, time - anchor) * clockScale)
    }

    /// The seconds an `MM:SS` countdown (minutes may pass 59) says, nil when it is not one.
    public static func seconds(of text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]),
              minutes >= 0, (0..<60).contains(seconds) else { return nil }
        return minutes * 60 + seconds
    }
}

extension BreakScreenFrame {
    /// The frame for `current`, `duration` seconds long, with `countdown` at monotonic time `time`; `strict` holds
    /// Snooze and Done back until the countdown ends, and names the way out meanwhile.
    public init(
        current: DashboardScreen.CurrentBreak, durationSeconds: Int, snoozeMinutes: Int, countdown: BreakCountdown, strict: Bool = false,
        at time: Double
    ) {
        let left = countdown.left(at: time)
        kind = current.kind
        title = current.title
        body = current.body
        self.countdown = DurationParser.countdown(left)
        ringFraction = durationSeconds > 0 ? min(1, left / Double(durationSeconds)) : 0
        if strict, left > 0 {
            done = nil
            snooze = nil
            hint = "Snooze and Done come when the countdown ends · Hold Esc for \(Int(BreakScreenSession.escapeHoldSeconds)) s to skip"
        } else {
            done = "Done"
            snooze = current.canSnooze ? "Snooze \(snoozeMinutes) min" : nil
            hint = current.canSnooze ? "Enter: Done · S: Snooze" : "Enter: Done"
        }
    }
}
