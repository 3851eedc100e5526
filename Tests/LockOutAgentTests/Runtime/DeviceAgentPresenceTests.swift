import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime
import Synchronization
import Testing

/// A presence source a test speaks for; `failure` makes it unusable, `startsAway` is told as it starts (as the
/// X server's alarm on a desktop already idle past the threshold is).
final class ScriptedPresence: PresenceSource {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    let name: String
    private let failure: String?
    private let startsAway: PresenceSignal?
    private let state = Mutex<(threshold: TimeInterval?, tell: (@Sendable (PresenceSignal) -> Void)?)>((nil, nil))

    init(name: String, failure: String? = nil, startsAway: PresenceSignal? = nil) {
        self.name = name
        self.failure = failure
        self.startsAway = startsAway
    }

    var threshold: TimeInterval? { state.withLock { $0.threshold } }

    func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        if let failure { throw Unavailable(description: failure) }
        state.withLock { $0 = (threshold, onChange) }
        if let startsAway { onChange(startsAway) }
    }

    func stop() { state.withLock { $0.tell = nil } }

    func tell(_ signal: PresenceSignal) { state.withLock { $0.tell }?(signal) }
}

@Suite("Agent: time away as breaks")
struct DeviceAgentPresenceTests {
    /// Starts a watch over `sources` that hands each change to `agent` and records it.
    private func watch(
        _ sources: [any PresenceSource], agent: DeviceAgent, naturalBreaks: Bool = true
    ) async throws -> (PresenceWatch, AsyncStream<PresenceChange>) {
        let (changes, continuation) = AsyncStream.makeStream(of: PresenceChange.self)
        let watch = PresenceWatch(sources: sources)
        let used = watch.start(awayAfter: await agent.presenceThreshold()) { change in
            Task(executorPreference: agent.executor) {
                await agent.presenceChanged(change, naturalBreaks: naturalBreaks)
                continuation.yield(change)
            }
        }
        await agent.setPresenceSources(watching: used.watching, unavailable: used.unavailable)
        return (watch, changes)
    }

    @Test("an eye break on screen when the person steps away is saved as a natural break when they return")
    func naturalBreakSaved() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let idle = ScriptedPresence(name: "x11-sync")
        let (watch, changes) = try await watch([idle, ScriptedPresence(name: "mutter", failure: "not a GNOME session")], agent: agent)
        defer { watch.stop() }
        #expect(idle.threshold == 20)
        var told = changes.makeAsyncIterator()

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.last?.title == "Eye Break")
        let dueAt = fixture.wall.now

        fixture.wall.advance(by: 30)
        idle.tell(PresenceSignal(away: true, at: dueAt.addingTimeInterval(10), reason: .idle))
        #expect(await told.next() == .away(since: dueAt.addingTimeInterval(10), reasons: [.idle]))
        let report = await agent.presenceReport(naturalBreaks: true)
        #expect(report.watching == ["x11-sync"])
        #expect(report.unavailable == ["mutter": "not a GNOME session"])
        #expect(report.awaySince == dueAt.addingTimeInterval(10))

        fixture.wall.advance(by: 60)
        idle.tell(PresenceSignal(away: false, at: fixture.wall.now, reason: .idle))
        #expect(await told.next() == .back(at: fixture.wall.now))
        let sessions = try fixture.sessions()
        #expect(sessions.map(\.kind) == [.eye])
        #expect(sessions.map(\.natural) == [true])
        #expect(notifier.entries.last == .withdrawn("break"))
        let stats = try fixture.database.breakHistory.dayStats(from: LocalDate(dueAt, in: fixture.calendar), through: LocalDate(dueAt, in: fixture.calendar))
        #expect(stats.first?.natural == 1)
        #expect(await agent.presenceReport(naturalBreaks: true).awaySince == nil)
    }

    @Test("a reconcile after a clock change keeps an absence told before it: the breaks falling due meanwhile are natural at the return")
    func reconcileKeepsAbsence() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, _, notifier) = try await fixture.startAgent()
        fixture.wall.advance(by: 5 * 60)
        await agent.presenceChanged(.away(since: AgentFixture.start.addingTimeInterval(4 * 60), reasons: [.idle]), naturalBreaks: true)

        // The machine slept past the eye (20:00) and micro (30:00) breaks; the sources told nothing new.
        fixture.wall.set(AgentFixture.start.addingTimeInterval(31 * 60))
        await agent.timerFired(.clockChanged)
        #expect(notifier.presented.isEmpty)

        fixture.wall.advance(by: 60)
        await agent.presenceChanged(.back(at: fixture.wall.now), naturalBreaks: true)
        #expect(notifier.presented.isEmpty)
        let sessions = try fixture.sessions()
        #expect(Set(sessions.map(\.kind)) == [.eye, .micro])
        #expect(sessions.map(\.natural) == [true, true])
    }

    @Test("with natural breaks off an absence changes nothing, and a return still ends one begun before")
    func offIgnoresAbsence() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        let armed = try #require(timer.deadline)
        await agent.presenceChanged(.away(since: fixture.wall.now, reasons: [.locked]), naturalBreaks: false)
        #expect(timer.deadline == armed)
        #expect(await agent.presenceReport(naturalBreaks: false).line(now: fixture.wall.now) == "Time away: does not count as breaks (natural-breaks off)")

        await agent.presenceChanged(.away(since: fixture.wall.now, reasons: [.locked]), naturalBreaks: true)
        #expect(timer.deadline == nil)
        fixture.wall.advance(by: 10)
        await agent.presenceChanged(.back(at: fixture.wall.now), naturalBreaks: false)
        #expect(timer.deadline == armed.addingTimeInterval(10))
    }
}
