#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

extension UsageTests {
    @Suite(
        "sway's full screen on a real headless sway", .serialized,
        .disabled(if: DesktopSession.isSkipped, "LOCKOUT_SKIP_DESKTOP=1: needs sway and foot")
    )
    struct SwayFullScreenSessionTests {
        @Test("no window is not full screen though sway's workspace says fullscreen_mode 1; a window is while full screen, not once it left it or closed")
        func emptyWorkspaceAndWindow() async throws {
            let sway = try await HeadlessSway()
            // What the watch must see through: the focused node of a sway with no window is a workspace in mode 1.
            #expect(try sway.focused() == HeadlessSway.Node(type: "workspace", focused: true, fullScreenMode: 1, appID: nil))
            let watch = CompositorFullScreenWatch(compositor: SwayFocus(socketPath: sway.socketPath), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = Inbox<Bool>()
            watch.start { [weak watch] in changes.put(watch?.isFullScreen ?? false) }
            #expect(!watch.isFullScreen)
            #expect(changes.takeIfPresent() == nil)

            try await sway.openWindow()
            try await sway.command("fullscreen enable")
            #expect(await changes.next(within: HeadlessSway.patience) == true)
            try await sway.command("fullscreen disable")
            #expect(await changes.next(within: HeadlessSway.patience) == false)
            try await sway.closeFocusedWindow()

            // A close that took the empty workspace left focused for a full-screen window would have told true,
            // and false again at the next window's focus: only this window's full screen may be told.
            try await sway.openWindow()
            try await sway.command("fullscreen enable")
            #expect(await changes.next(within: HeadlessSway.patience) == true)
            #expect(changes.takeIfPresent() == nil)

            // Closing the full-screen window leaves the empty workspace focused.
            try await sway.closeFocusedWindow()
            #expect(await changes.next(within: HeadlessSway.patience) == false)
            #expect(!watch.isFullScreen)
            #expect(try sway.focused()?.type == "workspace")
        }
    }
}
#endif
