#if os(Linux)
import Foundation
import Glibc
import LockOutCore
import Testing
@testable import LockOutAgent

/// The gate's shield port on Linux against real processes: copies of `/bin/sleep` under made-up names.
/// Serialized because each test waits seconds on real time.
@Suite("Shield: the gate's process shield controller", .serialized)
struct ProcessShieldControllerTests {
    @Test("shields on: a blocked program started afterwards is stopped within 2 s and reported with its executable")
    func onStopsBlockedProgram() async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let controller = ProcessShieldController(shield: agent.shield())
        defer { controller.setShields(on: false, apps: []) }
        let stopped = Inbox<StoppedProcess>()
        controller.onStopped = { stopped.put($0) }

        controller.setShields(on: true, apps: [BlockedApp(executable: steam.name)])
        #expect(controller.isShielding)
        try await Task.sleep(for: .milliseconds(300))  // not in step with the scans

        let start = ContinuousClock.now
        let running = try steam.start(["300"])
        defer { running.kill() }

        let exit = try #require(await running.exits.next(within: 5))
        #expect(exit.at - start < ProcessShieldTests.stopBound)
        #expect(exit.signal == SIGTERM)
        let report = try #require(await stopped.next(within: 1))
        #expect(report.pid == running.pid)
        #expect(report.executable == steam.name)
        #expect(report.target.executable == steam.name)
    }

    @Test("shields off: a blocked program started afterwards keeps running and nothing is reported")
    func offLeavesProgramRunning() async throws {
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let agent = try StandInAgent()
        defer { agent.kill() }
        let controller = ProcessShieldController(shield: agent.shield())
        defer { controller.setShields(on: false, apps: []) }
        let stopped = Inbox<StoppedProcess>()
        controller.onStopped = { stopped.put($0) }
        controller.setShields(on: true, apps: [BlockedApp(executable: steam.name)])

        controller.setShields(on: false, apps: [BlockedApp(executable: steam.name)])
        let running = try steam.start(["300"])
        defer { running.kill() }

        #expect(!controller.isShielding)
        #expect(await running.exits.next(within: 3) == nil)
        #expect(running.process.isRunning)
        #expect(stopped.takeIfPresent() == nil)
    }
}
#endif
