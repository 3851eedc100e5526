import Foundation
import LockOutRuntime
import Testing

/// The system's Live Activities, recorded: every call in order; `ended` activities report they no longer show,
/// and `refuse` makes requests fail.
@MainActor
final class RecordingSurface: LiveActivitySurface {
    enum Call: Equatable {
        case request(String)
        case update(String, String)
        case endAll
    }

    private(set) var calls: [Call] = []
    var ended: Set<String> = []
    var refuse = false
    private var made = 0

    func update(_ id: String, to state: String, staleDate: Date?) async -> Bool {
        guard !ended.contains(id) else { return false }
        calls.append(.update(id, state))
        return true
    }

    func request(_ state: String, staleDate: Date?) async -> String? {
        guard !refuse else { return nil }
        made += 1
        calls.append(.request(state))
        return "activity-\(made)"
    }

    func endAll() async { calls.append(.endAll) }
}

/// Waits the test ends by hand: each wait suspends until `release()` or its task's cancellation.
final class HeldWaits: @unchecked Sendable {
    private let lock = NSLock()
    private var held: [UUID: CheckedContinuation<Void, any Error>] = [:]
    private var started = 0

    /// Waits begun so far.
    var count: Int { lock.withLock { started } }
    /// Waits not yet over.
    var open: Int { lock.withLock { held.count } }

    func wait() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock {
                    started += 1
                    held[id] = continuation
                }
            }
        } onCancel: {
            lock.withLock { held.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Ends every open wait.
    func release() {
        let waiting = lock.withLock {
            defer { held.removeAll() }
            return Array(held.values)
        }
        for continuation in waiting { continuation.resume() }
    }
}

@MainActor
@Suite("Live Activity courier")
struct LiveActivityCourierTests {
    private func until(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test("the first state starts an activity; states handed over during the spacing are folded into the latest")
    func spacingKeepsTheLatest() async {
        let surface = RecordingSurface()
        let waits = HeldWaits()
        let courier = LiveActivityCourier(surface: surface, wait: { _ in try await waits.wait() })
        courier.show("25:00", staleDate: nil)
        await until { waits.open == 1 }
        #expect(surface.calls == [.request("25:00")])
        courier.show("24:59", staleDate: nil)
        courier.show("paused 24:58", staleDate: nil)
        await Task.yield()
        #expect(surface.calls == [.request("25:00")])
        waits.release()
        await until { waits.open == 1 && waits.count == 2 }
        #expect(surface.calls == [.request("25:00"), .update("activity-1", "paused 24:58")])
        waits.release()
    }

    @Test("a state equal to the one shown is not sent again")
    func unchanged() async {
        let surface = RecordingSurface()
        let waits = HeldWaits()
        let courier = LiveActivityCourier(surface: surface, wait: { _ in try await waits.wait() })
        courier.show("paused 10:00", staleDate: nil)
        await until { waits.open == 1 }
        courier.show("paused 10:00", staleDate: nil)
        waits.release()
        await until { courier.isIdle }
        #expect(surface.calls == [.request("paused 10:00")])
    }

    @Test("the session's end goes out at once, without waiting for the spacing")
    func endIsAtOnce() async {
        let surface = RecordingSurface()
        let waits = HeldWaits()
        let courier = LiveActivityCourier(surface: surface, wait: { _ in try await waits.wait() })
        courier.show("25:00", staleDate: nil)
        await until { waits.open == 1 }
        courier.show(nil, staleDate: nil)
        await until { courier.isIdle }
        #expect(surface.calls == [.request("25:00"), .endAll])
        #expect(courier.activityID == nil)
    }

    @Test("an activity the person ended is not requested again until the session stops; the next session's is")
    func endedElsewhere() async {
        let surface = RecordingSurface()
        let courier = LiveActivityCourier(surface: surface, wait: { _ in })
        courier.show("25:00", staleDate: nil)
        await until { courier.isIdle }
        surface.ended.insert("activity-1")
        courier.show("20:00", staleDate: nil)
        await until { courier.isIdle }
        #expect(courier.endedElsewhere && courier.activityID == nil)
        #expect(surface.calls == [.request("25:00")])
        courier.show(nil, staleDate: nil)
        await until { courier.isIdle }
        courier.show("50:00", staleDate: nil)
        await until { courier.isIdle }
        #expect(surface.calls == [.request("25:00"), .endAll, .request("50:00")])
    }

    @Test("a refused request is asked again at the next state; an activity a previous run left is updated, not doubled")
    func refusedAndResumed() async {
        let surface = RecordingSurface()
        let courier = LiveActivityCourier(surface: surface, wait: { _ in })
        surface.refuse = true
        courier.show("25:00", staleDate: nil)
        await until { courier.isIdle }
        #expect(surface.calls.isEmpty && courier.activityID == nil)
        surface.refuse = false
        courier.show("24:00", staleDate: nil)
        await until { courier.isIdle }
        #expect(surface.calls == [.request("24:00")])

        let relaunched = RecordingSurface()
        let resumed = LiveActivityCourier(surface: relaunched, wait: { _ in })
        resumed.resume(id: "left-over", showing: "24:00", staleDate: nil)
        resumed.show("24:00", staleDate: nil)
        resumed.show("paused 23:00", staleDate: nil)
        await until { resumed.isIdle }
        #expect(relaunched.calls == [.update("left-over", "paused 23:00")])
    }
}
