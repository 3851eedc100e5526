#if os(Linux)
import Dispatch
import Foundation
import Logging

/// Whether the focused X11 window is full screen, told by the window manager's events rather than polled.
///
/// The root's `_NET_ACTIVE_WINDOW` names the focused window; its `_NET_WM_STATE` holds
/// `_NET_WM_STATE_FULLSCREEN` while it is full screen. The watch selects property changes on the root and
/// on the focused window, over a connection of its own read by a dispatch source: a change of focus or of
/// the focused window's state is the only thing that wakes it, and `onChange` hears when the answer changes.
/// The focused window's unmapping or destruction counts as focus leaving it: a window manager may leave
/// `_NET_ACTIVE_WINDOW` naming a window that is gone until something else takes the focus, and a full-screen
/// window that closed must not hold breaks back.
/// Through libxcb, opened at run time (`XCBLibraries`): without it, `init` throws naming the library missing.
public final class X11FullScreenWatch: @unchecked Sendable {
    private let queue = DispatchQueue(label: "lockout.deferral.x11")
    private let logger: Logger
    private let activeWindowAtom: UInt32
    private let stateAtom: UInt32
    private let fullScreenAtom: UInt32
    private let wmPIDAtom: UInt32
    // Confined to `queue`.
    private var connection: X11Connection?
    private var source: (any DispatchSourceRead)?
    private var onChange: (@Sendable () -> Void)?
    private var focused: UInt32 = 0
    private var fullScreen = false

    /// Connects to the display `environment["DISPLAY"]` names; throws when there is none to connect to.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, logger: Logger = Logger(label: "lockout.deferral")
    ) throws {
        try self.init(environment: environment, libraries: .standard, logger: logger)
    }

    /// Connects as above, through the X libraries `libraries` names.
    init(environment: [String: String], libraries: XCBLibraries, logger: Logger) throws {
        guard let name = environment["DISPLAY"], let display = X11Display(name) else {
            throw X11Error.noDisplay(environment["DISPLAY"] ?? "")
        }
        let connection = try X11Connection(
            display: display, cookie: X11AuthorityEntry.cookie(for: display, environment: environment), libraries: libraries
        )
        activeWindowAtom = try connection.internAtom("_NET_ACTIVE_WINDOW")
        stateAtom = try connection.internAtom("_NET_WM_STATE")
        fullScreenAtom = try connection.internAtom("_NET_WM_STATE_FULLSCREEN")
        wmPIDAtom = try connection.internAtom("_NET_WM_PID")
        self.connection = connection
        self.logger = logger
    }

    deinit {
        source?.cancel()
        if source == nil { connection?.close() }
    }

    /// Whether the focused window is full screen, as last learnt.
    public var isFullScreen: Bool { queue.sync { fullScreen } }

    /// The window manager's `_NET_ACTIVE_WINDOW` tells which window has focus.
    public var tellsFocusedProgram: Bool { true }

    /// The program of the focused window (its `_NET_WM_PID`), asked of the X server now: one round trip, only
    /// when a chosen program is looked for. Nil when no window has focus, it has no pid, or the watch is not running.
    public func focusedProgram() -> String? {
        queue.sync {
            guard let connection, source != nil, focused != 0 else { return nil }
            guard let pid = try? connection.cardinals(of: focused, property: wmPIDAtom, type: X11Connection.cardinalType, count: 1).first,
                  pid > 0, pid <= UInt32(Int32.max) else { return nil }
            return ProgramNames.name(of: Int32(pid))
        }
    }

    /// Starts watching; `onChange` (on the watch's queue) hears each change of `isFullScreen`.
    public func start(onChange: @escaping @Sendable () -> Void) {
        queue.sync {
            guard let connection, source == nil else { return }
            self.onChange = onChange
            do throws(X11Error) {
                try connection.selectEvents(on: connection.root, mask: X11Connection.propertyChangeMask)
                try follow(connection)
            } catch {
                fail(error)
                return
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: connection.fd, queue: queue)
            source.setEventHandler { [weak self] in self?.deliverEvents() }
            source.setCancelHandler { connection.close() }
            source.activate()
            self.source = source
            // Events that came with the replies above are read already and will not wake the source.
            deliverEvents()
        }
    }

    public func stop() {
        queue.sync {
            onChange = nil
            if let source {
                source.cancel()
                self.source = nil
            } else {
                connection?.close()
            }
            connection = nil
        }
    }

    /// Reads the focused window and its state, and selects its property changes; on queue.
    private func follow(_ connection: X11Connection) throws(X11Error) {
        let active = try connection.cardinals(of: connection.root, property: activeWindowAtom, type: X11Connection.windowType, count: 1).first ?? 0
        if active != focused, active != 0 {
            do {
                try connection.selectEvents(on: active, mask: X11Connection.propertyChangeMask | X11Connection.structureNotifyMask)
            } catch where !error.isFatal {
                // The window went before it could be watched: the next focus change tells.
            }
        }
        focused = active
        try readState(connection)
    }

    private func readState(_ connection: X11Connection) throws(X11Error) {
        var now = false
        if focused != 0 {
            do {
                now = try connection.cardinals(of: focused, property: stateAtom, type: X11Connection.atomType, count: 64).contains(fullScreenAtom)
            } catch where !error.isFatal {
                now = false
            }
        }
        guard now != fullScreen else { return }
        fullScreen = now
        logger.debug("focused window \(now ? "went" : "left") full screen")
        onChange?()
    }

    /// Takes the waiting events: a new focused window, or a change of its state; on queue. Events that arrive
    /// with the replies of the requests made here are taken in the same call, as they will not wake the source.
    private func deliverEvents() {
        while let connection {
            do throws(X11Error) {
                let events = try connection.takeEvents()
                if events.isEmpty { return }
                try handle(events, connection)
            } catch {
                fail(error)
                return
            }
        }
    }

    private func handle(_ events: [X11Event], _ connection: X11Connection) throws(X11Error) {
        if events.contains(.propertyChanged(window: connection.root, atom: activeWindowAtom)) {
            try follow(connection)
        } else if focused != 0, events.contains(.gone(window: focused)) {
            focused = 0
            try readState(connection)
        } else if events.contains(.propertyChanged(window: focused, atom: stateAtom)) {
            try readState(connection)
        }
    }

    /// The connection ended: nothing is full screen from now on; on queue.
    private func fail(_ error: X11Error) {
        guard error.isFatal, connection != nil else { return }
        logger.warning("the X display connection closed; no window counts as full screen from now on: \(error)")
        source?.cancel()
        if source == nil { connection?.close() }
        source = nil
        connection = nil
        if fullScreen {
            fullScreen = false
            onChange?()
        }
        onChange = nil
    }
}
#endif
