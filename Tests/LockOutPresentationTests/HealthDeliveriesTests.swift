import Foundation
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import LockOutStore
import Testing

/// Counts the app's "something changed" calls.
final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    var count: Int { lock.withLock { calls } }
    func record() { lock.withLock { calls += 1 } }
}

@MainActor
@Suite("Health deliveries")
struct HealthDeliveriesTests {
    /// A gate blocking steam with 6,240 of 10,000 steps, then the app relaunched: a new agent over the same database,
    /// not started yet, as when a delivery is what wakes the app.
    private func relaunchedWithClosedGate() async throws -> (PresentationFixture, DeviceAgent) {
        let fixture = try await PresentationFixture()
        let model = HealthGateModel(agent: fixture.agent)
        await model.block(BlockedApp(executable: "steam"))
        try fixture.log(6_240)
        await model.checkHealth()
        #expect(model.isLocked)
        await fixture.agent.stop()
        let relaunched = fixture.services.agent(
            shield: fixture.shield, notifier: fixture.notifier, timer: ManualDeadlineTimer(),
            clock: ProcessClock(scale: 1, wallNow: { fixture.clock.now })
        )
        return (fixture, relaunched)
    }

    @Test("a delivery that comes before the agent starts waits for it, then the gate reads its source again and opens")
    func deliveryBeforeStartWaits() async throws {
        let (fixture, agent) = try await relaunchedWithClosedGate()
        let changes = ChangeCounter()
        let deliveries = HealthDeliveries(
            agent: agent, sharing: fixture.services.healthSharing, calendar: fixture.calendar, changed: { changes.record() }
        )
        // The system wakes the app and delivers before the agent has restored its engines.
        let delivery = Task { await deliveries.deliver() }
        while await deliveries.waiting == 0 { await Task.yield() }
        #expect(changes.count == 0)

        try await agent.start()
        #expect(try await agent.gateScreen().status.isClosed && fixture.shield.state.on)
        // The steps the delivery is about are read once it runs.
        try fixture.log(4_000)
        await deliveries.agentStarted()
        #expect(await delivery.value)
        #expect(changes.count == 1)
        #expect(try await !agent.gateScreen().status.isClosed)
        #expect(!fixture.shield.state.on)
        #expect(await deliveries.waiting == 0)
    }

    @Test("once the agent runs, a delivery works at once; each one tells the app once")
    func deliveryAfterStart() async throws {
        let (fixture, agent) = try await relaunchedWithClosedGate()
        let changes = ChangeCounter()
        let deliveries = HealthDeliveries(
            agent: agent, sharing: fixture.services.healthSharing, calendar: fixture.calendar, changed: { changes.record() }
        )
        try await agent.start()
        await deliveries.agentStarted()
        #expect(await deliveries.deliver())
        #expect(try await agent.gateScreen().status.isClosed)
        try fixture.log(4_000)
        #expect(await deliveries.deliver())
        #expect(try await !agent.gateScreen().status.isClosed)
        #expect(!fixture.shield.state.on)
        #expect(changes.count == 2)
    }

    @Test("when the agent could not start, waiting and later deliveries return without work, so each is completed")
    func startFailed() async throws {
        let (fixture, agent) = try await relaunchedWithClosedGate()
        let changes = ChangeCounter()
        let deliveries = HealthDeliveries(
            agent: agent, sharing: fixture.services.healthSharing, calendar: fixture.calendar, changed: { changes.record() }
        )
        let waiting = Task { await deliveries.deliver() }
        while await deliveries.waiting == 0 { await Task.yield() }
        await deliveries.agentFailedToStart()
        #expect(await waiting.value == false)
        #expect(await deliveries.deliver() == false)
        #expect(changes.count == 0)
    }
}
