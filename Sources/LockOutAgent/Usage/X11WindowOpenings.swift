#if os(Linux)
import Dispatch
import Foundation

/// New windows on an X11 desktop, told by the window manager: EWMH's `_NET_CLIENT_LIST` on the root
/// window lists every managed window, and a window added to it is one just opened; its `_NET_WM_PID`
/// names the process. Through libxcb, opened at run time (`XCBLibraries`): without it, `start` throws naming
/// the library missing.
///
/// A connection of its own, made by `start` and closed by `stop`: it selects `PropertyChangeMask` on the
/// root and watches the socket with a dispatch read source, so the process wakes only when the window
/// manager changes a root property.
///
/// ```
///   stopped ──start──► watching ──(server hangs up, socket fails)──► stopped: `closed` told once
///      ▲                  │
///      └──────stop────────┘
/// ```
final class X11WindowOpenings: WindowOpenings, @unchecked Sendable {
    let method = "x11"
    private let environment: [String: String]
    private let libraries: XCBLibraries
    private let queue = DispatchQueue(label: "lockout.shield.x11-windows")
    /// Confined to `queue`; nil while stopped.
    private var watching: Watching?

    private struct Watching {
        let connection: X11Connection
        let source: any DispatchSourceRead
        let clientList: UInt32
        let wmPID: UInt32
        let onOpened: @Sendable (Int32?) -> Void
        let closed: @Sendable (String) -> Void
        /// The windows of `_NET_CLIENT_LIST` as last read.
        var windows: Set<UInt32>
    }

    /// Will connect to the display `environment["DISPLAY"]` names, with the cookie of its authority file,
    /// through the X libraries `libraries` names.
    init(environment: [String: String], libraries: XCBLibraries = .standard) {
        self.environment = environment
        self.libraries = libraries
    }

    deinit {
        watching?.source.cancel()
    }

    func start(onOpened: @escaping @Sendable (Int32?) -> Void, closed: @escaping @Sendable (String) -> Void) throws {
        try queue.sync {
            guard watching == nil else { return }
            guard let name = environment["DISPLAY"], let display = X11Display(name) else {
                throw X11Error.noDisplay(environment["DISPLAY"] ?? "")
            }
            let connection = try X11Connection(
                display: display, cookie: X11AuthorityEntry.cookie(for: display, environment: environment), libraries: libraries
            )
            do {
                let supported = try connection.internAtom("_NET_SUPPORTED")
                let clientList = try connection.internAtom("_NET_CLIENT_LIST")
                let features = try connection.cardinals(of: connection.root, property: supported, type: X11Connection.atomType, count: 4096)
                guard features.contains(clientList) else { throw WindowManagerLacksClientList() }
                let wmPID = try connection.internAtom("_NET_WM_PID")
                try connection.selectEvents(on: connection.root, mask: X11Connection.propertyChangeMask)
                // Read after selecting: a window added in between is in the list or in an event, never in neither.
                let windows = try Self.clients(connection, clientList)
                let source = DispatchSource.makeReadSource(fileDescriptor: connection.fd, queue: queue)
                source.setEventHandler { [weak self] in self?.deliverEvents() }
                // The socket closes only once the source is done with its descriptor.
                source.setCancelHandler { connection.close() }
                watching = Watching(
                    connection: connection, source: source, clientList: clientList, wmPID: wmPID,
                    onOpened: onOpened, closed: closed, windows: Set(windows)
                )
                source.activate()
            } catch {
                connection.close()
                throw error
            }
        }
    }

    func stop() {
        queue.sync {
            watching?.source.cancel()
            watching = nil
        }
    }

    /// Reads the waiting events and tells each window added to the client list; on queue. Events that
    /// arrive with the replies are looked at in the same turn: they will not wake the read source.
    private func deliverEvents() {
        guard var current = watching else { return }
        do throws(X11Error) {
            while true {
                let events = try current.connection.takeEvents()
                guard events.contains(.propertyChanged(window: current.connection.root, atom: current.clientList)) else { break }
                let windows = try Self.clients(current.connection, current.clientList)
                let added = windows.filter { !current.windows.contains($0) }
                current.windows = Set(windows)
                watching = current
                for window in added {
                    current.onOpened(try processID(of: window, current))
                }
            }
        } catch {
            guard error.isFatal else { return }
            current.source.cancel()
            watching = nil
            current.closed("the X display connection closed: \(error)")
        }
    }

    /// The process of `window` by its `_NET_WM_PID`; nil when it names none or the window has gone.
    private func processID(of window: UInt32, _ watching: Watching) throws(X11Error) -> Int32? {
        let pid: [UInt32]
        do {
            pid = try watching.connection.cardinals(of: window, property: watching.wmPID, type: X11Connection.cardinalType, count: 1)
        } catch where !error.isFatal {
            return nil
        }
        guard let first = pid.first, first > 0, first <= UInt32(Int32.max) else { return nil }
        return Int32(first)
    }

    /// The windows the root's `_NET_CLIENT_LIST` holds.
    private static func clients(_ connection: X11Connection, _ clientList: UInt32) throws(X11Error) -> [UInt32] {
        try connection.cardinals(of: connection.root, property: clientList, type: X11Connection.windowType, count: 1 << 16)
    }

    /// The window manager does not keep the list of windows this watch reads.
    struct WindowManagerLacksClientList: Error, CustomStringConvertible {
        var description: String { "the window manager does not keep _NET_CLIENT_LIST" }
    }
}
#endif
