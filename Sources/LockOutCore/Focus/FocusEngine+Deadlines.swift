import Foundation

/// Deadlines: when the running segment runs out, and the status effects of a transition.
extension FocusEngine {
    /// When the running segment ends by itself, or nil when nothing will happen until the person acts.
    public func nextDeadline(now: Date) -> Date? {
        switch record.state {
        case .stopped, .paused: nil
        case .running(let session): session.endsAt
        }
    }

    /// Ends every segment whose time ran out at or before `now`, each at its own end time.
    mutating func advance(to now: Date) -> [FocusEffect] {
        var effects: [FocusEffect] = []
        // Each step ends a segment of at least a minute; the bound only guards against a spin.
        for _ in 0..<10_000 {
            guard case .running(let session) = record.state, let end = session.endsAt, end <= now else { break }
            // A segment shortened while paused below its running time ends when it resumes, not before.
            let endedAt = max(end, session.resumedAt)
            effects += finish(session, endedAt: endedAt, actual: session.runningTime(at: endedAt), now: now)
        }
        return effects
    }

    /// A new status when the state changed, an end when the session ended; nothing otherwise.
    func statusEffects(since old: FocusState, now: Date) -> [FocusEffect] {
        guard record.state != old else { return [] }
        if let status = liveStatus(now: now) { return [.publishStatus(status)] }
        return old.session == nil ? [] : [.endStatus]
    }
}
