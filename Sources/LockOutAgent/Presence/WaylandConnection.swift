#if os(Linux)
import CWayland

/// The agent's own connection to the Wayland compositor, for the idle notification alone: libwayland-client opened
/// at run time (`CWAYLAND_LIBWAYLAND_CLIENT`), its registry's globals read once at connect. Not thread-safe: its owner
/// keeps every call on one queue.
final class WaylandConnection: @unchecked Sendable {
    /// The globals the registry announced when it connected.
    let globals: [WaylandGlobal]
    private var handle: OpaquePointer?
    /// What the notification told during the last call that dispatched, in order.
    private let told = Told()

    private final class Told {
        var idle: [Bool] = []
    }

    private final class Globals {
        var all: [WaylandGlobal] = []
    }

    /// Connects to `display` (a socket name or an absolute path) through `library` (the usual name where nil) and
    /// reads the globals. Throws the library missing or the compositor not answering.
    init(display: String, library: String? = nil) throws(WaylandPresenceError) {
        let listed = Globals()
        let size = 512
        var failure = [CChar](repeating: 0, count: size)
        let context = Unmanaged.passUnretained(listed).toOpaque()
        let handle = cwayland_connect(library, display, { context, name, interface, version in
            guard let context else { return }
            let listed = Unmanaged<Globals>.fromOpaque(context).takeUnretainedValue()
            listed.all.append(WaylandGlobal(name: name, interface: String(cString: interface), version: version))
        }, context, &failure, size)
        guard let handle else { throw .connection(Self.text(failure)) }
        self.handle = handle
        globals = listed.all
    }

    deinit {
        close()
    }

    /// The socket to watch for reading; -1 once closed.
    var fd: Int32 {
        handle.map { cwayland_fd($0) } ?? -1
    }

    /// Asks for the notification `binding` names after `timeout` milliseconds; returns what it told already.
    func watchIdle(_ binding: WaylandIdleBinding, timeout: UInt32) throws(WaylandPresenceError) -> [Bool] {
        guard let handle else { throw .connection("the Wayland connection is closed") }
        let idleProtocol = switch binding.idleProtocol {
        case .extIdleNotifyInput: CWAYLAND_EXT_IDLE_NOTIFY_INPUT
        case .extIdleNotify: CWAYLAND_EXT_IDLE_NOTIFY
        case .kdeIdle: CWAYLAND_KDE_IDLE
        }
        let size = 512
        var failure = [CChar](repeating: 0, count: size)
        let context = Unmanaged.passUnretained(told).toOpaque()
        let result = cwayland_watch_idle(handle, idleProtocol, binding.notifier, binding.version, binding.seat, timeout, { context, idle in
            guard let context else { return }
            Unmanaged<Told>.fromOpaque(context).takeUnretainedValue().idle.append(idle != 0)
        }, context, &failure, size)
        guard result == 0 else { throw .connection(Self.text(failure)) }
        return take()
    }

    /// Reads and dispatches what the socket holds: what the notification told, in order, and why the connection
    /// failed, if it did (what was read before the failure is still told).
    func dispatch() -> (told: [Bool], failed: WaylandPresenceError?) {
        guard let handle else { return ([], .connection("the Wayland connection is closed")) }
        let size = 512
        var failure = [CChar](repeating: 0, count: size)
        let result = cwayland_dispatch(handle, &failure, size)
        return (take(), result == 0 ? nil : .connection(Self.text(failure)))
    }

    /// Releases the notification and disconnects; nothing is told after.
    func close() {
        guard let handle else { return }
        self.handle = nil
        cwayland_disconnect(handle)
    }

    private func take() -> [Bool] {
        defer { told.idle = [] }
        return told.idle
    }

    private static func text(_ failure: [CChar]) -> String {
        String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#endif
