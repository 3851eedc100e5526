#if os(Linux)
import Foundation
import Testing
import LockOutCore
import LockOutRuntime
@testable import LockOutAgent

extension UsageTests.PrivateDisplaySuites {
    @Suite("An agent restarted on an X display nobody touches", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct X11RestartAwayTests {
        /// Short, so that a new display is idle past it soon; the agent's own is at least 20 s.
        static let threshold: TimeInterval = 1

        @Test("the X server's idle time, asked as the agent starts, holds back the break that fell due meanwhile; the first input shows it")
        func idleDisplay() async throws {
            let display = try await PrivateDisplay()
            // Nobody touches the new display: once a probe of its own says so, it has been idle past the threshold.
            let probe = X11SyncPresence(environment: display.environment)
            let idle = Inbox<PresenceSignal>()
            try probe.start(awayAfter: Self.threshold) { idle.put($0) }
            #expect(try #require(await idle.next(within: PrivateDisplay.patience)).away)
            probe.stop()

            let fixture = try AgentFixture()
            defer { fixture.remove() }
            _ = try await fixture.startAgent()
            // The eye break fell due at 20:00 while nothing ran; the agent starts again at 25:00.
            fixture.wall.set(AgentFixture.start.addingTimeInterval(25 * 60))
            let notifier = RecordingNotifier()
            let agent = fixture.makeAgent(notifier: notifier, timer: ManualDeadlineTimer())
            let source = X11SyncPresence(environment: display.environment, now: { fixture.wall.now })
            let watch = try AgentHost.startAgent(
                agent, leftOvers: [], presence: [source], naturalBreaks: { true }, awayAfter: Self.threshold, trimmer: IdleTrimmer { }
            )
            defer { watch.stop() }

            #expect(notifier.presented.isEmpty)
            let awaySince = try #require(await agent.presenceReport(naturalBreaks: true).awaySince)
            #expect(awaySince <= fixture.wall.now.addingTimeInterval(-Self.threshold))

            try await display.xdotool(["mousemove", "200", "150"])
            let deadline = Date().addingTimeInterval(PrivateDisplay.patience)
            while await agent.presenceReport(naturalBreaks: true).awaySince != nil, Date() < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(await agent.presenceReport(naturalBreaks: true).awaySince == nil)
            // A few seconds away, too short for the eye break: it is shown now.
            #expect(notifier.presented.map(\.title) == ["Eye Break"])
        }
    }
}
#endif
