#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

extension UsageTests.PrivateDisplaySuites {
    @Suite("X11 full-screen watch", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct X11FullScreenWatchTests {
        @Test("told when the focused window goes full screen and leaves it, and when focus moves to a window that is not")
        func fullScreenChanges() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let presentation = try await display.openWindow(prefix: "slides")
            let other = try await display.openWindow(prefix: "notes")
            try await display.xdotool(["windowactivate", "--sync", presentation.window])
            let watch = try X11FullScreenWatch(environment: display.environment)
            defer { watch.stop() }
            let changes = Inbox<Void>()
            watch.start { changes.put(()) }
            #expect(!watch.isFullScreen)

            try await display.wmctrl(["-i", "-r", presentation.window, "-b", "add,fullscreen"])
            #expect(await changes.next(within: 10) != nil)
            #expect(watch.isFullScreen)

            try await display.xdotool(["windowactivate", "--sync", other.window])
            #expect(await changes.next(within: 10) != nil)
            #expect(!watch.isFullScreen)

            try await display.xdotool(["windowactivate", "--sync", presentation.window])
            #expect(await changes.next(within: 10) != nil)
            #expect(watch.isFullScreen)

            try await display.wmctrl(["-i", "-r", presentation.window, "-b", "remove,fullscreen"])
            #expect(await changes.next(within: 10) != nil)
            #expect(!watch.isFullScreen)
        }

        @Test("a full-screen window that closes while focused holds nothing back, though the window manager names no other")
        func focusedFullScreenWindowCloses() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let screen = try await display.openWindow(prefix: "screen")
            try await display.xdotool(["windowactivate", "--sync", screen.window])
            let watch = try X11FullScreenWatch(environment: display.environment)
            defer { watch.stop() }
            let changes = Inbox<Void>()
            watch.start { changes.put(()) }
            try await display.wmctrl(["-i", "-r", screen.window, "-b", "add,fullscreen"])
            #expect(await changes.next(within: 10) != nil)
            #expect(watch.isFullScreen)

            // Its program ends (as the break screen does): the server destroys the window, and openbox keeps naming
            // it in _NET_ACTIVE_WINDOW with no other window to give the focus to.
            try await display.xdotool(["windowkill", screen.window])
            #expect(await changes.next(within: 10) != nil)
            #expect(!watch.isFullScreen)
        }

        @Test("names the focused window's program, read from its _NET_WM_PID when asked, for programs chosen to defer while focused")
        func focusedProgram() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let presentation = try await display.openWindow(prefix: "slides")
            let other = try await display.openWindow(prefix: "notes")
            try await display.xdotool(["windowactivate", "--sync", presentation.window])
            let first = try X11FullScreenWatch(environment: display.environment)
            #expect(first.tellsFocusedProgram)
            #expect(first.focusedProgram() == nil)  // not watching yet: nothing is known
            first.start {}
            #expect(first.focusedProgram() == presentation.name)
            first.stop()

            try await display.xdotool(["windowactivate", "--sync", other.window])
            let second = try X11FullScreenWatch(environment: display.environment)
            second.start {}
            defer { second.stop() }
            #expect(second.focusedProgram() == other.name)
        }
    }
}
#endif
