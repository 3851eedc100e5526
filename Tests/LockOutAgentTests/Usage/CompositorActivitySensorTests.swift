#if os(Linux)
import Foundation
import Logging
import Testing
import LockOutCore
@testable import LockOutAgent

/// Two running programs under made-up names, to stand behind a compositor's windows.
private struct TwoPrograms {
    let first: FakeProgram
    let second: FakeProgram
    let firstRunning: RunningProgram
    let secondRunning: RunningProgram

    init() throws {
        first = try FakeProgram(copying: "/bin/sleep", prefix: "winA")
        second = try FakeProgram(copying: "/bin/sleep", prefix: "winB")
        firstRunning = try first.start(["600"])
        secondRunning = try second.start(["600"])
    }

    func kill() {
        firstRunning.kill()
        secondRunning.kill()
    }
}

private let quiet = Logger(label: "lockout.test.activity")

extension UsageTests {
    @Suite("sway activity sensor")
    struct SwayActivitySensorTests {
        @Test("names the focused window's program from the tree, floating windows included, and nothing when none has focus")
        func readsTree() throws {
            let programs = try TwoPrograms()
            defer { programs.kill() }
            let sway = try FakeSway()
            let sensor = CompositorActivitySensor(compositor: SwayFocus(socketPath: sway.path), idle: nil, logger: quiet)
            #expect(sensor.focusMethod == .sway)

            sway.focusedPID = programs.firstRunning.pid
            #expect(sensor.read().focusedProgram == programs.first.name)
            sway.focusedPID = nil
            #expect(sensor.read().focusedProgram == nil)
        }

        @Test("subscribes to window events and is told of focus changes, not of other window events")
        func toldOfFocus() async throws {
            let programs = try TwoPrograms()
            defer { programs.kill() }
            let sway = try FakeSway()
            let sensor = CompositorActivitySensor(compositor: SwayFocus(socketPath: sway.path), idle: nil, logger: quiet)
            defer { sensor.stop() }
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }
            #expect(sway.subscribed == [#"["window"]"#])

            sway.sendWindowEvent(change: "title")
            #expect(await changes.next(within: 0.3) == nil)

            sway.focusedPID = programs.secondRunning.pid
            sway.sendWindowEvent(change: "focus")
            #expect(await changes.next(within: 5) != nil)
            #expect(sensor.read().focusedProgram == programs.second.name)
        }

        @Test("a lost connection tells once and names nothing from then on")
        func lostConnection() async throws {
            let programs = try TwoPrograms()
            defer { programs.kill() }
            let sway = try FakeSway()
            sway.focusedPID = programs.firstRunning.pid
            let sensor = CompositorActivitySensor(compositor: SwayFocus(socketPath: sway.path), idle: nil, logger: quiet)
            defer { sensor.stop() }
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }
            #expect(sway.subscribed.count == 1)

            sway.dropSubscribers()

