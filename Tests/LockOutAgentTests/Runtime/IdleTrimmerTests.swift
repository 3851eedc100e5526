import Foundation
@testable import LockOutAgent
import LockOutRuntime
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@Suite("The idle trimmer")
struct IdleTrimmerTests {
    @Test("pages go once, five seconds after the last of a burst of activity; nothing before it is attached")
    func trimsAfterQuiet() {
        let loop = EmbeddedEventLoop()
        let releases = Mutex(0)
        let trimmer = IdleTrimmer { releases.withLock { $0 += 1 } }
        trimmer.noteActivity()
        loop.advanceTime(by: .seconds(10))
        #expect(releases.withLock { $0 } == 0)
        trimmer.attach(to: loop)
        trimmer.noteActivity()
        loop.advanceTime(by: .seconds(4))
        trimmer.noteActivity()
        loop.advanceTime(by: .seconds(4))
        #expect(releases.withLock { $0 } == 0)
        loop.advanceTime(by: .seconds(1))
        #expect(releases.withLock { $0 } == 1)
        loop.advanceTime(by: .seconds(60))
        #expect(releases.withLock { $0 } == 1)
    }

    @Test("a deadline's event is handled, then counts as activity; arming alone does not")
    func deadlinesCount() {
        let loop = EmbeddedEventLoop()
        let releases = Mutex(0)
        let trimmer = IdleTrimmer { releases.withLock { $0 += 1 } }
        trimmer.attach(to: loop)
        let base = ManualWaiter()
        let waiter = TrimmingDeadlineWaiter(base, trimmer: trimmer)
        let handled = Mutex<[DeadlineEvent]>([])
        waiter.onEvent = { event in handled.withLock { $0.append(event) } }
        waiter.arm(at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(base.armed == Date(timeIntervalSince1970: 1_800_000_000))
        loop.advanceTime(by: .seconds(10))
        #expect(releases.withLock { $0 } == 0)

        base.fire(.deadlineReached)
        #expect(handled.withLock { $0 } == [.deadlineReached])
        loop.advanceTime(by: .seconds(5))
        #expect(releases.withLock { $0 } == 1)
    }
}

/// A deadline waiter fired by hand.
private final class ManualWaiter: DeadlineWaiting, @unchecked Sendable {
    var onEvent: (@Sendable (DeadlineEvent) -> Void)?
    private(set) var armed: Date?

    func arm(at deadline: Date?) { armed = deadline }
    func fire(_ event: DeadlineEvent) { onEvent?(event) }
}
