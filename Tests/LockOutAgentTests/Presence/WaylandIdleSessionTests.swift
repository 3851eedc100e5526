#if os(Linux)
import Foundation
import Testing
import LockOutCore
@testable import LockOutAgent

extension UsageTests {
    @Suite(
        "Wayland presence on a real headless sway", .serialized,
        .disabled(if: DesktopSession.isSkipped, "LOCKOUT_SKIP_DESKTOP=1: needs sway")
    )
    struct WaylandIdleSessionTests {
        /// The Wayland socket of `sway`, an absolute path: beside its IPC socket, in its runtime folder.
        static func waylandSocket(of sway: HeadlessSway) throws -> String {
            let folder = URL(fileURLWithPath: sway.socketPath).deletingLastPathComponent()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let socket = try #require(names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }, "sway made no Wayland socket")
            return folder.appendingPathComponent(socket).path
        }

        @Test("away once no input came for the threshold, dated at the last input; back at the next input; away again; no wake between")
        func awayAndBack() async throws {
            let sway = try await HeadlessSway()
            let logs = RecordedLogs()
            let source = WaylandIdlePresence(display: try Self.waylandSocket(of: sway), library: nil, now: { Date() }, logger: logs.logger)
            let told = Inbox<PresenceSignal>()
            let started = Date()
            try source.start(awayAfter: 1) { told.put($0) }
            defer { source.stop() }
            // sway 1.7 (Debian 12) offers org_kde_kwin_idle alone; a later one ext-idle-notify-v1 too, then preferred.
            let binding = try #require(source.binding)
            #expect([.kdeIdle, .extIdleNotifyInput, .extIdleNotify].contains(binding.idleProtocol))
            #expect(logs.messages.contains { $0.contains("wayland-idle: ") })

            let away = try #require(await told.next(within: HeadlessSway.patience))
            #expect(away.away && away.reason == .idle)
            // The timeout began when the notification was made: the last input counted is no earlier than the start.
            #expect(away.at >= started.addingTimeInterval(-0.1))
            #expect(away.at <= Date().addingTimeInterval(-1))

            // Nothing wakes the source while the person stays away: no timer, only the compositor's events.
            let wakesWhileAway = source.wakes
            try await Task.sleep(for: .seconds(2))
            #expect(source.wakes == wakesWhileAway)
            #expect(told.takeIfPresent() == nil)

            // sway counts a pointer moved through its IPC as the seat's activity.
            let moved = Date()
            try await sway.command("seat - cursor move 1 1")
            let back = try #require(await told.next(within: HeadlessSway.patience))
            #expect(back.away == false && back.reason == .idle)
            #expect(back.at >= moved)

            // The timeout starts again at the input: away a threshold after it.
            let again = try #require(await told.next(within: HeadlessSway.patience))
            #expect(again.away)
            #expect(again.at >= moved.addingTimeInterval(-0.1))
        }

        @Test("once stopped, nothing more is told and the connection is gone")
        func stop() async throws {
            let sway = try await HeadlessSway()
            let source = WaylandIdlePresence(display: try Self.waylandSocket(of: sway), library: nil, now: { Date() }, logger: RecordedLogs().logger)
            let told = Inbox<PresenceSignal>()
            try source.start(awayAfter: 1) { told.put($0) }
            source.stop()
            try await Task.sleep(for: .seconds(2))
            #expect(told.takeIfPresent() == nil)
        }
    }
}
#endif

#if os(Linux)
extension UsageTests {
    @Suite(
        "Wayland presence on a real KWin (virtual backend)", .serialized,
        .disabled(if: DesktopSession.isSkipped, "LOCKOUT_SKIP_DESKTOP=1: needs kwin-wayland")
    )
    struct WaylandIdleKWinTests {
        @Test("KWin offers ext-idle-notify-v1: it is bound rather than the KDE protocol beside it, and tells away after the threshold with no input")
        func extIdleNotify() async throws {
            let kwin = try await HeadlessKWin()
            let logs = RecordedLogs()
            let source = WaylandIdlePresence(display: kwin.socketPath, library: nil, now: { Date() }, logger: logs.logger)
            let told = Inbox<PresenceSignal>()
            let started = Date()
            try source.start(awayAfter: 1) { told.put($0) }
            defer { source.stop() }
            // KWin 5.27 (Debian 12) has version 1; a later one version 2, the input idle.
            let binding = try #require(source.binding)
            #expect([.extIdleNotify, .extIdleNotifyInput].contains(binding.idleProtocol))

            let away = try #require(await told.next(within: HeadlessKWin.patience))
            #expect(away.away && away.reason == .idle)
            #expect(away.at >= started.addingTimeInterval(-0.1))
            #expect(away.at <= Date().addingTimeInterval(-1))
            // KWin's virtual backend has no input device a test can drive: the return is seen on sway only.
            let wakes = source.wakes
            try await Task.sleep(for: .seconds(2))
            #expect(source.wakes == wakes)
        }
    }
}
#endif
