import Foundation
@testable import LockOutAgent
import LockOutCore
import Testing
import LockOutRuntime

@Suite("Agent: the status bar stream")
struct DeviceAgentStatusBarTests {
    private static let minute: TimeInterval = 60

    @Test("a status bar gets the break countdown at once, a new line at each minute change and when the break falls due, and no wake in between")
    func breakCountdown() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        let inbox = SnapshotInbox()
        let id = UUID()
        await agent.followStatusBar(id: id) { inbox.append($0) }
        #expect(inbox.snapshots.map(\.nextBreak?.minutesLeft) == [20])
        // The shown minute changes at 19:00 left: the agent sleeps until then, not a second.
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(Self.minute))

        // A wake inside the minute (another deadline, a command) sends nothing new.
        fixture.wall.set(AgentFixture.start.addingTimeInterval(30))
        await agent.timerFired(.deadlineReached)
        #expect(inbox.snapshots.count == 1)
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(Self.minute))

        var wakes = 0
        while inbox.snapshots.last?.state == "running" {
            fixture.wall.set(try #require(timer.deadline))
            await agent.timerFired(.deadlineReached)
            wakes += 1
        }
        #expect(wakes == 20)  // one a minute for 20 minutes
        #expect(inbox.snapshots.map(\.nextBreak?.minutesLeft) == (1...20).reversed().map { Optional($0) } + [nil])
        let due = try #require(inbox.snapshots.last)
        #expect(due.state == "due")
        #expect(due.currentBreak?.kind == .eye)
        #expect(StatusBarFormat.waybar(due).text == "👁 due")

        await agent.unfollowStatusBar(id: id)
        #expect(await agent.statusBarFollowerCount == 0)
    }

    @Test("while a focus session runs the status bar follows it once a second, and stops waking the agent when it leaves")
    func focusSession() async throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let (agent, timer, _) = try await fixture.startAgent()
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 10)))
        let sessionEnd = AgentFixture.start.addingTimeInterval(10 * Self.minute)
        #expect(timer.deadline == sessionEnd)  // nobody follows: no ticking

        let inbox = SnapshotInbox()
        let id = UUID()
        await agent.followStatusBar(id: id) { inbox.append($0) }
        #expect(inbox.snapshots.last?.focus?.remainingText == "10:00")
        #expect(timer.deadline == AgentFixture.start.addingTimeInterval(1))
        for _ in 0..<2 {
            fixture.wall.set(try #require(timer.deadline))
            await agent.timerFired(.deadlineReached)
        }
        #expect(inbox.snapshots.map(\.focus?.remainingText) == ["10:00", "09:59", "09:58"])

        await agent.unfollowStatusBar(id: id)
        #expect(timer.deadline == sessionEnd)
    }
}

@Suite("Agent API: the status bar stream")
struct StatusBarAPITests: AgentAPITesting {
    @Test("following over a real socket: the snapshot now, then the paused one after a pause from another connection")
    func followOverSocket() async throws {
        let (fixture, agent, api) = try await started()
        defer { fixture.remove() }
        let server = try HTTPServer(port: 0) { request in await api.handle(request) }
        defer { server.stop() }
        let control = RemoteBreakControl(endpoint: AgentEndpoint(port: server.port, token: token, pid: getpid()))

        let received = SnapshotInbox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            try? control.followStatusBar { snapshot in
                received.append(snapshot)
                if received.snapshots.count == 1 {
                    _ = try? control.perform(.pause(seconds: 30 * 60))
                }
                return snapshot.state != "paused"
            }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.snapshots.map(\.state) == ["running", "paused"])
        #expect(received.snapshots.first?.nextBreak?.minutesLeft == 20)
        for _ in 0..<500 where await agent.statusBarFollowerCount > 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await agent.statusBarFollowerCount == 0)
    }

    @Test("following with no agent running says the agent is needed")
    func followWithoutAgent() throws {
        let fixture = try AgentFixture()
        defer { fixture.remove() }
        let control = LocalBreakControl(service: fixture.service, clock: fixture.clock)
        #expect(throws: FocusControlError.agentNotRunning(what: "the status bar stream")) {
            try control.followStatusBar { _ in true }
        }
    }
}

/// Collects status-bar snapshots sent from the agent's executor.
final class SnapshotInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [StatusBarSnapshot] = []

    var snapshots: [StatusBarSnapshot] { lock.withLock { received } }

    func append(_ snapshot: StatusBarSnapshot) { lock.withLock { received.append(snapshot) } }
}
