#if os(Linux)
import Foundation
@testable import LockOutAgent

/// A stand-in for sway's IPC socket: answers `GET_TREE` with a tree whose focused window is `focusedPID`'s
/// (a floating one, deep in a workspace, full screen in `focusedFullScreenMode`), answers `SUBSCRIBE`, and
/// sends window and workspace events to subscribers.
final class FakeSway: @unchecked Sendable {
    let path: String
    /// Told each time a subscriber hangs up.
    let hangUps = Inbox<Void>()
    private let lock = NSLock()
    private var focused: Int32?
    private var fullScreenMode = 0
    private var treeCount = 0
    private var subscribers: [FakeConnection] = []
    private var subscriptions: [String] = []
    private var server: FakeSocketServer?
    private let folder: URL

    init() throws {
        folder = try socketFolder()
        path = folder.appendingPathComponent("sway-ipc.sock").path
        server = try FakeSocketServer(path: path) { [weak self] connection in self?.serve(connection) }
    }

    deinit {
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The process whose window has focus; nil for none.
    var focusedPID: Int32? {
        get { lock.withLock { focused } }
        set { lock.withLock { focused = newValue } }
    }

    /// The focused window's `fullscreen_mode` in the tree: 0 none, 1 on its workspace, 2 global.
    var focusedFullScreenMode: Int {
        get { lock.withLock { fullScreenMode } }
        set { lock.withLock { fullScreenMode = newValue } }
    }

    /// The payloads of the `SUBSCRIBE` messages received.
    var subscribed: [String] { lock.withLock { subscriptions } }

    /// How many `GET_TREE` requests were answered.
    var treeRequests: Int { lock.withLock { treeCount } }

    /// Sends a window event with `change` to every subscriber.
    func sendWindowEvent(change: String) {
        let payload = #"{"change":"\#(change)","container":{"id":7,"focused":true,"pid":\#(focusedPID ?? 0)}}"#
        for connection in lock.withLock({ subscribers }) {
            connection.write(SwayIPC.message(type: SwayIPC.windowEvent, payload: Array(payload.utf8)))
        }
    }

    /// Sends a window event with `change` about a container that is `focused` or not, in `fullScreenMode`.
    func sendWindowEvent(change: String, focused: Bool, fullScreenMode: Int) {
        send(type: SwayIPC.windowEvent, payload: #"{"change":"\#(change)","container":{"id":12,"type":"floating_con","focused":\#(focused),"fullscreen_mode":\#(fullScreenMode),"pid":\#(focusedPID ?? 0)}}"#)
    }

    /// Sends a workspace event with `change`, as a switch to another workspace does with `focus`.
    func sendWorkspaceEvent(change: String) {
        send(type: SwayIPC.workspaceEvent, payload: #"{"change":"\#(change)","current":{"id":4,"type":"workspace","name":"2","focused":true},"old":null}"#)
    }

    /// Sends a well-framed message of `type` whose payload is `payload` as it is, JSON or not.
    func send(type: UInt32, payload: String) {
        for connection in lock.withLock({ subscribers }) {
            connection.write(SwayIPC.message(type: type, payload: Array(payload.utf8)))
        }
    }

    /// Hangs up on every subscriber.
    func dropSubscribers() {
        for connection in lock.withLock({ subscribers }) { connection.close() }
    }

    /// The tree sway would give: outputs, a workspace, a tiled window of another program, and a floating
    /// window that has focus when `focusedPID` is set; else the workspace has it. As in sway's own tree, the
    /// workspace's `fullscreen_mode` is 1 though it is no window.
    var tree: String {
        let mode = focusedFullScreenMode
        let floating = focusedPID.map {
            #"{"id":12,"type":"floating_con","focused":true,"fullscreen_mode":\#(mode),"pid":\#($0),"nodes":[],"floating_nodes":[]}"#
        } ?? ""
        return #"""
        {"id":1,"type":"root","focused":false,"fullscreen_mode":0,"nodes":[{"id":2,"type":"output","focused":false,"fullscreen_mode":0,"nodes":[
          {"id":3,"type":"workspace","focused":\#(focusedPID == nil),"fullscreen_mode":1,"nodes":[
            {"id":11,"type":"con","focused":false,"fullscreen_mode":0,"pid":1,"nodes":[],"floating_nodes":[]}],
           "floating_nodes":[\#(floating)]}],"floating_nodes":[]}],"floating_nodes":[]}
        """#
    }

    private func serve(_ connection: FakeConnection) {
        var isSubscriber = false
        defer { if isSubscriber { hangUps.put(()) } }
        while let header = connection.read(SwayIPC.headerLength) {
            let length = Int(UInt32(header[6]) | UInt32(header[7]) << 8 | UInt32(header[8]) << 16 | UInt32(header[9]) << 24)
            let type = UInt32(header[10]) | UInt32(header[11]) << 8 | UInt32(header[12]) << 16 | UInt32(header[13]) << 24
            guard Array(header[0..<6]) == SwayIPC.magic, let payload = connection.read(length) else { return }
            switch type {
            case SwayIPC.subscribe:
                lock.withLock {
                    subscriptions.append(String(decoding: payload, as: UTF8.self))
                    subscribers.append(connection)
                }
                isSubscriber = true
                connection.write(SwayIPC.message(type: type, payload: Array(#"{"success": true}"#.utf8)))
            case SwayIPC.getTree:
                lock.withLock { treeCount += 1 }
                connection.write(SwayIPC.message(type: type, payload: Array(tree.utf8)))
            default:
                connection.write(SwayIPC.message(type: type, payload: Array(#"{"success": false}"#.utf8)))
            }
        }
    }
}

/// A stand-in for Hyprland's sockets: `.socket.sock` answers `j/activewindow` with `focusedPID`'s window
/// (or `{}`), full screen as `activeFullScreen` says, `.socket2.sock` streams event lines to whoever connects.
final class FakeHyprland: @unchecked Sendable {
    let runtimeDirectory: URL
    let signature = "fake_\(UUID().uuidString.prefix(6))"
    /// Told each time an event listener connects, and each time one hangs up.
    let listening = Inbox<Void>()
    let hangUps = Inbox<Void>()
    private let lock = NSLock()
    private var focused: Int32?
    private var fullScreen = "0"
    private var listeners: [FakeConnection] = []
    private var requests: [String] = []
    private var servers: [FakeSocketServer] = []

    init() throws {
        runtimeDirectory = try socketFolder()
        let directory = runtimeDirectory.appendingPathComponent("hypr/\(signature)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        servers.append(try FakeSocketServer(path: directory.appendingPathComponent(".socket.sock").path) { [weak self] connection in
            self?.answer(connection)
        })
        let (listening, hangUps) = (listening, hangUps)
        servers.append(try FakeSocketServer(path: directory.appendingPathComponent(".socket2.sock").path) { [weak self] connection in
            self?.lock.withLock { self?.listeners.append(connection) }
            listening.put(())
            // Listeners send nothing: the read ends when one hangs up (or stays silent past the connection's timeout).
            while connection.readSome() != nil {}
            hangUps.put(())
        })
    }

    deinit {
        for server in servers { server.stop() }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// What a process in this session sees.
    var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "HYPRLAND_INSTANCE_SIGNATURE": signature, "WAYLAND_DISPLAY": "wayland-1"]
    }

    var directory: String { runtimeDirectory.appendingPathComponent("hypr/\(signature)").path }

    /// The process whose window is active; nil for none.
    var focusedPID: Int32? {
        get { lock.withLock { focused } }
        set { lock.withLock { focused = newValue } }
    }

    /// The active window's `fullscreen` as JSON text: `0`…`3` (1 maximized, 2 full screen), or `true`/`false`
    /// with `"fullscreenMode":0|1` as versions before 0.42 answer.
    var activeFullScreen: String {
        get { lock.withLock { fullScreen } }
        set { lock.withLock { fullScreen = newValue } }
    }

    /// The requests `.socket.sock` received.
    var received: [String] { lock.withLock { requests } }

    /// How many connections listen to events.
    var listenerCount: Int { lock.withLock { listeners.count } }

    /// Writes `text` to every event listener as it is: whole lines, or a line cut anywhere.
    func sendEvents(_ text: String) {
        for connection in lock.withLock({ listeners }) { connection.write(Array(text.utf8)) }
    }

    /// Hangs up on every event listener.
    func dropListeners() {
        for connection in lock.withLock({ listeners }) { connection.close() }
    }

    private func answer(_ connection: FakeConnection) {
        guard let request = connection.readSome() else { return }
        lock.withLock { requests.append(String(decoding: request, as: UTF8.self)) }
        let fullScreen = activeFullScreen
        let reply = focusedPID.map {
            #"{"address":"0x55d0a0","mapped":true,"class":"fake","title":"a window","pid":\#($0),"xwayland":false,"fullscreen":\#(fullScreen)}"#
        } ?? "{}"
        connection.write(Array(reply.utf8))
        connection.close()
    }
}
#endif
