#if os(Linux)
import Dispatch
import Foundation
import Logging
import LockOutCore

/// The focused program and the idle time of an X11 desktop, asked of the X server directly.
///
/// Focus comes through EWMH: the root's `_NET_ACTIVE_WINDOW`, then that window's `_NET_WM_PID`, then the
/// process's name (`ProgramNames`). Idle time comes from the MIT-SCREEN-SAVER extension. It speaks through
/// libxcb, opened at run time (`XCBLibraries`): without it, `init` throws naming the library missing.
///
/// Told, not polling: `start` selects `PropertyChangeMask` on the root and watches the socket with a
/// dispatch read source, so the process wakes only when the window manager changes a root property (a
/// focus change, a desktop switch) and an idle desktop never wakes it. `read` makes its round trips on the
/// same private queue.
///
/// ```
///   connected ──(the server hangs up, or the socket fails)──► closed: logged once, `onChange` told once,
///                                                             every reading empty from then on
/// ```
public final class X11ActivitySensor: ActivitySensing, IdleSource, @unchecked Sendable {
    public let focusMethod = FocusMethod.x11
    /// `x11ScreenSaver` when the server has the MIT-SCREEN-SAVER extension, else `none`.
    public let idleMethod: IdleMethod
    /// Whether the window manager says it keeps `_NET_ACTIVE_WINDOW` (the root's `_NET_SUPPORTED`):
    /// without it, focus cannot be told.
    public let tellsActiveWindow: Bool

    private let queue = DispatchQueue(label: "lockout.activity.x11")
    private let onQueueKey = DispatchSpecificKey<Bool>()
    private let logger: Logger
    private let atoms: Atoms
    private let hasScreenSaver: Bool
    /// Confined to `queue`; nil once closed or stopped.
    private var connection: X11Connection?
    private var source: (any DispatchSourceRead)?
    private var onChange: (@Sendable () -> Void)?
    /// The focused program as last read, kept until `_NET_ACTIVE_WINDOW` changes (while the source watches
    /// for that), so a reading every few seconds costs one round trip (the idle time), not three.
    private var focusKnown: (program: String?, valid: Bool) = (nil, false)

    /// The atoms the sensor asks about.
    private struct Atoms {
        let activeWindow: UInt32
        let wmPID: UInt32
    }

    /// Connects to the display `environment["DISPLAY"]` names, with the cookie of its authority file when
    /// one fits, and learns what the server and the window manager offer.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "lockout.activity")
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
        let supported = try connection.internAtom("_NET_SUPPORTED")
        atoms = Atoms(activeWindow: try connection.internAtom("_NET_ACTIVE_WINDOW"), wmPID: try connection.internAtom("_NET_WM_PID"))
        let features = try connection.cardinals(of: connection.root, property: supported, type: X11Connection.atomType, count: 4096)
        tellsActiveWindow = features.contains(atoms.activeWindow)
        hasScreenSaver = try connection.hasExtension(.screenSaver)
        idleMethod = hasScreenSaver ? .x11ScreenSaver : .none
        self.connection = connection
        self.logger = logger
        queue.setSpecific(key: onQueueKey, value: true)
    }

    deinit {
        source?.cancel()
        if source == nil { connection?.close() }
    }

    public func start(onChange: @escaping @Sendable () -> Void) {
        onQueue {
            guard let connection, source == nil else { return }
            self.onChange = onChange
            do throws(X11Error) {
                try connection.selectEvents(on: connection.root, mask: X11Connection.propertyChangeMask)
            } catch {
                fail(error)
                return
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: connection.fd, queue: queue)
            source.setEventHandler { [weak self] in self?.deliverEvents(later: false) }
            // The socket closes only once the source is done with its descriptor.
            source.setCancelHandler { connection.close() }
            source.activate()
            self.source = source
        }
    }

    public func read() -> ActivityReading {
        onQueue {
            guard let connection else { return ActivityReading() }
            // A focus change waiting in the socket forgets the known focus before it is used.
            deliverEvents(later: true)
            let idle = idleNow(connection)
            var reading = ActivityReading(idleSeconds: idle.idleSeconds)
            if focusKnown.valid, source != nil {
                reading.focusedProgram = focusKnown.program
            } else {
                do throws(X11Error) {
                    reading.focusedProgram = try focusedProgram(connection)
                } catch {
                    fail(error)
                    return ActivityReading()
                }
                focusKnown = (reading.focusedProgram, true)
            }
            // A focus change that arrived with the replies will not wake the read source: look at it now.
            deliverEvents(later: true)
            return reading
        }
    }

    public func readIdle() -> IdleReading {
        onQueue {
            guard let connection else { return IdleReading() }
            return idleNow(connection)
        }
    }

    public func stop() {
        onQueue {
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

    /// The name of the program whose window is active; nil when none is, or its window has no pid.
    private func focusedProgram(_ connection: X11Connection) throws(X11Error) -> String? {
        let active = try connection.cardinals(of: connection.root, property: atoms.activeWindow, type: X11Connection.windowType, count: 1)
        guard let window = active.first, window != 0 else { return nil }
        let pid: [UInt32]
        do {
            pid = try connection.cardinals(of: window, property: atoms.wmPID, type: X11Connection.cardinalType, count: 1)
        } catch where !error.isFatal {
            return nil  // the window went between the two requests
        }
        guard let first = pid.first, first > 0, first <= UInt32(Int32.max) else { return nil }
        return ProgramNames.name(of: Int32(first))
    }

    /// The idle time from the screen saver extension; on queue. A failure here shows again in the focus
    /// requests that follow, which close the sensor.
    private func idleNow(_ connection: X11Connection) -> IdleReading {
        guard hasScreenSaver, let milliseconds = try? connection.screenSaverIdleMilliseconds() else {
            return IdleReading()
        }
        return IdleReading(idleSeconds: TimeInterval(milliseconds) / 1000)
    }

    /// Reads the events waiting and tells `onChange` once if the active window changed, now or, from
    /// within a reading, after it; on queue.
    private func deliverEvents(later: Bool) {
        guard let connection, source != nil else { return }
        let events: [X11Event]
        do {
            events = try connection.takeEvents()
        } catch {
            fail(error)
            return
        }
        guard events.contains(.propertyChanged(window: connection.root, atom: atoms.activeWindow)) else { return }
        focusKnown = (nil, false)
        guard let onChange else { return }
        if later { queue.async(execute: onChange) } else { onChange() }
    }

    /// Closes the sensor after a failure that ends the connection: logs once, tells `onChange` once; on queue.
    private func fail(_ error: X11Error) {
        guard error.isFatal, connection != nil else { return }
        logger.warning("the X display connection closed; no program counts as focused from now on: \(error)")
        source?.cancel()
        if source == nil { connection?.close() }
        source = nil
        connection = nil
        if let onChange { queue.async(execute: onChange) }
        onChange = nil
    }

    /// Runs `work` on the queue: inline when already there (a reading from within `onChange`), else waiting for it.
    private func onQueue<Value>(_ work: () -> Value) -> Value {
        if DispatchQueue.getSpecific(key: onQueueKey) == true { return work() }
        return queue.sync(execute: work)
    }
}
#endif
