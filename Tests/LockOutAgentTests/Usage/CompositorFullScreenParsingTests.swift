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
              "floating_nodes":[{"id":12,"type":"floating_con","focused":\#(focused)\#(mode),"app_id":"mpv","pid":4242,"nodes":[],"floating_nodes":[]}]}]}
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

        /// What a headless sway 1.7 answered to `GET_TREE` with no window open, only the fields read kept: every
        /// workspace, the focused one and the scratchpad's among them, has `fullscreen_mode` 1.
        static let emptyTree = bytes(#"""
        {"id":1,"type":"root","name":"root","focused":false,"fullscreen_mode":0,"nodes":[
          {"id":2147483647,"type":"output","name":"__i3","focused":false,"fullscreen_mode":0,"nodes":[
            {"id":2147483646,"type":"workspace","name":"__i3_scratch","focused":false,"fullscreen_mode":1,"nodes":[],"floating_nodes":[]}],"floating_nodes":[]},
          {"id":3,"type":"output","name":"HEADLESS-1","focused":false,"fullscreen_mode":0,"nodes":[
            {"id":4,"type":"workspace","name":"1","focused":true,"fullscreen_mode":1,"nodes":[],"floating_nodes":[]}],"floating_nodes":[]}],
         "floating_nodes":[]}
        """#)

        /// The same sway with a foot window open on that workspace and made full screen (`fullscreen enable`).
        static let fullScreenTree = bytes(#"""
        {"id":1,"type":"root","name":"root","focused":false,"fullscreen_mode":0,"nodes":[
          {"id":3,"type":"output","name":"HEADLESS-1","focused":false,"fullscreen_mode":0,"nodes":[
            {"id":4,"type":"workspace","name":"1","focused":false,"fullscreen_mode":1,"nodes":[
              {"id":5,"type":"con","name":"foot","focused":true,"fullscreen_mode":1,"pid":11411,"app_id":"foot","nodes":[],"floating_nodes":[]}],
             "floating_nodes":[]}],"floating_nodes":[]}],
         "floating_nodes":[]}
        """#)

        @Test("a focused workspace with no window is not full screen, though sway gives every workspace fullscreen_mode 1")
        func emptyWorkspace() throws {
            #expect(try !SwayIPC.focusedIsFullScreen(tree: Self.emptyTree))
            #expect(try SwayIPC.focusedIsFullScreen(tree: Self.fullScreenTree))
        }

        /// A tree whose only focused node is `node`, inside a workspace in `fullscreen_mode` 1.
        static func tree(focusing node: String) -> [UInt8] {
            bytes(#"""
            {"id":1,"type":"root","focused":false,"fullscreen_mode":0,"nodes":[{"id":4,"type":"workspace","focused":false,"fullscreen_mode":1,
              "nodes":[\#(node)],"floating_nodes":[]}]}
            """#)
        }

        @Test("only a window is full screen: a con or floating_con with an app_id, X11 window_properties or a pid")
        func onlyWindows() throws {
            let xwayland = #"{"id":6,"type":"con","focused":true,"fullscreen_mode":1,"app_id":null,"pid":77,"window_properties":{"class":"mpv","transient_for":null}}"#
            #expect(try SwayIPC.focusedIsFullScreen(tree: Self.tree(focusing: xwayland)))
            #expect(try SwayIPC.focusedIsFullScreen(tree: Self.tree(focusing: #"{"id":7,"type":"floating_con","focused":true,"fullscreen_mode":2,"pid":78}"#)))
            // A split container holding windows (sway's `focus parent`) and a workspace are no window of their own.
            let split = #"{"id":8,"type":"con","focused":true,"fullscreen_mode":1,"nodes":[{"id":9,"type":"con","focused":false,"fullscreen_mode":0,"app_id":"foot","pid":79}]}"#
            #expect(try !SwayIPC.focusedIsFullScreen(tree: Self.tree(focusing: split)))
            #expect(try !SwayIPC.focusedIsFullScreen(tree: Self.tree(focusing: #"{"id":10,"type":"workspace","focused":true,"fullscreen_mode":1,"nodes":[]}"#)))
        }

        @Test("events captured from sway: a window's focus tells its mode; a close and a switch to an empty workspace ask the tree")
        func capturedEvents() throws {
            let focus = #"{"change":"focus","container":{"id":6,"type":"con","name":"foot","focused":true,"fullscreen_mode":0,"pid":13383,"app_id":"foot","nodes":[],"floating_nodes":[]}}"#
            let close = #"{"change":"close","container":{"id":6,"type":"con","name":"foot","focused":true,"fullscreen_mode":0,"pid":13383,"app_id":"foot","nodes":[],"floating_nodes":[]}}"#
            let switched = #"""
            {"change":"focus","old":{"id":4,"type":"workspace","name":"1","focused":false,"fullscreen_mode":1,"nodes":[],"floating_nodes":[]},
             "current":{"id":7,"type":"workspace","name":"2","focused":true,"fullscreen_mode":1,"nodes":[],"floating_nodes":[]}}
            """#
            #expect(try SwayIPC.fullScreenNews(type: SwayIPC.windowEvent, payload: bytes(focus)) == .focusedIsFullScreen(false))
            #expect(try SwayIPC.fullScreenNews(type: SwayIPC.windowEvent, payload: bytes(close)) == .askCompositor)
            #expect(try SwayIPC.fullScreenNews(type: SwayIPC.workspaceEvent, payload: bytes(switched)) == .askCompositor)
            // What the tree then says: the empty workspace has focus.
            #expect(try !SwayIPC.focusedIsFullScreen(tree: Self.emptyTree))
            // A focus event whose container is no window (sway sends none, but a newer one might) is not full screen.
            let workspace = #"{"change":"focus","container":{"id":7,"type":"workspace","focused":true,"fullscreen_mode":1}}"#
            #expect(try SwayIPC.fullScreenNews(type: SwayIPC.windowEvent, payload: bytes(workspace)) == .focusedIsFullScreen(false))
        }

        static func window(_ change: String, focused: Bool = true, mode: Int = 0) -> FullScreenNews? {
            let payload = #"{"change":"\#(change)","container":{"id":12,"type":"con","focused":\#(focused),"fullscreen_mode":\#(mode),"app_id":"mpv"}}"#
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
            let on = (SwayIPC.windowEvent, #"{"change":"focus","container":{"type":"con","focused":true,"fullscreen_mode":1,"app_id":"mpv"}}"#)
            let off = (SwayIPC.windowEvent, #"{"change":"fullscreen_mode","container":{"type":"con","focused":true,"fullscreen_mode":0,"app_id":"mpv"}}"#)
            let title = (SwayIPC.windowEvent, #"{"change":"title","container":{"type":"con","focused":true,"fullscreen_mode":1,"app_id":"mpv"}}"#)
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
