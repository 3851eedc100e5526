#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

extension UsageTests.PrivateDisplaySuites {
    /// The shield on a real X11 desktop: Xvfb with openbox keeping `_NET_CLIENT_LIST`, and an xterm under a
    /// blocked name mapping its window.
    @Suite("Shield: X11 window events", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct ShieldX11WindowTests {
        @Test("a blocked program that maps a window is stopped by the look its window triggers, with no timer scan")
        func windowStopsProgram() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let xterm = try #require(
                PlatformCommand.find("xterm", environment: ProcessInfo.processInfo.environment), "needs xterm (Debian: xterm)"
            )
            let game = try FakeProgram(copying: xterm.path, prefix: "fakegame")
            let agent = try StandInAgent()
            defer { agent.kill() }
            let shield = ProcessShield(agentPID: agent.pid, windowOpenings: .events(X11WindowOpenings(environment: display.environment)))
            defer { shield.apply(blocked: [], onBlocked: { _ in }) }
            let stopped = Inbox<StoppedProcess>()
            shield.apply(blocked: [game.target], onBlocked: { stopped.put($0) })
            // No new windows: only the backstop's timer, nothing faster.
            #expect(shield.timerInterval == ProcessShield.backstopInterval)

            let running = try game.start(["-e", "/bin/sleep", "600"], environment: display.environment)
            defer { running.kill() }

            #expect(await stopped.next(within: PrivateDisplay.patience)?.pid == running.pid)
            #expect(await running.exits.next(within: 5) != nil)
            let scans = shield.scans
            #expect(scans.windowOpened >= 1)
            #expect(scans.timer == 0)
        }

        @Test("a window manager without _NET_CLIENT_LIST leaves the shield scanning once a second")
        func noWindowManager() async throws {
            let display = try await PrivateDisplay()
            let shield = ProcessShield(windowOpenings: .events(X11WindowOpenings(environment: display.environment)))
            defer { shield.apply(blocked: [], onBlocked: { _ in }) }

            shield.apply(blocked: [ShieldTarget(executable: "fakegame000")], onBlocked: { _ in })

            #expect(shield.timerInterval == ProcessShield.scanInterval)
        }
    }
}
#endif
