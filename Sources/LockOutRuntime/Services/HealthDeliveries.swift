import Foundation
import LockOutCore

/// What a health source's "new samples were saved" deliveries do to the running device: the gate reads its source
/// again (and so opens or closes, which the next shield plan carries out), today's totals are queued for the
/// family's other devices when they changed, and the app hears of it to plan the shields and sync.
///
/// The system may deliver as soon as the observers are registered — at launch, before the agent has restored its
/// engines, and when a delivery is what woke the app in the background. A delivery that comes before the agent
/// runs waits for it instead of failing on an agent that has not started; once the start failed, waiting
/// deliveries and later ones do nothing. Either way `deliver` returns, so the platform's completion handler
/// (which must always be called) is called once per delivery, after its work.
public actor HealthDeliveries {
    private enum Readiness {
        case waiting([CheckedContinuation<Bool, Never>])
        case started
        case failed
    }

    private let agent: DeviceAgent
    private let sharing: HealthTotalsSharing
    private let calendar: Calendar
    private let changed: @Sendable () async -> Void
    private var readiness = Readiness.waiting([])

    /// How many deliveries wait for the agent to start.
    public var waiting: Int {
        if case .waiting(let waiters) = readiness { return waiters.count }
        return 0
    }

    /// Deliveries for `agent`, sharing this device's totals through `sharing` in `calendar`'s days; `changed` runs
    /// after each delivery's work.
    public init(
        agent: DeviceAgent, sharing: HealthTotalsSharing, calendar: Calendar, changed: @escaping @Sendable () async -> Void
    ) {
        self.agent = agent
        self.sharing = sharing
        self.calendar = calendar
        self.changed = changed
    }

    /// The agent has started: deliveries that waited run now, and later ones at once.
    public func agentStarted() {
        open(started: true)
    }

    /// The agent could not start: deliveries that waited, and later ones, return without work.
    public func agentFailedToStart() {
        open(started: false)
    }

    /// One delivery: waits for the agent's start, then the gate reads its source again, today's totals are queued
    /// when they changed, and `changed` runs. Answers whether the work ran (false when the agent could not start).
    /// Failures of the read or the queue are the gate's to show: a delivery never throws.
    @discardableResult
    public func deliver() async -> Bool {
        guard await ready() else { return false }
        _ = try? await agent.perform(GateCommand.refresh)
        let now = await agent.now()
        _ = try? await sharing.queueIfChanged(day: LocalDate(now, in: calendar), now: now)
        await changed()
        return true
    }

    private func ready() async -> Bool {
        switch readiness {
        case .started: return true
        case .failed: return false
        case .waiting(var waiters):
            return await withCheckedContinuation { continuation in
                waiters.append(continuation)
                readiness = .waiting(waiters)
            }
        }
    }

    private func open(started: Bool) {
        guard case .waiting(let waiters) = readiness else { return }
        readiness = started ? .started : .failed
        for waiter in waiters { waiter.resume(returning: started) }
    }
}
