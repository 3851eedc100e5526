import Foundation
import LockOutCore
import LockOutRuntime
import Testing
@testable import LockOutAgent

@Suite("Agent: restarted while the person is away")
struct AgentRestartAwayTests {
    /// A restarted agent over `fixture`'s database, started as `lockout run` starts it, with `sources` telling
    /// presence and natural breaks on.
    private func restart(_ fixture: AgentFixture, sources: [any PresenceSource]) throws -> (DeviceAgent, RecordingNotifier, PresenceWatch) {
        let notifier = RecordingNotifier()
        let agent = fixture.makeAgent(notifier: notifier, timer: ManualDeadlineTimer())
        let watch = try AgentHost.startAgent(agent, leftOvers: [], presence: sources, naturalBreaks: { true }, trimmer: IdleTrimmer { })
        return (agent, notifier, watch)
    }

    /// Waits until `agent` has taken what its sources told so far: its queue runs jobs in the order they came.
    private func settled(_ agent: DeviceAgent) async {
        _ = await agent.nextDeadline()
    }

    @Test("a break that fell due while the agent was down and the person away is not shown, and is a natural break at the return")
    func naturalBreakAtReturn() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        // A first run starts the cycles at 0:00; it ends, as a crash would.
        _ = try await fixture.startAgent()
        // The person left at 19:00, the eye break fell due at 20:00 with nothing running, the agent starts at 25:00.
        let left = AgentFixture.start.addingTimeInterval(19 * 60)
        fixture.wall.set(AgentFixture.start.addingTimeInterval(25 * 60))
        let idle = ScriptedPresence(name: "x11-sync", startsAway: PresenceSignal(away: true, at: left, reason: .idle))

        let (agent, notifier, watch) = try restart(fixture, sources: [idle])
        defer { watch.stop() }
        let trays = TrayInbox()
        await agent.followTray(id: UUID()) { trays.append($0) }

        #expect(notifier.presented.isEmpty)
        #expect(trays.statuses.map(\.needsAttention) == [false])
        #expect(await agent.presenceReport(naturalBreaks: true).awaySince == left)

        fixture.wall.advance(by: 60)
        idle.tell(PresenceSignal(away: false, at: fixture.wall.now, reason: .idle))
        await settled(agent)

        #expect(notifier.presented.isEmpty)
        let sessions = try fixture.sessions()
        #expect(sessions.map(\.kind) == [.eye])
        #expect(sessions.map(\.natural) == [true])
        #expect(sessions.first?.dueAt == AgentFixture.start.addingTimeInterval(20 * 60))
        #expect(trays.statuses.contains { $0.needsAttention } == false)
    }

    @Test("a long break due before the person left waits unseen while they are away, and is shown at a return too short for it")
    func shownAtReturn() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        _ = try await fixture.startAgent()
        // Every kind fell due at 60:00 with nothing running; the person left at 60:30; the agent starts at 62:00.
        let left = AgentFixture.start.addingTimeInterval(60 * 60 + 30)
        fixture.wall.set(AgentFixture.start.addingTimeInterval(62 * 60))
        let idle = ScriptedPresence(name: "x11-sync", startsAway: PresenceSignal(away: true, at: left, reason: .idle))

        let (agent, notifier, watch) = try restart(fixture, sources: [idle])
        defer { watch.stop() }
        let trays = TrayInbox()
        await agent.followTray(id: UUID()) { trays.append($0) }
        #expect(notifier.presented.isEmpty)
        #expect(trays.statuses.last?.needsAttention == false)

        // Two minutes away: long enough for the eye and micro breaks, not for the long one.
        fixture.wall.set(left.addingTimeInterval(120))
        idle.tell(PresenceSignal(away: false, at: fixture.wall.now, reason: .idle))
        await settled(agent)

        #expect(notifier.presented.map(\.title) == ["Long Break"])
        #expect(trays.statuses.last?.needsAttention == true)
        let sessions = try fixture.sessions()
        #expect(Set(sessions.map(\.kind)) == [.eye, .micro])
        #expect(sessions.map(\.natural) == [true, true])
    }

    @Test("with natural breaks off an absence told at the start holds nothing: the break that fell due is shown")
    func naturalBreaksOff() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        _ = try await fixture.startAgent()
        fixture.wall.set(AgentFixture.start.addingTimeInterval(25 * 60))
        let left = AgentFixture.start.addingTimeInterval(19 * 60)
        let idle = ScriptedPresence(name: "x11-sync", startsAway: PresenceSignal(away: true, at: left, reason: .idle))
        let notifier = RecordingNotifier()
        let agent = fixture.makeAgent(notifier: notifier, timer: ManualDeadlineTimer())

        let watch = try AgentHost.startAgent(agent, leftOvers: [], presence: [idle], naturalBreaks: { false }, trimmer: IdleTrimmer { })
        defer { watch.stop() }

        #expect(notifier.presented.map(\.title) == ["Eye Break"])
        #expect(await agent.presenceReport(naturalBreaks: false).awaySince == nil)
    }
}
