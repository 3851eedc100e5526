#if os(Linux)
import Foundation

/// Hyprland's side of full screen: `j/activewindow` says whether the active window is full screen, and the
/// event lines `fullscreen>>0|1`, `activewindow>>…`, `workspace>>…` and the like say when to ask again.
extension HyprlandFocus {
    /// The `fullscreen` of `j/activewindow`: a bool before Hyprland 0.42 (with `fullscreenMode` 0 for full
    /// screen, 1 for maximized), since then the mode's bits (1 maximized, 2 full screen).
    enum FullScreenState: Decodable, Equatable {
        case flag(Bool)
        case bits(Int)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let flag = try? value.decode(Bool.self) {
                self = .flag(flag)
            } else if let bits = try? value.decode(Int.self), bits >= 0 {
                self = .bits(bits)
            } else {
                throw DecodingError.dataCorruptedError(in: value, debugDescription: "neither true, false nor a mode of 0 or more")
            }
        }
    }

    /// The reply to `j/activewindow`, as far as full screen needs it; `{}` when no window is active.
    private struct ActiveWindow: Decodable {
        let address: String?
        let fullscreen: FullScreenState?
        let fullscreenMode: Int?
    }

    /// The events after which the active window or its full screen may differ: focus moved, the workspace or
    /// monitor changed, a window closed, or a workspace entered or left full screen.
    static let fullScreenEvents: Set<String> = [
        "fullscreen", "activewindow", "activewindowv2", "workspace", "workspacev2", "focusedmon", "focusedmonv2", "closewindow",
    ]

    /// Whether the active window in a reply to `j/activewindow` is full screen (not merely maximized); false
    /// when no window is active (`{}`, or `Invalid` from older versions).
    static func isFullScreen(activeWindow reply: [UInt8]) throws -> Bool {
        let text = String(decoding: reply, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text == "Invalid" { return false }
        let window = try CompositorProtocolError.decode(ActiveWindow.self, from: reply, what: "Hyprland's active window")
        switch window.fullscreen {
        case nil:
            guard window.address == nil else {
                throw CompositorProtocolError(description: "Hyprland's active window \(window.address ?? "") does not say whether it is full screen")
            }
            return false
        case .flag(let on):
            return on && window.fullscreenMode != 1
        case .bits(let bits):
            return bits & 2 != 0
        }
    }

    /// Whether one event line bears on full screen: an event of `fullScreenEvents`. Throws on a line that is not
    /// `EVENT>>DATA`, and on a `fullscreen` line whose data is not 0 or 1.
    static func bearsOnFullScreen(line: some Collection<UInt8>) throws -> Bool {
        let text = String(decoding: line, as: UTF8.self)
        guard let separator = text.range(of: ">>"), !text[..<separator.lowerBound].isEmpty else {
            throw CompositorProtocolError(description: "Hyprland sent an event line that is not EVENT>>DATA: \(text.prefix(80))")
        }
        let event = String(text[..<separator.lowerBound])
        if event == "fullscreen", !["0", "1"].contains(text[separator.upperBound...]) {
            throw CompositorProtocolError(description: "Hyprland sent a fullscreen event that is neither 0 nor 1: \(text.prefix(80))")
        }
        return fullScreenEvents.contains(event)
    }
}

extension HyprlandFocus: CompositorFullScreen {
    /// Asks `j/activewindow` on a connection of its own, as Hyprland answers one request per connection.
    func focusedIsFullScreen() throws -> Bool {
        let stream = try UnixStream(path: requestSocket)
        try stream.write(Array("j/activewindow".utf8))
        return try Self.isFullScreen(activeWindow: stream.readToEnd())
    }

    func subscribeToFullScreenChanges() throws -> UnixStream {
        try subscribe()
    }

    /// Any line that bears on full screen asks `j/activewindow` again: `fullscreen>>1` is also sent when a
    /// window on another workspace goes full screen, and when one is maximized.
    func takeFullScreenNews(from buffer: inout [UInt8]) throws -> FullScreenNews? {
        guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count > 1 << 20 { throw CompositorProtocolError(description: "Hyprland sent an event line longer than 1 MiB") }
            return nil
        }
        let lines = buffer[...lastNewline].split(separator: UInt8(ascii: "\n"))
        buffer.removeFirst(lastNewline + 1)
        // Every line is read, so a malformed one is refused even after one that asks.
        var asks = false
        for line in lines {
            if try Self.bearsOnFullScreen(line: line) { asks = true }
        }
        return asks ? .askCompositor : nil
    }
}
#endif