            #expect(await changes.next(within: 5) != nil)
            #expect(sensor.read().focusedProgram == nil)
            #expect(await changes.next(within: 0.3) == nil)
        }

        @Test("a message that is not i3-ipc is refused")
        func notIPC() {
            var buffer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
            #expect(throws: CompositorProtocolError.self) { try SwayIPC.take(from: &buffer) }
        }
    }

    @Suite("Hyprland activity sensor")
    struct HyprlandActivitySensorTests {
        @Test("names the active window's program, and nothing when no window is active")
        func readsActiveWindow() throws {
            let programs = try TwoPrograms()
            defer { programs.kill() }
            let hyprland = try FakeHyprland()
            let sensor = CompositorActivitySensor(compositor: HyprlandFocus(directory: hyprland.directory), idle: nil, logger: quiet)
            #expect(sensor.focusMethod == .hyprland)

            hyprland.focusedPID = programs.firstRunning.pid
            #expect(sensor.read().focusedProgram == programs.first.name)
            #expect(hyprland.received == ["j/activewindow"])
            hyprland.focusedPID = nil
            #expect(sensor.read().focusedProgram == nil)
        }

        @Test("is told once per active-window line, also when the line comes in pieces, and not by other events")
        func toldOfFocus() async throws {
            let programs = try TwoPrograms()
            defer { programs.kill() }
            let hyprland = try FakeHyprland()
            let sensor = CompositorActivitySensor(compositor: HyprlandFocus(directory: hyprland.directory), idle: nil, logger: quiet)
            defer { sensor.stop() }
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }
            #expect(try await eventually { hyprland.listenerCount == 1 ? true : nil } == true)

            hyprland.sendEvents("openwindow>>55d0a0,1,fake,a window\nworkspace>>2\n")
            #expect(await changes.next(within: 0.3) == nil)

            hyprland.focusedPID = programs.secondRunning.pid
            hyprland.sendEvents("activewindow>>fa")
            #expect(await changes.next(within: 0.3) == nil)
            hyprland.sendEvents("ke,a window\nactivewindowv2>>55d0a0\n")
            #expect(await changes.next(within: 5) != nil)
            #expect(sensor.read().focusedProgram == programs.second.name)
            #expect(await changes.next(within: 0.3) == nil)
        }

        @Test("a lost event socket tells once and names nothing from then on")
        func lostConnection() async throws {
            let programs = try TwoPrograms()
            defer { programs.kill() }
            let hyprland = try FakeHyprland()
            hyprland.focusedPID = programs.firstRunning.pid
            let sensor = CompositorActivitySensor(compositor: HyprlandFocus(directory: hyprland.directory), idle: nil, logger: quiet)
            defer { sensor.stop() }
            let changes = Inbox<Void>()
            sensor.start { changes.put(()) }
            #expect(try await eventually { hyprland.listenerCount == 1 ? true : nil } == true)

            hyprland.dropListeners()

            #expect(await changes.next(within: 5) != nil)
            #expect(sensor.read().focusedProgram == nil)
        }

        @Test("the instance's folder is found under XDG_RUNTIME_DIR only when its event socket is there")
        func instanceFolder() throws {
            let hyprland = try FakeHyprland()
            #expect(HyprlandFocus.directory(in: hyprland.environment) == hyprland.directory)
            var elsewhere = hyprland.environment
            elsewhere["HYPRLAND_INSTANCE_SIGNATURE"] = "missing"
            #expect(HyprlandFocus.directory(in: elsewhere) == nil)
            elsewhere["HYPRLAND_INSTANCE_SIGNATURE"] = "../\(hyprland.signature)"
            #expect(HyprlandFocus.directory(in: elsewhere) == nil)
        }
    }

    @Suite("Choosing the activity sensor")
    struct ActivitySensorsTests {
        @Test("on Wayland, sway when its socket answers")
        func sway() throws {
            let sway = try FakeSway()
            let sensor = ActivitySensors.detect(environment: ["WAYLAND_DISPLAY": "wayland-1", "SWAYSOCK": sway.path, "DISPLAY": ":0"], idle: { nil }, logger: quiet)
            #expect(sensor.focusMethod == .sway)
            #expect(sensor.idleMethod == .none)
        }

        @Test("on Wayland, Hyprland when its sockets are there")
        func hyprland() throws {
            let hyprland = try FakeHyprland()
            let sensor = ActivitySensors.detect(environment: hyprland.environment, idle: { nil }, logger: quiet)
            #expect(sensor.focusMethod == .hyprland)
        }

        @Test("on Wayland without a compositor that tells focus, running programs, whatever DISPLAY says")
        func otherWayland() throws {
            let folder = try socketFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let sensor = ActivitySensors.detect(
                environment: ["WAYLAND_DISPLAY": "wayland-0", "SWAYSOCK": folder.appendingPathComponent("gone.sock").path, "DISPLAY": ":0"],
                idle: { nil }, logger: quiet
            )
            #expect(sensor.focusMethod == .processes)
        }

        @Test("with no display at all, running programs and no idle time")
        func noDisplay() {
            let sensor = ActivitySensors.detect(environment: [:], idle: { nil }, logger: quiet)
            #expect(sensor.focusMethod == .processes)
            #expect(sensor.idleMethod == .none)
            #expect(sensor.read().idleSeconds == nil)
        }
    }
}

extension UsageTests.PrivateDisplaySuites {
    @Suite("Choosing the activity sensor on X11", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
    struct ActivitySensorsX11Tests {
        @Test("X11 when the window manager keeps _NET_ACTIVE_WINDOW")
        func x11() async throws {
            let display = try await PrivateDisplay()
            try await display.startWindowManager()
            let sensor = ActivitySensors.detect(environment: display.environment, idle: { nil }, logger: quiet)
            defer { sensor.stop() }
            #expect(sensor.focusMethod == .x11)
            #expect(sensor.idleMethod == .x11ScreenSaver)
        }

        @Test("without such a window manager, running programs with the screen saver's idle time")
        func x11WithoutWindowManager() async throws {
            let display = try await PrivateDisplay()
            let sensor = ActivitySensors.detect(environment: display.environment, idle: { nil }, logger: quiet)
            defer { sensor.stop() }
            #expect(sensor.focusMethod == .processes)
            #expect(sensor.idleMethod == .x11ScreenSaver)
            #expect(sensor.read().idleSeconds != nil)
        }
    }
}
#endif
