import Foundation
import Synchronization

/// How long a sync round may take, and a way to stop it sooner: a background refresh's round must end within the
/// time the system grants. The round's client asks before each request and cuts the request's timeout to what
/// is left (`FamilyClient`); a transport that can (`FamilyTransport.send(_:timeout:budget:)`) gives up the
/// request in flight as soon as the budget is stopped. A round out of budget ends as `.waiting`, its outbox kept:
/// a push whose answer was lost is sent again under the same mutation ids, which the server applies once.
public final class RoundBudget: Sendable {
    /// Why a round out of budget stopped, as its outcome says.
    public static let spentReason = "the time for this round ran out; it goes on at the next one"

    /// The moment the round must be over by; nil: only `stop()` ends it.
    public let deadline: Date?
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var nextID = 0
        var handlers: [Int: @Sendable () -> Void] = [:]
    }

    /// A budget until `deadline` as `now` tells the time.
    public init(until deadline: Date?, now: @escaping @Sendable () -> Date) {
        self.deadline = deadline
        self.now = now
    }

    /// Ends the budget now: the round sends no further request, and a request in flight is given up where the
    /// transport can. Calls each handler of `whenStopped` once.
    public func stop() {
        let handlers = state.withLock { state in
            guard !state.stopped else { return [@Sendable () -> Void]() }
            state.stopped = true
            defer { state.handlers = [:] }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Whether the round must end: stopped, or past its deadline.
    public var isSpent: Bool {
        if state.withLock({ $0.stopped }) { return true }
        guard let deadline else { return false }
        return now() >= deadline
    }

    /// The time the next request may take: `limit`, or what is left before the deadline when that is less; nil
    /// when the budget is spent and nothing more may be sent.
    public func timeForRequest(upTo limit: TimeInterval) -> TimeInterval? {
        guard !isSpent else { return nil }
        guard let deadline else { return limit }
        return min(limit, deadline.timeIntervalSince(now()))
    }

    /// Calls `handler` once when the budget is stopped, at once when it is already; answers the id that
    /// `forget(_:)` takes once the request it guards is over.
    @discardableResult
    public func whenStopped(_ handler: @escaping @Sendable () -> Void) -> Int {
        let id: Int? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        guard let id else {
            handler()
            return 0
        }
        return id
    }

    /// Forgets the handler `id`.
    public func forget(_ id: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: id) }
    }
}
