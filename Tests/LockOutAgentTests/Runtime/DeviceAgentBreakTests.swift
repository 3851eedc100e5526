import Foundation
import LockOutAgent
import LockOutCore
import Testing
import LockOutRuntime

@Suite("Agent: breaks")
struct DeviceAgentBreakTests {
    @Test("a fresh agent runs and arms its timer for the first eye break, 20 minutes out")
    func startsAndArms() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let timer = ManualDeadlineTimer()
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: timer)

        try await agent.start()

        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(20 * 60))
        #expect(try await agent.dashboard().state == "running")
    }

    @Test("full cycle: due → notification → snooze → shown again 5 min later → done saves a completed session")
    func fullCycle() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        let shown = try #require(notifier.presented.last)
        #expect(shown.title == "Eye Break")
        #expect(shown.body == "Look at something 20 feet away for 20 seconds")
        #expect(shown.category == "BREAK_CATEGORY")
        #expect(shown.actions.map(\.id) == ["SNOOZE", "DONE"])
        #expect(shown.actions.map(\.title) == ["Snooze 5 min", "Done"])

        let snoozedAt = fixture.wall.now
        await agent.notificationAction("SNOOZE")
        #expect(notifier.entries.last == .withdrawn("break"))
        #expect(timer.deadline == snoozedAt.addingTimeInterval(5 * 60))

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.count == 2)
        #expect(try await agent.dashboard().state == "breakPending")

        await agent.notificationAction("DONE")
        let sessions = try fixture.sessions()
        #expect(sessions.map(\.kind) == [.eye])
        #expect(sessions.map(\.outcome) == [.completed])
        #expect(sessions.first?.snoozeCount == 1)
        // The eye cycle restarted at Done; the micro break, due at 30 min, comes first.
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(30 * 60))
        #expect(try await agent.dashboard().nextBreak?.kind == .micro)
    }

    @Test("killed while a break is pending, a restarted agent shows it again and Done records it once")
    func killAndRestart() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let firstTimer = ManualDeadlineTimer()
        let first = fixture.makeAgent(notifier: RecordingNotifier(), timer: firstTimer)
        try await first.start()
        fixture.wall.set(try #require(firstTimer.deadline))
        await first.timerFired(.deadlineReached)
        #expect(try await first.dashboard().state == "breakPending")
        // The process dies here: no stop, nothing flushed beyond what each transition persisted.

        fixture.wall.advance(by: 90)
        let notifier = RecordingNotifier()
        let timer = ManualDeadlineTimer()
        let second = fixture.makeAgent(notifier: notifier, timer: timer)
        try await second.start()

        #expect(notifier.presented.map(\.title) == ["Eye Break"])
        #expect(try await second.dashboard().state == "breakPending")
        _ = try await second.perform(.done(nil))
        #expect(try fixture.sessions().map(\.outcome) == [.completed])
    }

    @Test("killed mid-cycle while running, a restart keeps the cycle's deadline")
    func restartKeepsDeadline() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let firstTimer = ManualDeadlineTimer()
        let first = fixture.makeAgent(notifier: RecordingNotifier(), timer: firstTimer)
        try await first.start()
        let deadline = try #require(firstTimer.deadline)

        fixture.wall.advance(by: 7 * 60)
        let timer = ManualDeadlineTimer()
        let second = fixture.makeAgent(notifier: RecordingNotifier(), timer: timer)
        try await second.start()

        #expect(timer.deadline == deadline)
        #expect(try await second.dashboard().nextBreak?.countdown == "13:00")
    }

    @Test("a wake hours after the deadline (suspend) presents one pending break and records no skips")
    func suspendReconciles() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()

        fixture.wall.set(try #require(timer.deadline).addingTimeInterval(3 * 3600))
        await agent.timerFired(.deadlineReached)

        #expect(try fixture.sessions().isEmpty)
        #expect(try await agent.dashboard().state == "breakPending")
        #expect(notifier.presented.count == 1)
        #expect(notifier.presented.first?.title == "Long Break")
    }

    @Test("a clock change reconciles at once: a break that became due is presented")
    func clockChangeReconciles() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, _, notifier) = try await fixture.startAgent()

        fixture.wall.advance(by: 25 * 60)
        await agent.timerFired(.clockChanged)

        #expect(notifier.presented.map(\.title) == ["Eye Break"])
    }

    @Test("a command the engine refuses changes nothing and reports the allowed range")
    func refusedCommand() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: ManualDeadlineTimer())
        try await agent.start()

        await #expect(throws: BreakInputError.snoozeOutOfRange(minutes: 90, allowed: 1...60)) {
            try await agent.perform(.setSnooze(minutes: 90))
        }
        #expect(try fixture.database.settingsStore.load().snoozeMinutes == 5)
    }

    @Test("pause until tomorrow disarms until local midnight, then breaks run again")
    func pauseUntilTomorrow() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let timer = ManualDeadlineTimer()
        let agent = fixture.makeAgent(notifier: RecordingNotifier(), timer: timer)
        try await agent.start()

        _ = try await agent.perform(.pauseUntilTomorrow)
        let midnight = try #require(fixture.calendar.date(from: DateComponents(year: 2026, month: 11, day: 24)))
        #expect(timer.deadline == midnight)

        fixture.wall.set(midnight)
        await agent.timerFired(.deadlineReached)
        #expect(try await agent.dashboard().state == "running")
        #expect(timer.deadline == midnight.addingTimeInterval(20 * 60))
    }

    @Test("every transition is saved before its notification is shown")
    func persistsBeforeEffects() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let timer = ManualDeadlineTimer()
        let notifier = RecordWatchingNotifier(store: fixture.database.breakRecordStore)
        let agent = fixture.makeAgent(notifier: notifier, timer: timer)
        try await agent.start()

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)

        #expect(notifier.statesSeenWhenPresenting == ["breakPending"])
    }
}

/// Reads the stored record at the moment a notification is presented.
final class RecordWatchingNotifier: Notifying, @unchecked Sendable {
    private let store: any BreakRecordStore
    private let lock = NSLock()
    private var seen: [String] = []

    init(store: any BreakRecordStore) {
        self.store = store
    }

    var statesSeenWhenPresenting: [String] { lock.withLock { seen } }

    func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        let state: String
        switch try? store.load() {
        case .valid(let record)?: state = record.state.name
        case .corrupt?: state = "corrupt"
        case nil: state = "none"
        }
        lock.withLock { seen.append(state) }
    }

    func withdraw(id: String) {}
}
