#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

@Suite("Shield: where window events come from")
struct WindowOpeningSourceTests {
    @Test("no display and no compositor: none, saying so")
    func nothing() {
        guard case .none(let reason) = WindowOpeningSource.detect(environment: [:]) else {
            Issue.record("a source without a desktop")
            return
        }
        #expect(reason.contains("no DISPLAY"))
    }

    @Test("an unknown Wayland compositor: none, saying so")
    func unknownCompositor() {
        guard case .none(let reason) = WindowOpeningSource.detect(environment: ["WAYLAND_DISPLAY": "wayland-9", "DISPLAY": ":0"]) else {
            Issue.record("a source on an unknown compositor")
            return
        }
        #expect(reason.contains("Wayland"))
    }

    @Test("a local X display: its window manager's client list")
    func x11() {
        guard case .events(let openings) = WindowOpeningSource.detect(environment: ["DISPLAY": ":7"]) else {
            Issue.record("no source on X11")
            return
        }
        #expect(openings.method == "x11")
    }

    @Test("sway whose socket answers: its window events")
    func sway() throws {
        let sway = try FakeSway()
        guard case .events(let openings) = WindowOpeningSource.detect(environment: ["WAYLAND_DISPLAY": "wayland-1", "SWAYSOCK": sway.path]) else {
            Issue.record("no source on sway")
            return
        }
        #expect(openings.method == "sway")
    }
}

@Suite("Shield: compositor window events")
struct CompositorWindowEventTests {
    private static func swayEvent(_ json: String, type: UInt32 = SwayIPC.windowEvent) -> [UInt8] {
        SwayIPC.message(type: type, payload: Array(json.utf8))
    }

    @Test("sway: a window event with change new names its container's pid; other events and changes name nothing")
    func swayParser() throws {
        let last = Self.swayEvent(#"{"change":"new","container":{"id":15,"pid":4343}}"#)
        let whole = Self.swayEvent(#"{"change":"new","container":{"id":12,"pid":4242,"app_id":"supertux2"}}"#)
            + Self.swayEvent(#"{"change":"focus","container":{"id":12,"pid":4242}}"#)
            + Self.swayEvent(#"{"change":"new","container":{"id":13,"app_id":"ghost"}}"#)
            + Self.swayEvent(#"{"change":"new","container":{"id":14,"pid":77}}"#, type: 0x8000_0000)
            + last
        var buffer = Array(whole.dropLast(5))  // the last event is still arriving
        let sway = SwayFocus(socketPath: "/nonexistent")

        #expect(try sway.takeWindowOpenings(from: &buffer) == [4242, nil])
        #expect(buffer.count == last.count - 5)

        buffer += whole.suffix(5)
        #expect(try sway.takeWindowOpenings(from: &buffer) == [4343])
        #expect(buffer.isEmpty)
    }

    @Test("sway: bytes that are not i3-ipc are refused")
    func swayGarbage() {
        var buffer = Array("HTTP/1.1 200 OK\r\n\r\n".utf8)
        #expect(throws: CompositorProtocolError.self) { try SwayFocus(socketPath: "/nonexistent").takeWindowOpenings(from: &buffer) }
    }

    @Test("Hyprland: each openwindow>> line is a window opened, with no pid; a partial line waits")
    func hyprlandParser() throws {
        let hyprland = HyprlandFocus(directory: "/nonexistent")
        var buffer = Array("activewindow>>kitty,~\nopenwindow>>55d0a0,1,supertux2,SuperTux\nwindowtitle>>55d0a0\nopenwindow>>55d0b1,2,fo".utf8)

        #expect(try hyprland.takeWindowOpenings(from: &buffer) == [nil])
        #expect(buffer == Array("openwindow>>55d0b1,2,fo".utf8))

        buffer += Array("ot,foot\nopenwindow>>55d0c2,2,foot,foot\n".utf8)
        #expect(try hyprland.takeWindowOpenings(from: &buffer) == [nil, nil])
        #expect(buffer.isEmpty)
    }

    @Test("sway's socket: a new window is told with its pid, a focus change is not; a hang-up is told once")
    func swaySocket() async throws {
        let sway = try FakeSway()
        let openings = CompositorWindowOpenings(compositor: SwayFocus(socketPath: sway.path))
        defer { openings.stop() }
        let opened = Inbox<Int32?>()
        let closed = Inbox<String>()
        try openings.start(onOpened: { opened.put($0) }, closed: { closed.put($0) })
        #expect(sway.subscribed == [#"["window"]"#])

        sway.focusedPID = 4242
        sway.sendWindowEvent(change: "focus")
        sway.sendWindowEvent(change: "new")
        #expect(await opened.next(within: 5) == .some(4242))
        #expect(opened.takeIfPresent() == nil)

        sway.dropSubscribers()
        #expect(await closed.next(within: 5) != nil)
        #expect(await closed.next(within: 0.3) == nil)
    }
}
#endif
