import Foundation
import LockOutCore
import LockOutRuntime
import Testing

@Suite("Agent: the tray icon's status")
struct TrayFollowTests {
    private static let minute: TimeInterval = 60

    @Test("a tray gets the status at once and a new one only when a shown minute changes; the agent wakes once a minute at most")
    func breakCountdown() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        let inbox = TrayInbox()
        let id = UUID()
        await agent.followTray(id: id) { inbox.append($0) }
        #expect(inbox.statuses.map(\.tooltipText) == ["Eye Break in 20 min"])
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(Self.minute))

        fixture.wall.set(AgentFixture.start.addingTimeInterval(30))
        await agent.timerFired(.deadlineReached)
        #expect(inbox.statuses.count == 1)

        fixture.wall.set(AgentFixture.start.addingTimeInterval(Self.minute))
        await agent.timerFired(.deadlineReached)
        #expect(inbox.statuses.map(\.tooltipText) == ["Eye Break in 20 min", "Eye Break in 19 min"])

        await agent.unfollowTray(id: id)
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(20 * Self.minute))  // nobody follows: the break's own deadline
    }

    @Test("while a focus session runs the tray's tooltip counts whole minutes: no wake each second")
    func focusSession() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 10)))
        let inbox = TrayInbox()
        await agent.followTray(id: UUID()) { inbox.append($0) }
        #expect(inbox.statuses.last?.tooltipText.hasSuffix("Focus: Timer, 10 min left") == true)
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(Self.minute))
    }

    @Test("a skipped break shows in the tooltip's heading, and paused breaks and a due break show in the status")
    func badgeAndStates() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        let inbox = TrayInbox()
        await agent.followTray(id: UUID()) { inbox.append($0) }
        fixture.wall.set(AgentFixture.start.addingTimeInterval(20 * Self.minute))
        while inbox.statuses.last?.needsAttention != true, let deadline = timer.deadline {
            fixture.wall.set(deadline)
            await agent.timerFired(.deadlineReached)
        }
        #expect(inbox.statuses.last?.needsAttention == true)
        _ = try await agent.perform(BreakCommand.skip(nil))
        #expect(inbox.statuses.last?.tooltipTitle == "LockOut · 1 break skipped today")
        #expect(inbox.statuses.last?.skippedToday == 1)
        #expect(inbox.statuses.last?.needsAttention == false)
        _ = try await agent.perform(BreakCommand.pause(seconds: 3600))
        #expect(inbox.statuses.last?.isPaused == true)
    }
}

/// What a tray was told, in order.
final class TrayInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [TrayStatus] = []

    var statuses: [TrayStatus] { lock.withLock { received } }

    func append(_ status: TrayStatus) { lock.withLock { received.append(status) } }
}
