#if os(Linux)
import Foundation
import Logging
import Testing
@testable import LockOutAgent

/// A watch's changes as the value `isFullScreen` had when `onChange` was told.
private func watching(_ watch: CompositorFullScreenWatch) -> Inbox<Bool> {
    let changes = Inbox<Bool>()
    watch.start { [weak watch] in changes.put(watch?.isFullScreen ?? false) }
    return changes
}

extension UsageTests {
    @Suite("sway full-screen watch")
    struct SwayFullScreenWatchTests {
        @Test("subscribes to window and workspace events; the focused window going full screen tells, focus moving on clears it")
        func focusedGoesFullScreen() async throws {
            let sway = try FakeSway()
            sway.focusedPID = 4242
            let watch = CompositorFullScreenWatch(compositor: SwayFocus(socketPath: sway.path), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(sway.subscribed == [#"["window","workspace"]"#])
            #expect(!watch.isFullScreen)

            sway.focusedFullScreenMode = 1
            sway.sendWindowEvent(change: "fullscreen_mode", focused: true, fullScreenMode: 1)
            #expect(await changes.next(within: 5) == true)
            #expect(watch.isFullScreen)

            sway.focusedFullScreenMode = 0
            sway.sendWindowEvent(change: "focus", focused: true, fullScreenMode: 0)
            #expect(await changes.next(within: 5) == false)
            #expect(!watch.isFullScreen)
            // Both were told by the events: the tree was asked once, at the start.
            #expect(sway.treeRequests == 1)
        }

        @Test("full screen at the start is told; another window's full screen is asked and changes nothing; leaving clears it")
        func leavesFullScreen() async throws {
            let sway = try FakeSway()
            sway.focusedPID = 4242
            sway.focusedFullScreenMode = 2
            let watch = CompositorFullScreenWatch(compositor: SwayFocus(socketPath: sway.path), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(await changes.next(within: 5) == true)

            sway.sendWindowEvent(change: "fullscreen_mode", focused: false, fullScreenMode: 0)
            sway.sendWindowEvent(change: "title", focused: true, fullScreenMode: 0)
            sway.focusedFullScreenMode = 0
            sway.sendWindowEvent(change: "fullscreen_mode", focused: true, fullScreenMode: 0)

            #expect(await changes.next(within: 5) == false)
            #expect(changes.takeIfPresent() == nil)
            #expect(sway.treeRequests == 2)
        }

        @Test("a switch to a workspace whose focused window is full screen is learnt from the tree")
        func workspaceSwitch() async throws {
            let sway = try FakeSway()
            sway.focusedPID = 4242
            let watch = CompositorFullScreenWatch(compositor: SwayFocus(socketPath: sway.path), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = watching(watch)

            sway.focusedFullScreenMode = 1
            sway.sendWorkspaceEvent(change: "focus")

            #expect(await changes.next(within: 5) == true)
            #expect(sway.treeRequests == 2)
        }

        @Test("no window at the start is not full screen, nor is the empty workspace the last window's close leaves focused")
        func emptyWorkspace() async throws {
            let sway = try FakeSway()
            let watch = CompositorFullScreenWatch(compositor: SwayFocus(socketPath: sway.path), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(!watch.isFullScreen)
            #expect(changes.takeIfPresent() == nil)

            sway.focusedPID = 4242
            sway.focusedFullScreenMode = 1
            sway.sendWindowEvent(change: "focus", focused: true, fullScreenMode: 1)
            #expect(await changes.next(within: 5) == true)

            sway.focusedPID = nil
            sway.sendWindowEvent(change: "close", focused: true, fullScreenMode: 1)
            #expect(await changes.next(within: 5) == false)
            #expect(sway.treeRequests == 2)
        }

        @Test("an event that cannot be read stops the watch: logged once, not full screen, told once, the socket closed")
        func malformedEvent() async throws {
            let sway = try FakeSway()
            sway.focusedPID = 4242
            sway.focusedFullScreenMode = 1
            let logs = RecordedLogs()
            let watch = CompositorFullScreenWatch(compositor: SwayFocus(socketPath: sway.path), logger: logs.logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(await changes.next(within: 5) == true)

            sway.send(type: SwayIPC.windowEvent, payload: #"{"change":"fullscreen_mode","container":"#)

            #expect(await changes.next(within: 5) == false)
            #expect(await sway.hangUps.next(within: 5) != nil)
            #expect(!watch.isFullScreen)
            #expect(changes.takeIfPresent() == nil)
            let warnings = logs.messages.filter { $0.hasPrefix("warning") }
            #expect(warnings == [
                "warning: deferral: stopped watching full screen on sway; no window counts as full screen from now on: sway's window event cannot be read: not JSON",
            ])
        }
    }

    @Suite("Hyprland full-screen watch")
    struct HyprlandFullScreenWatchTests {
        @Test("asks the active window at the start and after a full-screen line; focus moving on clears it")
        func focusedGoesFullScreen() async throws {
            let hyprland = try FakeHyprland()
            hyprland.focusedPID = 4242
            let watch = CompositorFullScreenWatch(compositor: HyprlandFocus(directory: hyprland.directory), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(await hyprland.listening.next(within: 5) != nil)
            #expect(!watch.isFullScreen)

            hyprland.activeFullScreen = "2"
            hyprland.sendEvents("fullscreen>>1\n")
            #expect(await changes.next(within: 5) == true)
            #expect(watch.isFullScreen)

            hyprland.activeFullScreen = "0"
            hyprland.sendEvents("activewindow>>kitty,notes\nactivewindowv2>>55d0a1\n")
            #expect(await changes.next(within: 5) == false)
            #expect(hyprland.received == ["j/activewindow", "j/activewindow", "j/activewindow"])
        }

        @Test("an older Hyprland's flag: full screen at the start is told, leaving clears it, other lines ask nothing")
        func leavesFullScreen() async throws {
            let hyprland = try FakeHyprland()
            hyprland.focusedPID = 4242
            hyprland.activeFullScreen = #"true,"fullscreenMode":0"#
            let watch = CompositorFullScreenWatch(compositor: HyprlandFocus(directory: hyprland.directory), logger: RecordedLogs().logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(await changes.next(within: 5) == true)
            #expect(await hyprland.listening.next(within: 5) != nil)

            hyprland.sendEvents("openwindow>>55d0a1,1,kitty,notes\nwindowtitle>>55d0a0\n")
            hyprland.activeFullScreen = #"false,"fullscreenMode":0"#
            hyprland.sendEvents("fullscreen>>0\n")

            #expect(await changes.next(within: 5) == false)
            #expect(changes.takeIfPresent() == nil)
            #expect(hyprland.received.count == 2)
        }

        @Test("a line that cannot be read stops the watch: logged once, not full screen, told once, the socket closed")
        func malformedLine() async throws {
            let hyprland = try FakeHyprland()
            hyprland.focusedPID = 4242
            hyprland.activeFullScreen = "2"
            let logs = RecordedLogs()
            let watch = CompositorFullScreenWatch(compositor: HyprlandFocus(directory: hyprland.directory), logger: logs.logger)
            defer { watch.stop() }
            let changes = watching(watch)
            #expect(await changes.next(within: 5) == true)
            #expect(await hyprland.listening.next(within: 5) != nil)

            hyprland.sendEvents("fullscreen>>maybe\n")

            #expect(await changes.next(within: 5) == false)
            #expect(await hyprland.hangUps.next(within: 5) != nil)
            #expect(!watch.isFullScreen)
            let warnings = logs.messages.filter { $0.hasPrefix("warning") }
            #expect(warnings == [
                "warning: deferral: stopped watching full screen on hyprland; no window counts as full screen from now on: "
                    + "Hyprland sent a fullscreen event that is neither 0 nor 1: fullscreen>>maybe",
            ])
        }
    }

    @Suite("Choosing the full-screen watch")
    struct FullScreenWatchesTests {
        @Test("on Wayland, sway's or Hyprland's when their sockets answer")
        func compositors() throws {
            let sway = try FakeSway()
            let onSway = FullScreenWatches.detect(environment: ["WAYLAND_DISPLAY": "wayland-1", "SWAYSOCK": sway.path, "DISPLAY": ":0"], logger: RecordedLogs().logger)
            #expect((onSway as? CompositorFullScreenWatch)?.method == "sway")
            let hyprland = try FakeHyprland()
            let onHyprland = FullScreenWatches.detect(environment: hyprland.environment, logger: RecordedLogs().logger)
            #expect((onHyprland as? CompositorFullScreenWatch)?.method == "hyprland")
        }

        @Test("on another Wayland compositor none, whatever DISPLAY says, and the log names what still defers")
        func otherWayland() throws {
            let folder = try socketFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let logs = RecordedLogs()
            let watch = FullScreenWatches.detect(
                environment: ["WAYLAND_DISPLAY": "wayland-0", "SWAYSOCK": folder.appendingPathComponent("gone.sock").path, "DISPLAY": ":0"],
                logger: logs.logger
            )
            #expect(watch == nil)
            #expect(logs.messages == [
                "info: deferral: this Wayland compositor is neither sway nor Hyprland nor GNOME's and tells no client of "
                    + "full-screen windows; "
                    + "only calls and do-not-disturb defer breaks",
            ])
        }

        @Test("with no display at all none, said once")
        func noDisplay() {
            let logs = RecordedLogs()
            #expect(FullScreenWatches.detect(environment: [:], logger: logs.logger) == nil)
            #expect(logs.messages.count == 1)
            #expect(logs.messages.first?.hasSuffix("only calls and do-not-disturb defer breaks") == true)
        }
    }
}
#endif
