import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime
import Synchronization
import Testing

private final class RecordingChimes: ChimePlaying {
    private let played = Mutex<[Chime]>([])
    var chimes: [Chime] { played.withLock { $0 } }
    func play(_ chime: Chime) { played.withLock { $0.append(chime) } }
}

@Suite("Agent: chimes at a break's start and end")
struct DeviceAgentChimeTests {
    @Test("a break falling due chimes its start, and a break taken chimes its end when it is over")
    func startAndEnd() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        let player = RecordingChimes()
        await agent.attachChimes(player, settings: { .defaults })

        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(player.chimes == [.breakStart])

        _ = try await agent.perform(.takeBreakNow(nil))
        #expect(player.chimes == [.breakStart])
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(player.chimes == [.breakStart, .breakEnd])
    }

    @Test("a muted kind does not chime")
    func muted() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, notifier) = try await fixture.startAgent()
        let player = RecordingChimes()
        await agent.attachChimes(player, settings: { ChimeSettings(eye: false) })
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
        #expect(notifier.presented.map(\.title) == ["Eye Break"])
        #expect(player.chimes.isEmpty)
    }
}
