#if os(Linux)
import Dispatch
import Foundation
import LockOutCore

/// A compositor that tells of new windows on its event socket (sway, Hyprland).
protocol CompositorWindowEvents: AnyObject {
    /// How it is asked, as the log names it.
    var focusMethod: FocusMethod { get }
    /// A new connection on which the compositor tells of window events.
    func subscribe() throws -> UnixStream
    /// Takes the complete events off the start of `buffer` (leaving a partial one) and returns one entry
    /// per window opened among them: its process id when the event names it, else nil.
    func takeWindowOpenings(from buffer: inout [UInt8]) throws -> [Int32?]
}

extension SwayFocus: CompositorWindowEvents {
    /// sway's `window` events with `change: new`; the pid is the container's.
    func takeWindowOpenings(from buffer: inout [UInt8]) throws -> [Int32?] {
        var opened: [Int32?] = []
        while let message = try SwayIPC.take(from: &buffer) {
            guard message.type == SwayIPC.windowEvent,
                  let event = try? JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any],
                  event["change"] as? String == "new"
            else { continue }
            let pid = (event["container"] as? [String: Any])?["pid"] as? Int
            opened.append(pid.flatMap { $0 > 0 && $0 <= Int(Int32.max) ? Int32($0) : nil })
        }
        return opened
    }
}

extension HyprlandFocus: CompositorWindowEvents {
    /// Hyprland's `openwindow>>ADDRESS,WORKSPACE,CLASS,TITLE` lines, which name no process.
    func takeWindowOpenings(from buffer: inout [UInt8]) throws -> [Int32?] {
        guard let lastNewline = buffer.lastIndex(of: UInt8(ascii: "\n")) else {
            if buffer.count > 1 << 20 { throw CompositorProtocolError(description: "Hyprland sent an event line longer than 1 MiB") }
            return []
        }
        let lines = buffer[...lastNewline].split(separator: UInt8(ascii: "\n"))
        buffer.removeFirst(lastNewline + 1)
        let prefix = Array("openwindow>>".utf8)
        return lines.filter { $0.starts(with: prefix) }.map { _ in nil }
    }
}

/// New windows told by a compositor's event socket, on a subscription of their own, watched with a
/// dispatch read source: the process wakes only when the compositor writes.
///
/// ```
///   stopped ──start──► watching ──(the compositor hangs up, or answers nonsense)──► stopped: `closed` told once
///      ▲                  │
///      └──────stop────────┘
/// ```
final class CompositorWindowOpenings: WindowOpenings, @unchecked Sendable {
    var method: String { compositor.focusMethod.rawValue }
    private let compositor: any CompositorWindowEvents
    private let queue: DispatchQueue
    /// Confined to `queue`.
    private var watch: SocketWatch?
    private var events: [UInt8] = []
    private var onOpened: (@Sendable (Int32?) -> Void)?
    private var closed: (@Sendable (String) -> Void)?

    init(compositor: any CompositorWindowEvents) {
        self.compositor = compositor
        queue = DispatchQueue(label: "lockout.shield.\(compositor.focusMethod.rawValue)-windows")
    }

    deinit {
        watch?.cancel()
    }

    func start(onOpened: @escaping @Sendable (Int32?) -> Void, closed: @escaping @Sendable (String) -> Void) throws {
        try queue.sync {
            guard watch == nil else { return }
            let stream = try compositor.subscribe()
            self.onOpened = onOpened
            self.closed = closed
            events = []
            watch = SocketWatch(
                stream: stream, queue: queue,
                received: { [weak self] bytes in self?.received(bytes) },
                closed: { [weak self] error in self?.close(because: error) }
            )
        }
    }

    func stop() {
        queue.sync {
            watch?.cancel()
            watch = nil
            onOpened = nil
            closed = nil
        }
    }

    /// Takes events apart and tells each window opened; on queue.
    private func received(_ bytes: [UInt8]) {
        events += bytes
        do {
            for pid in try compositor.takeWindowOpenings(from: &events) { onOpened?(pid) }
        } catch {
            close(because: error)
        }
    }

    /// Stops after the compositor went away or spoke nonsense, telling `closed` once; on queue.
    private func close(because error: any Error) {
        watch?.cancel()
        watch = nil
        let closed = closed
        onOpened = nil
        self.closed = nil
        closed?("lost the \(compositor.focusMethod.rawValue) connection: \(error)")
    }
}
#endif
