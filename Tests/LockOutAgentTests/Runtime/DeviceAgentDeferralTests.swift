import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime
import Synchronization
import Testing

/// Reasons a test sets by hand.
private final class SetReasons: DeferralSensing {
    private let reasons = Mutex<Set<DeferralReason>>([])
    private let asked = Mutex(0)

    func set(_ new: Set<DeferralReason>) { reasons.withLock { $0 = new } }
    var looks: Int { asked.withLock { $0 } }

    func currentReasons(enabled: Set<DeferralReason>, callAllowList: [String]) -> Set<DeferralReason> {
        asked.withLock { $0 += 1 }
        return reasons.withLock { $0 }.intersection(enabled)
    }

    func start(onChange: @escaping @Sendable () -> Void) {}
    func stop() {}
}

@Suite("Agent: deferring breaks for calls, full screen and do-not-disturb")
struct DeviceAgentDeferralTests {
    @Test("a call when the break falls due holds it; looked at once a minute, the break is shown when the call ends")
    func callHoldsUntilItEnds() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let sensor = SetReasons()
        await agent.attachDeferral(sensor, settings: { DeferralSettings() })
        #expect(sensor.looks == 0)
        sensor.set([.call])

        let due = try #require(timer.deadline)
        fixture.wall.set(due)
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.isEmpty)
        #expect(sensor.looks == 1)
        #expect(timer.deadline == due.addingTimeInterval(60))
        #expect(try await agent.dashboard().waiting?.hasPrefix("Breaks wait for a call, until") == true)

        fixture.wall.set(due.addingTimeInterval(60))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.isEmpty)

        sensor.set([])
        fixture.wall.set(due.addingTimeInterval(120))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
        #expect(try await agent.dashboard().state == "breakPending")
    }

    @Test("the maximum deferral holds: a break is shown after it even while the reason stays")
    func maximumHolds() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let sensor = SetReasons()
        await agent.attachDeferral(sensor, settings: { DeferralSettings(maxDeferralMinutes: 5) })
        sensor.set([.fullScreen])
        let due = try #require(timer.deadline)
        fixture.wall.set(due)
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.isEmpty)

        for minute in 1...5 {
            fixture.wall.set(due.addingTimeInterval(Double(minute) * 60))
            await agent.timerFired(.deadlineReached)
        }
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
        #expect(try await agent.dashboard().waiting == nil)
    }

    @Test("the break screen going full screen over a shown break defers nothing; a call then still does")
    func breakScreenIsNoFullScreen() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let sensor = SetReasons()
        await agent.attachDeferral(sensor, settings: { DeferralSettings() })
        let due = try #require(timer.deadline)
        fixture.wall.set(due)
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
        sensor.set([.fullScreen])  // the break screen's own window
        await agent.reevaluateDeferral()
        #expect(try await agent.dashboard().waiting == nil)
        #expect(await agent.deferralReasons().isEmpty)
        sensor.set([.fullScreen, .call])
        await agent.reevaluateDeferral()
        #expect(try await agent.dashboard().waiting?.hasPrefix("Breaks wait for a call") == true)
    }

    @Test("a reason switched off in the settings defers nothing")
    func switchedOff() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let sensor = SetReasons()
        await agent.attachDeferral(sensor, settings: { DeferralSettings(doNotDisturb: false) })
        sensor.set([.doNotDisturb])
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
    }
}
