#if os(Linux)
import Foundation
import Testing
@testable import LockOutAgent

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The message a parser refused its input with; nil when it did not refuse.
private func refusal<Value>(_ parse: () throws -> Value) -> String? {
    do {
        _ = try parse()
        return nil
    } catch {
        return "\(error)"
    }
}

extension UsageTests {
    @Suite("sway's full screen, read from its tree and events")
    struct SwayFullScreenParsingTests {
        static func tree(focusedMode: Int?, focused: Bool = true) -> [UInt8] {
            let mode = focusedMode.map { #","fullscreen_mode":\#($0)"# } ?? ""
            return bytes(#"""
            {"id":1,"type":"root","focused":false,"fullscreen_mode":0,"nodes":[{"id":3,"type":"workspace","focused":false,"fullscreen_mode":0,
              "nodes":[{"id":11,"type":"con","focused":false,"fullscreen_mode":1,"nodes":[]}],
              "floating_nodes":[{"id":12,"type":"floating_con","focused":\#(focused)\#(mode),"nodes":[],"floating_nodes":[]}]}]}
            """#)
        }

        @Test("the focused node of the tree is full screen in mode 1 or 2, not in mode 0; another node's mode does not count")
        func tree() throws {
            #expect(try SwayIPC.focusedIsFullScreen(tree: Self.tree(focusedMode: 1)))
            #expect(try SwayIPC.focusedIsFullScreen(tree: Self.tree(focusedMode: 2)))
            #expect(try !SwayIPC.focusedIsFullScreen(tree: Self.tree(focusedMode: 0)))
            #expect(try !SwayIPC.focusedIsFullScreen(tree: Self.tree(focusedMode: 0, focused: false)))
        }

        @Test("a tree that is not JSON, or whose focused node has no mode or a negative one, is refused naming it")
        func malformedTree() {
            #expect(refusal { try SwayIPC.focusedIsFullScreen(tree: bytes("{\"id\":1,")) } == "sway's tree cannot be read: not JSON")
            #expect(refusal { try SwayIPC.focusedIsFullScreen(tree: Self.tree(focusedMode: nil)) }?.contains("the focused node of sway's tree has no fullscreen_mode") == true)
            #expect(refusal { try SwayIPC.focusedIsFullScreen(tree: Self.tree(focusedMode: -1)) }?.hasSuffix("has no fullscreen_mode of 0 or more: -1") == true)
            #expect(refusal { try SwayIPC.focusedIsFullScreen(tree: bytes(#"{"focused":"yes"}"#)) } == "sway's tree cannot be read: focused has the wrong type")
        }

        static func window(_ change: String, focused: Bool = true, mode: Int = 0) -> FullScreenNews? {
            let payload = #"{"change":"\#(change)","container":{"id":12,"focused":\#(focused),"fullscreen_mode":\#(mode)}}"#
            return try? SwayIPC.fullScreenNews(type: SwayIPC.windowEvent, payload: bytes(payload))
        }

        @Test("focus tells the new focused window's mode; full screen of the focused window tells it, of another asks")
        func windowEvents() {
            #expect(Self.window("focus", mode: 2) == .focusedIsFullScreen(true))
            #expect(Self.window("focus", mode: 0) == .focusedIsFullScreen(false))
            #expect(Self.window("fullscreen_mode", mode: 1) == .focusedIsFullScreen(true))
            #expect(Self.window("fullscreen_mode", mode: 0) == .focusedIsFullScreen(false))
            #expect(Self.window("fullscreen_mode", focused: false, mode: 1) == .askCompositor)
            #expect(Self.window("close") == .askCompositor)
            #expect(Self.window("move") == .askCompositor)
            #expect(Self.window("title") == nil)
            #expect(Self.window("new") == nil)
        }

        @Test("a switch of workspace asks; other workspace events and other message types have no bearing")
        func workspaceEvents() throws {
            #expect(try SwayIPC.fullScreenNews(type: SwayIPC.workspaceEvent, payload: bytes(#"{"change":"focus","current":{"id":4}}"#)) == .askCompositor)
            #expect(try SwayIPC.fullScreenNews(type: SwayIPC.workspaceEvent, payload: bytes(#"{"change":"init","current":{"id":5}}"#)) == nil)
            #expect(try SwayIPC.fullScreenNews(type: 0x8000_0006, payload: bytes("not even JSON")) == nil)
        }

        @Test("an event that is not JSON, has no change, or leaves out the container's mode or focus is refused naming it")
        func malformedEvents() {
            func window(_ payload: String) -> String? {
                refusal { try SwayIPC.fullScreenNews(type: SwayIPC.windowEvent, payload: bytes(payload)) }
            }
            #expect(window(#"{"change":"#) == "sway's window event cannot be read: not JSON")
            #expect(window(#"{"container":{}}"#) == "sway's window event cannot be read: change is missing")
            #expect(window(#"{"change":"focus"}"#) == "the container of sway's focus event has no fullscreen_mode of 0 or more: none given")
            #expect(window(#"{"change":"fullscreen_mode","container":{"fullscreen_mode":1}}"#) == "the container of sway's fullscreen_mode event does not say whether it is focused")
            #expect(window(#"{"change":"focus","container":{"focused":true,"fullscreen_mode":"2"}}"#) == "sway's window event cannot be read: container.fullscreen_mode has the wrong type")
            #expect(refusal { try SwayIPC.fullScreenNews(type: SwayIPC.workspaceEvent, payload: bytes("[]")) } == "sway's workspace event cannot be read: the message has the wrong type")
        }

        @Test("a batch asks when one of its events asks, else the last event that tells wins")
        func batches() throws {
            let sway = SwayFocus(socketPath: "/nonexistent")
            func batch(_ events: [(UInt32, String)]) throws -> FullScreenNews? {
                var buffer = events.flatMap { SwayIPC.message(type: $0.0, payload: bytes($0.1)) }
                defer { #expect(buffer.isEmpty) }
                return try sway.takeFullScreenNews(from: &buffer)
            }
            let on = (SwayIPC.windowEvent, #"{"change":"focus","container":{"focused":true,"fullscreen_mode":1}}"#)
            let off = (SwayIPC.windowEvent, #"{"change":"fullscreen_mode","container":{"focused":true,"fullscreen_mode":0}}"#)
            let title = (SwayIPC.windowEvent, #"{"change":"title","container":{"focused":true,"fullscreen_mode":1}}"#)
            let switched = (SwayIPC.workspaceEvent, #"{"change":"focus"}"#)
            #expect(try batch([on, off]) == .focusedIsFullScreen(false))
            #expect(try batch([off, on, title]) == .focusedIsFullScreen(true))
            #expect(try batch([on, switched, off]) == .askCompositor)
            #expect(try batch([title]) == nil)
            #expect(try batch([]) == nil)

            var cut = SwayIPC.message(type: on.0, payload: bytes(on.1))
            cut.removeLast()
            #expect(try sway.takeFullScreenNews(from: &cut) == nil)
            #expect(!cut.isEmpty)
        }
    }

    @Suite("Hyprland's full screen, read from the active window and event lines")
    struct HyprlandFullScreenParsingTests {
        static func activeWindow(_ fullScreen: String) throws -> Bool {
            try HyprlandFocus.isFullScreen(activeWindow: bytes(#"{"address":"0x55d0a0","pid":42,\#(fullScreen)}"#))
        }

        @Test("since 0.42 the mode's bits: full screen (2, 3) counts, maximized (1) does not")
        func modeBits() throws {
            #expect(try !Self.activeWindow(#""fullscreen":0"#))
            #expect(try !Self.activeWindow(#""fullscreen":1"#))
            #expect(try Self.activeWindow(#""fullscreen":2"#))
            #expect(try Self.activeWindow(#""fullscreen":3"#))
        }

        @Test("before 0.42 a flag: true counts unless fullscreenMode says maximized (1)")
        func flag() throws {
            #expect(try Self.activeWindow(#""fullscreen":true"#))
            #expect(try Self.activeWindow(#""fullscreen":true,"fullscreenMode":0"#))
            #expect(try !Self.activeWindow(#""fullscreen":true,"fullscreenMode":1"#))
            #expect(try !Self.activeWindow(#""fullscreen":false,"fullscreenMode":0"#))
        }

        @Test("no active window is not full screen")
        func noWindow() throws {
            #expect(try !HyprlandFocus.isFullScreen(activeWindow: bytes("{}")))
            #expect(try !HyprlandFocus.isFullScreen(activeWindow: bytes("Invalid\n")))
        }

        @Test("a reply that is not JSON, or a window that does not say or says nonsense, is refused naming it")
        func malformedReply() {
            #expect(refusal { try HyprlandFocus.isFullScreen(activeWindow: bytes("unknown request")) } == "Hyprland's active window cannot be read: not JSON")
            #expect(refusal { try HyprlandFocus.isFullScreen(activeWindow: bytes("")) } == "Hyprland's active window cannot be read: not JSON")
            #expect(refusal { try Self.activeWindow(#""mapped":true"#) } == "Hyprland's active window 0x55d0a0 does not say whether it is full screen")
            #expect(refusal { try Self.activeWindow(#""fullscreen":"yes""#) }?.hasPrefix("Hyprland's active window cannot be read: fullscreen: neither true") == true)
            #expect(refusal { try Self.activeWindow(#""fullscreen":-1"#) }?.hasPrefix("Hyprland's active window cannot be read: fullscreen: neither true") == true)
        }

        @Test("full screen, focus, workspace, monitor and closing lines bear on it; others do not")
        func lines() throws {
            for line in ["fullscreen>>1", "fullscreen>>0", "activewindow>>kitty,notes", "activewindowv2>>55d0a0", "workspace>>2", "workspacev2>>2,2",
                         "focusedmon>>DP-1,2", "closewindow>>55d0a0"] {
                #expect(try HyprlandFocus.bearsOnFullScreen(line: bytes(line)), "\(line)")
            }
            for line in ["openwindow>>55d0a0,1,fake,a window", "windowtitle>>55d0a0", "urgent>>55d0a0", "submap>>"] {
                #expect(try !HyprlandFocus.bearsOnFullScreen(line: bytes(line)), "\(line)")
            }
        }

        @Test("a line that is not EVENT>>DATA, or a fullscreen line that is not 0 or 1, is refused naming it")
        func malformedLines() {
            #expect(refusal { try HyprlandFocus.bearsOnFullScreen(line: bytes("garbage")) } == "Hyprland sent an event line that is not EVENT>>DATA: garbage")
            #expect(refusal { try HyprlandFocus.bearsOnFullScreen(line: bytes(">>1")) } == "Hyprland sent an event line that is not EVENT>>DATA: >>1")
            #expect(refusal { try HyprlandFocus.bearsOnFullScreen(line: bytes("fullscreen>>yes")) } == "Hyprland sent a fullscreen event that is neither 0 nor 1: fullscreen>>yes")
        }

        @Test("a batch of lines asks once when one bears on it, keeps a cut line for later, and refuses a bad line after a good one")
        func batches() throws {
            let hyprland = HyprlandFocus(directory: "/nonexistent")
            var buffer = bytes("openwindow>>55d0a0,1,fake,x\nfullscreen>>1\nactivewindow>>fake,x\nworkspa")
            #expect(try hyprland.takeFullScreenNews(from: &buffer) == .askCompositor)
            #expect(buffer == bytes("workspa"))
            buffer += bytes("ce>>3\n")
            #expect(try hyprland.takeFullScreenNews(from: &buffer) == .askCompositor)
            buffer = bytes("windowtitle>>55d0a0\n")
            #expect(try hyprland.takeFullScreenNews(from: &buffer) == nil)
            buffer = bytes("fullscreen>>1\nnot a line\n")
            #expect(throws: CompositorProtocolError.self) { try hyprland.takeFullScreenNews(from: &buffer) }
        }
    }
}
#endif
