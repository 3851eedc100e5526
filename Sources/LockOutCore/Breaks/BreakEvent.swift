import Foundation

/// Something that happened to the breaks cycle.
public enum BreakEvent: Hashable, Sendable {
    /// Time passed: handle every deadline at or before now.
    case tick
    /// The person started the presented break, or asked to take one now (of `kind`, or the next due).
    case userStartedBreak(BreakKind?)
    /// The person says the break is done.
    case userCompleted(BreakKind?)
    /// The person skipped the break.
    case userSkipped(BreakKind?)
    /// The person wants the break again after the snooze duration.
    case userSnoozed(BreakKind?)
    /// The person paused breaks until `until`, or until resumed when nil.
    case userPaused(until: Date?)
    /// The person paused breaks until the next local midnight.
    case userPausedUntilTomorrow
    /// The person resumed paused breaks.
    case userResumed
    /// The person stopped breaks; inside a working-hours window the stop holds until the window ends.
    case userStopped
    /// The person started breaks.
    case userStarted
    /// The settings changed; the engine already holds the new ones.
    case settingsChanged(old: BreakSettings)
    /// A focus segment began holding breaks: from now on no kind newly falls due until the hold ends.
    case focusHoldStarted
    /// The focus segment holding breaks ended at `at`: the kinds held meanwhile fall due together then.
    case focusHoldEnded(at: Date)
    /// The person rested until `endedAt` for long enough to count as these kinds' breaks.
    case restTaken(kinds: [BreakKind], endedAt: Date)
    /// The person has been away since `since` (no input, the screen locked, the system suspended).
    case personAway(since: Date)
    /// The person came back at `at`: the absence counts as the breaks it was long enough for.
    case personBack(at: Date)
    /// `reasons` hold breaks back from now, at most for `maximum`; while deferred, a new set of reasons
    /// replaces the old and the maximum stays. `programs` names the chosen programs among them.
    case deferralStarted(reasons: [DeferralReason], maximum: TimeInterval, programs: [DeferredProgram] = [])
    /// Nothing holds breaks back any more: what fell due meanwhile falls due now.
    case deferralEnded
}

/// Something the runtime must carry out after a transition, once the record is persisted.
public enum BreakEffect: Hashable, Sendable {
    /// Show a notification.
    case present(NotificationRequest)
    /// Remove the notification with this id.
    case withdraw(id: String)
    /// Record these sessions in the history.
    case save([BreakSession])
}
