import Foundation
import Logging

/// What woke a deadline waiter.
public enum DeadlineEvent: Equatable, Hashable, Sendable {
    /// The wall clock reached the armed deadline; the waiter is disarmed now.
    case deadlineReached
    /// The wall clock was set (by hand, NTP step, resume); the deadline stays armed, but everything
    /// computed from the clock should be reconciled.
    case clockChanged
}

/// The agent's single wake-up source: one absolute wall-clock deadline at a time, and nothing that
/// wakes the process in between.
///
/// Arming again replaces the previous deadline; a deadline in the past fires at once; `arm(at: nil)`
/// disarms. Events arrive on a private serial queue, one at a time.
public protocol DeadlineWaiting: AnyObject, Sendable {
    /// Called with every event; set it before arming.
    var onEvent: (@Sendable (DeadlineEvent) -> Void)? { get set }
    /// Wakes at `deadline` (wall clock), replacing any earlier deadline; `nil` disarms.
    func arm(at deadline: Date?)
}

/// What went wrong setting up a deadline waiter.
public enum DeadlineTimerError: Error, Equatable, Sendable {
    /// The C library doesn't export the `timerfd` functions.
    case timerFDUnavailable
    /// A system call failed with `errno`.
    case systemCallFailed(name: String, errno: Int32)
}

