#if os(Linux)
import Foundation
import LockOutCore

/// Hyprland's two sockets in `…/hypr/$HYPRLAND_INSTANCE_SIGNATURE/`: `.socket.sock` answers one request
/// per connection (`j/activewindow`, JSON with the window's `pid`), `.socket2.sock` streams events as
/// lines (`activewindow>>CLASS,TITLE`).
final class HyprlandFocus: CompositorFocus {
    let focusMethod = FocusMethod.hyprland
    private let directory: String

    /// Talks to the instance whose sockets are in `directory`.
    init(directory: String) {
        self.directory = directory
    }

    var requestSocket: String { directory + "/.socket.sock" }
    var eventSocket: String { directory + "/.socket2.sock" }

    func focusedProcessID() throws -> Int32? {
        let stream = try UnixStream(path: requestSocket)
        try stream.write(Array("j/activewindow".utf8))
        let reply = try stream.readToEnd()
        return try Self.processID(activeWindow: reply)
    }

    func subscribe() throws -> UnixStream {
        try UnixStream(path: eventSocket)
    }

    func takeFocusChanges(from buffer: inout [UInt8]) throws -> Bool {
        guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count > 1 << 20 { throw CompositorProtocolError(description: "Hyprland sent an event line longer than 1 MiB") }
            return false
        }
        let lines = buffer[...lastNewline].split(separator: UInt8(ascii: "\n"))
        buffer.removeFirst(lastNewline + 1)
        let prefix = Array("activewindow>>".utf8)
        return lines.contains { $0.starts(with: prefix) }
    }

    /// The `pid` in the reply to `j/activewindow`; nil when no window is active (an empty object, or text).
    static func processID(activeWindow reply: [UInt8]) throws -> Int32? {
        guard reply.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }) == UInt8(ascii: "{") else { return nil }
        guard let window = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any] else {
            throw CompositorProtocolError(description: "Hyprland's active window is not a JSON object")
        }
        guard let pid = window["pid"] as? Int, pid > 0, pid <= Int(Int32.max) else { return nil }
        return Int32(pid)
    }

    /// The socket folder of the instance `environment` names: under `$XDG_RUNTIME_DIR/hypr/`, or `/tmp/hypr/`
    /// for versions before 0.40; nil when neither has its event socket.
    static func directory(in environment: [String: String]) -> String? {
        guard let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty, !signature.contains("/") else { return nil }
        let bases = [environment["XDG_RUNTIME_DIR"].map { $0 + "/hypr" }, "/tmp/hypr"].compactMap { $0 }
        return bases.map { "\($0)/\(signature)" }.first { FileManager.default.fileExists(atPath: $0 + "/.socket2.sock") }
    }
}
#endif
