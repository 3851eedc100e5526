import Foundation

/// The order of one background refresh the system granted (a BGAppRefreshTask on iPhone and iPad), as values:
/// first the plans made again (what the refresh is for: the notification window and the alarm), then a family
/// round within what is left of the budget, then the plans again from what the round brought; then the next
/// refresh asked for and the task completed. The budget ends it sooner, and so does the system's expiry: the round
/// is stopped, the next refresh asked for, the task completed unsuccessfully. Exactly once, whatever comes after.
///
/// ```
///   idle ──started──► planning ──planned(d)──► syncing ──synced──► replanning ──planned(d')──► done
///                        │                        │                    │          submit(d' ?? d), complete(d' != nil)
///                        └──── budgetReached or expired ───────────────┴──► done: stop the round,
///                                                                              submit(d ?? now + retry), complete(false)
///   done ── any event ──► done, nothing to do
/// ```
public struct BackgroundRefresh: Equatable, Sendable {
    /// The whole refresh's budget, from its start. The system grants an app refresh about 30 seconds and may end it
    /// sooner; 20 leaves 10 for a request in flight to be given up, the database to settle and the completion to
    /// reach the system before it suspends the app.
    public static let budget: TimeInterval = 20
    /// The family round's share: it must be over 15 seconds after the start, which leaves 5 for the plans made
    /// again from what it pulled.
    public static let syncBudget: TimeInterval = 15
    /// When the next refresh is asked for where no plan said: a refresh cut short tries again after this.
    public static let retryAfter: TimeInterval = 15 * 60

    public enum Phase: Equatable, Sendable {
        case idle
        case planning
        case syncing
        case replanning
        case done
    }

    public enum Event: Equatable, Sendable {
        /// The system launched the task.
        case started
        /// The plans were made and handed to the system; `refreshAt` is their next refresh, nil when none could be made.
        case planned(refreshAt: Date?)
        /// The family round is over (whatever it came to).
        case synced
        /// The refresh's own budget ran out.
        case budgetReached
        /// The system's expiration handler ran.
        case expired
    }

    public enum Effect: Equatable, Sendable {
        /// Wake with `.budgetReached` at this moment.
        case armBudget(Date)
        case disarmBudget
        /// Make the plans and hand them to the system.
        case plan
        /// Run a family round that must be over by this moment.
        case sync(until: Date)
        /// Stop the round (and whatever else runs) now.
        case stopWork
        /// Ask the system for the next refresh no earlier than this.
        case submit(Date)
        /// Tell the system the task is complete.
        case complete(success: Bool)
    }

    public private(set) var phase: Phase = .idle
    private var startedAt: Date?
    /// The newest plan's next refresh.
    private var refreshAt: Date?

    public init() {}

    /// Moves on with `event` at `now`; answers what to do, in order.
    public mutating func handle(_ event: Event, now: Date) -> [Effect] {
        switch (phase, event) {
        case (.idle, .started):
            phase = .planning
            startedAt = now
            return [.armBudget(now + Self.budget), .plan]
        case (.planning, .planned(let date)):
            phase = .syncing
            refreshAt = date
            return [.sync(until: (startedAt ?? now) + Self.syncBudget)]
        case (.syncing, .synced):
            phase = .replanning
            return [.plan]
        case (.replanning, .planned(let date)):
            phase = .done
            refreshAt = date ?? refreshAt
            return [.disarmBudget, .submit(refreshAt ?? now + Self.retryAfter), .complete(success: date != nil)]
        case (.idle, .expired):
            phase = .done
            return [.submit(now + Self.retryAfter), .complete(success: false)]
        case (.planning, .budgetReached), (.planning, .expired), (.syncing, .budgetReached), (.syncing, .expired),
            (.replanning, .budgetReached), (.replanning, .expired):
            phase = .done
            return [.disarmBudget, .stopWork, .submit(refreshAt ?? now + Self.retryAfter), .complete(success: false)]
        case (.done, _), (.idle, _), (.planning, _), (.syncing, _), (.replanning, _):
            return []
        }
    }
}
