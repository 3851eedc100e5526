import Foundation
import LockOutRuntime
import Synchronization
import Testing

@Suite("A sync round's budget")
struct RoundBudgetTests {
    static let start = Date(timeIntervalSince1970: 1_764_000_000)

    @Test("a request gets the full timeout until the deadline is nearer, and none once it has passed")
    func requestTimeFollowsTheDeadline() {
        let clock = Mutex(Self.start)
        let budget = RoundBudget(until: Self.start + 15, now: { clock.withLock { $0 } })
        #expect(budget.timeForRequest(upTo: 20) == 15)
        clock.withLock { $0 += 10 }
        #expect(budget.timeForRequest(upTo: 20) == 5)
        #expect(budget.timeForRequest(upTo: 3) == 3)
        #expect(!budget.isSpent)
        clock.withLock { $0 += 5 }
        #expect(budget.isSpent)
        #expect(budget.timeForRequest(upTo: 20) == nil)
    }

    @Test("stopping calls each waiting handler once, a forgotten one never, and one registered after at once")
    func stopCallsHandlersOnce() {
        let budget = RoundBudget(until: nil, now: { Self.start })
        let calls = Mutex<[String]>([])
        budget.whenStopped { calls.withLock { $0.append("a") } }
        let forgotten = budget.whenStopped { calls.withLock { $0.append("b") } }
        budget.forget(forgotten)
        #expect(budget.timeForRequest(upTo: 20) == 20)
        budget.stop()
        budget.stop()
        #expect(calls.withLock { $0 } == ["a"])
        #expect(budget.isSpent)
        #expect(budget.timeForRequest(upTo: 20) == nil)
        budget.whenStopped { calls.withLock { $0.append("c") } }
        #expect(calls.withLock { $0 } == ["a", "c"])
    }
}
