#if os(Linux)
import Foundation
@testable import LockOutAgent

/// A stand-in for sway's IPC socket: answers `GET_TREE` with a tree whose focused window is `focusedPID`'s
/// (a floating one, deep in a workspace), answers `SUBSCRIBE`, and sends window events to subscribers.
final class FakeSway: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var focused: Int32?
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

    /// The payloads of the `SUBSCRIBE` messages received.
    var subscribed: [String] { lock.withLock { subscriptions } }

    /// Sends a window event with `change` to every subscriber.
    func sendWindowEvent(change: String) {
        let payload = #"{"change":"\#(change)","container":{"id":7,"focused":true,"pid":\#(focusedPID ?? 0)}}"#
        for connection in lock.withLock({ subscribers }) {
            connection.write(SwayIPC.message(type: SwayIPC.windowEvent, payload: Array(payload.utf8)))
        }
    }

    /// Hangs up on every subscriber.
    func dropSubscribers() {
        for connection in lock.withLock({ subscribers }) { connection.close() }
    }

    /// The tree sway would give: outputs, a workspace, a tiled window of another program, and a floating
    /// window that has focus when `focusedPID` is set.
    var tree: String {
        let floating = focusedPID.map { #"{"id":12,"type":"floating_con","focused":true,"pid":\#($0),"nodes":[],"floating_nodes":[]}"# } ?? ""
        return #"""
        {"id":1,"type":"root","focused":false,"nodes":[{"id":2,"type":"output","focused":false,"nodes":[
          {"id":3,"type":"workspace","focused":\#(focusedPID == nil),"nodes":[
            {"id":11,"type":"con","focused":false,"pid":1,"nodes":[],"floating_nodes":[]}],
           "floating_nodes":[\#(floating)]}],"floating_nodes":[]}],"floating_nodes":[]}
        """#
    }

    private func serve(_ connection: FakeConnection) {
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
                connection.write(SwayIPC.message(type: type, payload: Array(#"{"success": true}"#.utf8)))
            case SwayIPC.getTree:
                connection.write(SwayIPC.message(type: type, payload: Array(tree.utf8)))
            default:
                connection.write(SwayIPC.message(type: type, payload: Array(#"{"success": false}"#.utf8)))
            }
        }
    }
}

/// A stand-in for Hyprland's sockets: `.socket.sock` answers `j/activewindow` with `focusedPID`'s window
/// (or `{}`), `.socket2.sock` streams event lines to whoever connects.
final class FakeHyprland: @unchecked Sendable {
    let runtimeDirectory: URL
    let signature = "fake_\(UUID().uuidString.prefix(6))"
    private let lock = NSLock()
    private var focused: Int32?
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
        servers.append(try FakeSocketServer(path: directory.appendingPathComponent(".socket2.sock").path) { [weak self] connection in
            self?.lock.withLock { self?.listeners.append(connection) }
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
        let reply = focusedPID.map { #"{"address":"0x55d0a0","mapped":true,"class":"fake","title":"a window","pid":\#($0),"xwayland":false}"# } ?? "{}"
        connection.write(Array(reply.utf8))
        connection.close()
    }
}
#endif
