#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

/// The shield against real processes: copies of `/bin/sleep` and `/bin/sh` under made-up names, started by the
/// test process beside a stand-in agent (the shield spares its own agent's descendants).
/// Serialized because each test waits seconds on real time; the names differ per test anyway.
@Suite("Shield: real processes", .serialized)
struct ProcessShieldTests {
    /// The promise is 2 s from a start to SIGTERM; the extra half second absorbs scheduling noise.
    static let stopBound: Duration = .milliseconds(2500)

    @Test("a blocked program already running is stopped with SIGTERM within 2 s of the shield going on")
    func runningProgramStopped() async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let running = try steam.start(["300"])
        defer { running.kill() }
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let stopped = Inbox<StoppedProcess>()
        try await Task.sleep(for: .milliseconds(200))  // let it exec

        let start = ContinuousClock.now
        shield.apply(blocked: [steam.target], onBlocked: { stopped.put($0) })

        let exit = try #require(await running.exits.next(within: 5))
        #expect(exit.at - start < Self.stopBound)
        #expect(exit.signal == SIGTERM)
        #expect(await stopped.next(within: 1) == StoppedProcess(pid: running.pid, executable: steam.name, target: steam.target))
    }

    @Test("a blocked program started while shielding is stopped within 2 s of its start")
    func newProgramStopped() async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        shield.apply(blocked: [steam.target], onBlocked: { _ in })
        try await Task.sleep(for: .milliseconds(300))  // not in step with the scans

        let start = ContinuousClock.now
        let running = try steam.start(["300"])
        defer { running.kill() }

        let exit = try #require(await running.exits.next(within: 5))
        #expect(exit.at - start < Self.stopBound)
        #expect(exit.signal == SIGTERM)
    }

    @Test("a program under another name is left running")
    func otherNameUntouched() async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let other = try FakeProgram(copying: "/bin/sleep", prefix: "fakeother")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let running = try other.start(["300"])
        defer { running.kill() }

        shield.apply(blocked: [steam.target], onBlocked: { _ in })

        #expect(await running.exits.next(within: 3) == nil)
        #expect(running.process.isRunning)
    }

    @Test(
        "another user's copy of a blocked program is left running while this user's is stopped",
        .enabled(if: FakeProgram.canRunAsAnotherUser, "needs root and setpriv to start a process as another user")
    )
    func otherUserUntouched() async throws {
        let nobody: UInt32 = 65_534
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let theirs = try steam.start(["300"], asUser: nobody)
        defer { theirs.kill() }
        var reader = ProcReader()
        let settled = ContinuousClock.now + .seconds(5)
        while reader.stat(theirs.pid)?.comm != steam.name, ContinuousClock.now < settled {
            try await Task.sleep(for: .milliseconds(20))  // until setpriv has dropped to nobody and exec'd
        }
        #expect(reader.realUID(theirs.pid) == nobody)
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let stopped = Inbox<StoppedProcess>()

        shield.apply(blocked: [steam.target], onBlocked: { stopped.put($0) })
        let ours = try steam.start(["300"])
        defer { ours.kill() }

        #expect(try #require(await ours.exits.next(within: 5)).signal == SIGTERM)
        #expect(await theirs.exits.next(within: 2) == nil)
        #expect(theirs.process.isRunning)
        #expect(await stopped.next(within: 1)?.pid == ours.pid)
        #expect(stopped.takeIfPresent() == nil)
    }

    @Test("with the shield turned off, a blocked program started afterwards keeps running")
    func offTouchesNothing() async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        shield.apply(blocked: [steam.target], onBlocked: { _ in })

        shield.apply(blocked: [], onBlocked: { _ in })
        let running = try steam.start(["300"])
        defer { running.kill() }

        #expect(!shield.isShielding)
        #expect(await running.exits.next(within: 3) == nil)
        #expect(running.process.isRunning)
    }

    @Test("a program that ignores SIGTERM is killed with SIGKILL 3 s later")
    func ignoredTermKilled() async throws {
        let steam = try FakeProgram(copying: "/bin/sh", prefix: "fakesteam")
        let running = try steam.start(["-c", "trap '' TERM; while :; do sleep 1; done"])
        defer { running.kill() }
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let stopped = Inbox<ContinuousClock.Instant>()
        try await Task.sleep(for: .milliseconds(200))

        shield.apply(blocked: [steam.target], onBlocked: { _ in stopped.put(.now) })
        let terminated = try #require(await stopped.next(within: 5))

        let exit = try #require(await running.exits.next(within: 8))
        #expect(exit.signal == SIGKILL)
        #expect(exit.at - terminated >= .milliseconds(2900))
    }
}
#endif
