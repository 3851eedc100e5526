#if os(Linux)
import Foundation
import Glibc
import Testing
@testable import LockOutAgent

/// What the running shield never signals, even when its block list names it (as a database edited by hand
/// would): protected programs, the agent's descendants, libexec helpers and the pids a source protects.
/// Each test also blocks an ordinary program and waits until it is stopped, so the shield was at work.
@Suite("Shield: processes never signalled", .serialized)
struct ProcessShieldExemptionTests {
    /// Long enough for two scans after the ordinary program was stopped.
    static let quiet: Double = 2.5

    /// Starts an ordinary blocked program, waits until `shield` stops it, and then for two more scans.
    private func shieldingProves(_ shield: ProcessShield, blocking spared: [ShieldTarget]) async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let running = try steam.start(["300"])
        defer { running.kill() }
        shield.apply(blocked: spared + [steam.target], onBlocked: { _ in })
        #expect(try #require(await running.exits.next(within: 5)).signal == SIGTERM)
    }

    @Test("a copy of sleep named dunst on a hand-edited block list is never signalled")
    func protectedNameSpared() async throws {
        let dunst = try FakeProgram(copying: "/bin/sleep", name: "dunst")
        let running = try dunst.start(["300"])
        defer { running.kill() }
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }

        try await shieldingProves(shield, blocking: [dunst.target])

        #expect(await running.exits.next(within: Self.quiet) == nil)
        #expect(running.process.isRunning)
    }

    @Test("a child of the agent whose name is blocked is not signalled; the same program orphaned is stopped")
    func agentChildSpared() async throws {
        let game = try FakeProgram(copying: "/bin/sleep", prefix: "fakegame")
        let child = try game.start(["300"])
        defer { child.kill() }
        let orphan = try await Detached.start(game)
        defer { orphan.kill() }
        let shield = ProcessShield()  // this test process is the agent
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let stopped = Inbox<StoppedProcess>()

        shield.apply(blocked: [game.target], onBlocked: { stopped.put($0) })

        #expect(await stopped.next(within: 5)?.pid == orphan.pid)
        #expect(await child.exits.next(within: Self.quiet) == nil)
        #expect(child.process.isRunning)
        #expect(stopped.takeIfPresent() == nil)
    }

    @Test("a grandchild of the agent, started through a shell, whose name is blocked is not signalled")
    func agentGrandchildSpared() async throws {
        let game = try FakeProgram(copying: "/bin/sleep", prefix: "fakegame")
        let shell = try FakeProgram(copying: "/bin/sh", prefix: "fakeshell")
        let pidFile = Detached.pidFile()
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let parent = try shell.start(["-c", #""$0" 300 & echo $! > "$1"; wait"#, game.url.path, pidFile.path])
        defer { parent.kill() }
        let grandchild = try await Detached.await(game, writingTo: pidFile)
        defer { grandchild.kill() }
        let orphan = try await Detached.start(game)
        defer { orphan.kill() }
        let shield = ProcessShield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }
        let stopped = Inbox<StoppedProcess>()

        shield.apply(blocked: [game.target], onBlocked: { stopped.put($0) })

        #expect(await stopped.next(within: 5)?.pid == orphan.pid)
        #expect(await parent.exits.next(within: Self.quiet) == nil)
        #expect(grandchild.isRunning)
        #expect(stopped.takeIfPresent() == nil)
    }

    @Test("a blocked program run from a folder named libexec is not signalled")
    func libexecHelperSpared() async throws {
        let helper = try FakeProgram(copying: "/bin/sleep", name: "fakehelper\(Int.random(in: 100...999))", subfolder: "libexec")
        let running = try helper.start(["300"])
        defer { running.kill() }
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield()
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }

        try await shieldingProves(shield, blocking: [helper.target])

        #expect(await running.exits.next(within: Self.quiet) == nil)
        #expect(running.process.isRunning)
    }

    @Test("a blocked program whose pid the protected-process source names is not signalled")
    func protectedElsewhereSpared() async throws {
        let notifier = try FakeProgram(copying: "/bin/sleep", prefix: "fakenotify")
        let running = try notifier.start(["300"])
        defer { running.kill() }
        let pid = running.pid
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield(protectedProcessIDs: { [pid] })
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }

        try await shieldingProves(shield, blocking: [notifier.target])

        #expect(await running.exits.next(within: Self.quiet) == nil)
        #expect(running.process.isRunning)
    }
}

/// A process of this user known by pid and start time, though not a child of the test process: started
/// through a shell that exits at once (so it is handed to a reaper outside this process tree), or a grandchild.
struct Detached {
    let pid: Int32
    let startTime: UInt64

    /// A temporary file for a shell to write a pid into.
    static func pidFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lockout-shield-\(UUID().uuidString).pid")
    }

    /// Starts `program` with `300` through a shell that exits at once.
    static func start(_ program: FakeProgram) async throws -> Detached {
        let pidFile = pidFile()
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let script = #""$0" 300 </dev/null >/dev/null 2>&1 & echo $! > "$1""#
        let shell = try RunningProgram(URL(fileURLWithPath: "/bin/sh"), ["-c", script, program.url.path, pidFile.path])
        let started = try await self.await(program, writingTo: pidFile)
        var reader = ProcReader()
        let deadline = ContinuousClock.now + .seconds(5)
        while reader.stat(started.pid)?.parentPID == shell.pid, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))  // until the shell exited and a reaper took the program
        }
        return started
    }

    /// The process whose pid a shell writes to `pidFile`, once it runs `program`.
    static func await(_ program: FakeProgram, writingTo pidFile: URL) async throws -> Detached {
        var reader = ProcReader()
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: pidFile, encoding: .utf8)) ?? ""
            if let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), let stat = reader.stat(pid), stat.comm == program.name {
                return Detached(pid: pid, startTime: stat.startTime)
            }
            try await Task.sleep(for: .milliseconds(20))  // until the shell wrote the pid and the program exec'd
        }
        throw CocoaError(.fileReadNoSuchFile)
    }

    /// Whether the same process still runs.
    var isRunning: Bool {
        var reader = ProcReader()
        guard let stat = reader.stat(pid) else { return false }
        return stat.startTime == startTime && !stat.hasExited
    }

    /// Kills it if it still runs; for cleaning up on every path.
    func kill() {
        if isRunning { Glibc.kill(pid, SIGKILL) }
    }
}
#endif
