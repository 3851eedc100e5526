#if os(Linux)
import Foundation
import LockOutCore

/// The i3-ipc framing sway speaks: `i3-ipc`, the payload's length and the message type (both 32-bit,
/// in the machine's byte order), then the payload (JSON).
enum SwayIPC {
    static let magic = Array("i3-ipc".utf8)
    static let headerLength = 14
    /// Message types.
    static let subscribe: UInt32 = 2
    static let getTree: UInt32 = 4
    /// The workspace and window events: event types carry the high bit.
    static let workspaceEvent: UInt32 = 0x8000_0000
    static let windowEvent: UInt32 = 0x8000_0003
    /// Longer payloads are not believed: a tree of thousands of windows stays well under it.
    static let largestPayload = 64 << 20

    /// A message of `type` with `payload`.
    static func message(type: UInt32, payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
        return bytes + payload
    }

    /// The first complete message in `buffer`, taken off it; nil while it is incomplete.
    static func take(from buffer: inout [UInt8]) throws -> (type: UInt32, payload: [UInt8])? {
        guard buffer.count >= headerLength else { return nil }
        guard buffer.starts(with: magic),
              let length = card32(buffer, at: 6), let type = card32(buffer, at: 10),
              Int(length) <= largestPayload
        else { throw CompositorProtocolError(description: "sway sent something that is not an i3-ipc message") }
        let total = headerLength + Int(length)
        guard buffer.count >= total else { return nil }
        defer { buffer.removeFirst(total) }
        return (type, Array(buffer[headerLength..<total]))
    }

    /// The little-endian 32-bit number at `offset` of `bytes`, as `message` writes them; nil past the end.
    private static func card32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(UInt32(0)) { value, index in value | UInt32(bytes[offset + index]) << UInt32(8 * index) }
    }

    /// The `pid` of the focused node in a `GET_TREE` reply: the node with `focused: true`, searched through
    /// tiled and floating children alike.
    static func focusedProcessID(tree: [UInt8]) throws -> Int32? {
        guard let root = try JSONSerialization.jsonObject(with: Data(tree)) as? [String: Any] else {
            throw CompositorProtocolError(description: "sway's tree is not a JSON object")
        }
        var stack = [root]
        while let node = stack.popLast() {
            if node["focused"] as? Bool == true {
                guard let pid = node["pid"] as? Int, pid > 0, pid <= Int(Int32.max) else { return nil }
                return Int32(pid)
            }
            for key in ["nodes", "floating_nodes"] {
                stack += (node[key] as? [[String: Any]]) ?? []
            }
        }
        return nil
    }
}

/// sway's IPC socket (`$SWAYSOCK`): `GET_TREE` for the focused window's process, a subscription to
/// `window` events for its changes.
final class SwayFocus: CompositorFocus {
    let focusMethod = FocusMethod.sway
    private let socketPath: String
    /// The connection requests go on; a subscribed one would mix events into the replies. Opened on first use.
    private var requests: UnixStream?

    init(socketPath: String) {
        self.socketPath = socketPath
    }

    func focusedProcessID() throws -> Int32? {
        try SwayIPC.focusedProcessID(tree: tree())
    }

    /// The reply to `GET_TREE`; a failed request drops the connection, and the next one opens another.
    func tree() throws -> [UInt8] {
        let stream = try requests ?? UnixStream(path: socketPath)
        requests = stream
        do {
            return try request(SwayIPC.getTree, payload: [], on: stream)
        } catch {
            requests = nil
            throw error
        }
    }

    func subscribe() throws -> UnixStream {
        try subscribe(to: ["window"])
    }

    /// A new connection subscribed to the events named (plain words like `window` and `workspace`).
    func subscribe(to events: [String]) throws -> UnixStream {
        let stream = try UnixStream(path: socketPath)
        let payload = "[" + events.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let reply = try request(SwayIPC.subscribe, payload: Array(payload.utf8), on: stream)
        guard let answer = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any], answer["success"] as? Bool == true else {
            throw CompositorProtocolError(description: "sway refused the subscription to \(events.joined(separator: " and ")) events")
        }
        return stream
    }

    func takeFocusChanges(from buffer: inout [UInt8]) throws -> Bool {
        var changed = false
        while let message = try SwayIPC.take(from: &buffer) {
            guard message.type == SwayIPC.windowEvent,
                  let event = try? JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any],
                  let change = event["change"] as? String
            else { continue }
            // `focus` moves it; `close` of the focused window leaves focus to another or to none.
            if change == "focus" || change == "close" { changed = true }
        }
        return changed
    }

    /// Sends one message and waits for the reply of the same type.
    private func request(_ type: UInt32, payload: [UInt8], on stream: UnixStream) throws -> [UInt8] {
        try stream.write(SwayIPC.message(type: type, payload: payload))
        var buffer: [UInt8] = []
        while true {
            while let message = try SwayIPC.take(from: &buffer) {
                if message.type == type { return message.payload }
            }
            buffer += try stream.readSome()
        }
    }
}
#endif
