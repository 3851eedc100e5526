#if os(Linux)
import Foundation

/// sway's side of full screen: a container's `fullscreen_mode` is 0 (none), 1 (full screen on its
/// workspace) or 2 (global); the focused node is the one with `focused: true`. Only a window's mode counts:
/// sway gives every workspace `fullscreen_mode` 1 too, and with no window open (at login, after the last
/// one closed) the focused node is the workspace.
extension SwayIPC {
    /// A node of a `GET_TREE` reply, or the container of an event, as far as full screen needs it.
    private struct Node: Decodable {
        let type: String?
        let focused: Bool?
        let fullscreenMode: Int?
        let appID: String?
        let pid: Int?
        let windowProperties: Present?
        let nodes: [Node]?
        let floatingNodes: [Node]?

        enum CodingKeys: String, CodingKey {
            case type, focused, pid, nodes
            case fullscreenMode = "fullscreen_mode"
            case appID = "app_id"
            case windowProperties = "window_properties"
            case floatingNodes = "floating_nodes"
        }

        /// Whether it is a program's window: a tiled or floating container with an app — a Wayland `app_id`,
        /// an X11 window's `window_properties`, or a process. Workspaces, outputs and the split containers
        /// that hold windows are none.
        var isWindow: Bool {
            (type == "con" || type == "floating_con") && (appID != nil || windowProperties != nil || pid != nil)
        }
    }

    /// A JSON value of any kind, read only to learn that it is there.
    private struct Present: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// A `window` event: what changed, and the container it changed.
    private struct WindowEvent: Decodable {
        let change: String
        let container: Node?
    }

    /// A `workspace` event: what changed.
    private struct WorkspaceEvent: Decodable {
        let change: String
    }

    /// Whether the focused node of a `GET_TREE` reply is a full-screen window; false when no node has focus or
    /// the focused one is no window.
    static func focusedIsFullScreen(tree: [UInt8]) throws -> Bool {
        var stack = [try CompositorProtocolError.decode(Node.self, from: tree, what: "sway's tree")]
        while let node = stack.popLast() {
            if node.focused == true {
                return try isFullScreen(node, of: "the focused node of sway's tree")
            }
            stack += (node.nodes ?? []) + (node.floatingNodes ?? [])
        }
        return false
    }

    /// What one event says about the focused window's full screen; nil when it has no bearing on it.
    ///
    /// `focus` names the newly focused container, and a `fullscreen_mode` change of the focused container
    /// tells its new mode; a `fullscreen_mode` change of another container (which sway may focus next), a
    /// window closed or moved (focus may go to another or to the workspace), and a `workspace` `focus` are
    /// settled by asking for the tree.
    static func fullScreenNews(type: UInt32, payload: [UInt8]) throws -> FullScreenNews? {
        switch type {
        case windowEvent:
            let event = try CompositorProtocolError.decode(WindowEvent.self, from: payload, what: "sway's window event")
            switch event.change {
            case "focus":
                return .focusedIsFullScreen(try isFullScreen(event.container, of: "the container of sway's focus event"))
            case "fullscreen_mode":
                let what = "the container of sway's fullscreen_mode event"
                let fullScreen = try isFullScreen(event.container, of: what)
                guard let focused = event.container?.focused else { throw CompositorProtocolError(description: "\(what) does not say whether it is focused") }
                return focused ? .focusedIsFullScreen(fullScreen) : .askCompositor
            case "close", "move":
                return .askCompositor
            default:
                return nil
            }
        case workspaceEvent:
            let event = try CompositorProtocolError.decode(WorkspaceEvent.self, from: payload, what: "sway's workspace event")
            return event.change == "focus" ? .askCompositor : nil
        default:
            return nil
        }
    }

    /// Whether `node` is a window in a full-screen mode; throws when its mode is missing or negative, whatever
    /// the node.
    private static func isFullScreen(_ node: Node?, of what: String) throws -> Bool {
        guard let mode = node?.fullscreenMode, mode >= 0 else {
            throw CompositorProtocolError(description: "\(what) has no fullscreen_mode of 0 or more: \(node?.fullscreenMode.map(String.init) ?? "none given")")
        }
        return mode > 0 && node?.isWindow == true
    }
}

extension SwayFocus: CompositorFullScreen {
    func focusedIsFullScreen() throws -> Bool {
        try SwayIPC.focusedIsFullScreen(tree: tree())
    }

    /// `window` events for focus and full screen, `workspace` events for a switch to a workspace.
    func subscribeToFullScreenChanges() throws -> UnixStream {
        try subscribe(to: ["window", "workspace"])
    }

    func takeFullScreenNews(from buffer: inout [UInt8]) throws -> FullScreenNews? {
        var news: [FullScreenNews] = []
        while let message = try SwayIPC.take(from: &buffer) {
            if let one = try SwayIPC.fullScreenNews(type: message.type, payload: message.payload) { news.append(one) }
        }
        return FullScreenNews.combined(news)
    }
}
#endif
