#if canImport(CSystemd)
import CSystemd
import Foundation
import LockOutRuntime
import Logging
import Synchronization

/// The agent's one connection to the D-Bus session bus (sd-bus from libsystemd), shared by everything
/// that speaks D-Bus: notifications now; logind, the idle monitor, the screen saver and the tray later.
///
/// sd-bus is not thread-safe, so the connection lives on one private serial queue: every call into
/// sd-bus, every reply handler and every signal handler runs there, one at a time. Handlers must not
/// block; what they start on the bus runs after them, in order.
///
/// It costs nothing while nothing happens: a dispatch read source watches the socket, a write source
/// is resumed only while sd-bus has output queued, and a timer is armed only while a call waits for
/// its reply (sd-bus's own deadline). Each wake runs `sd_bus_process` until it has nothing left.
///
/// ```
///   open ──(socket closed by the bus, or an sd-bus error)──► closed: handlers of pending calls get an
///                                                             error, owner watchers get nil, the
///                                                             sources stop, later calls fail at once
/// ```
/// A closed connection is not reopened: the session bus going away means the session is ending.
/// The same class also holds the agent's second connection, to the system bus (`system(environment:logger:)`),
/// watched the same way.
public final class SessionBus: @unchecked Sendable {
    /// Which bus this connects to, as errors and the log name it: `session bus` or `system bus`.
    let kind: String
    /// Where every sd-bus call and every handler runs. Not a global queue: see `SerialQueueExecutor`.
    let queue: DispatchQueue
    let logger: Logger
    /// The sd-bus connection; confined to `queue`, released in `deinit`.
    let bus: OpaquePointer
    /// Confined to `queue` from here on.
    private var isOpen = true
    private var watch: SessionBusWatch?
    /// Match slots of live subscriptions and slots of exported objects, by subscription id; confined to `queue`.
    var matches: [UInt64: OpaquePointer] = [:]
    /// Called with no owner when the connection closes, by subscription id; confined to `queue`.
    var closeHandlers: [UInt64: @Sendable () -> Void] = [:]
    private let subscriptionIDs = NSLock()
    private var lastSubscriptionID: UInt64 = 0
    /// How often the queue woke to run sd-bus; confined to `queue`. Tests read it to see that a closed
    /// connection stays quiet.
    private(set) var wakeCount = 0
    /// Hears that sd-bus handled something (a signal, a call, a reply), after it was handled.
    private let activity = Mutex<(@Sendable () -> Void)?>(nil)

    /// Connects to the session bus named by `environment` (`DBUS_SESSION_BUS_ADDRESS`, else
    /// `$XDG_RUNTIME_DIR/bus`). Returns at once: authentication and the bus's `Hello` go on in the
    /// background, and calls made meanwhile are sent when it is done.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "lockout.dbus")
    ) throws(DBusError) {
        try self.init(address: try Self.address(in: environment), kind: "session bus", logger: logger)
    }

    /// Connects to the bus at `address`, called `kind` in errors and the log; returns at once, as above.
    init(address: String, kind: String, logger: Logger) throws(DBusError) {
        var created: OpaquePointer?
        var result = sd_bus_new(&created)
        guard result >= 0, let created else { throw DBusError.local("sd_bus_new", errno: -result) }
        result = sd_bus_set_address(created, address)
        if result >= 0 { result = sd_bus_set_bus_client(created, 1) }
        if result >= 0 { result = sd_bus_set_description(created, "lockout") }
        if result >= 0 { result = sd_bus_start(created) }
        guard result >= 0 else {
            sd_bus_unref(created)
            throw DBusError(
                name: DBusError.disconnected,
                message: "could not connect to the \(kind) at \(address): \(String(cString: strerror(-result)))"
            )
        }
        bus = created
        self.kind = kind
        self.logger = logger
        queue = DispatchQueue(label: "lockout.dbus")
        let fd = sd_bus_get_fd(created)
        queue.async { [self] in
            do {
                watch = try SessionBusWatch(fd: fd, queue: queue) { [weak self] in self?.process() }
                process()
            } catch {
                logger.error("cannot watch the \(kind): \(error)")
                close(because: "\(error)")
            }
        }
    }

    deinit {
        watch?.cancel()
        sd_bus_flush_close_unref(bus)
    }

    /// The address of the session bus in `environment`; throws when there is none.
    static func address(in environment: [String: String]) throws(DBusError) -> String {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
           FileManager.default.fileExists(atPath: runtime + "/bus") {
            return "unix:path=\(runtime)/bus"
        }
        throw DBusError(
            name: DBusError.disconnected,
            message: "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus"
        )
    }

    /// Runs `work` on the connection's queue, after everything already asked of it.
    public func perform(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Whether the connection is still open; a closed one fails every call. Not from a handler: it waits for the queue.
    public var isConnected: Bool {
        queue.sync { isOpen }
    }

    /// How often the queue has woken to run sd-bus so far. Not from a handler: it waits for the queue.
    var wakes: Int {
        queue.sync { wakeCount }
    }

    /// Sends everything queued for the bus and waits until it is written; for the moment before the
    /// process exits. Not from a handler: it waits for the queue.
    public func flush() {
        queue.sync {
            guard isOpen else { return }
            let result = sd_bus_flush(bus)
            if result < 0 { logger.warning("could not flush the \(kind): \(String(cString: strerror(-result)))") }
        }
    }

    /// `handled` hears, on the connection's queue, each wake in which sd-bus handled something: the moment a
    /// burst of work the bus brought (a notification answered, a tray menu item, a presence signal) is done.
    public func onActivity(_ handled: @escaping @Sendable () -> Void) {
        activity.withLock { $0 = handled }
    }

    /// Runs sd-bus until it has nothing left to do, then watches for what it waits on next; on queue.
    func process() {
        wakeCount += 1
        guard isOpen else { return }
        var handled = false
        defer { if handled { activity.withLock { $0 }?() } }
        while true {
            let result = sd_bus_process(bus, nil)
            if result < 0 {
                // Closing dispatches the pending calls' errors first (each a positive return), then fails.
                close(because: String(cString: strerror(-result)))
                return
            }
            if result == 0 { break }
            handled = true
        }
        updateWatch()
    }

    /// Arms the write source and the timer for what sd-bus waits on now; on queue.
    func updateWatch() {
        guard isOpen, let watch else { return }
        let events = sd_bus_get_events(bus)
        watch.setWritable(events > 0 && events & Int32(POLLOUT) != 0)
        var deadline: UInt64 = .max
        if sd_bus_get_timeout(bus, &deadline) < 0 { deadline = .max }
        watch.setDeadline(deadline == .max ? nil : deadline)
    }

    /// Stops watching and tells whoever watches a name that it has no owner any more; on queue.
    private func close(because reason: String) {
        guard isOpen else { return }
        isOpen = false
        logger.warning("the \(kind) connection closed: \(reason)")
        watch?.cancel()
        watch = nil
        let handlers = closeHandlers.values
        closeHandlers.removeAll()
        for handler in handlers {
            handler()
        }
    }

    /// A new id for a subscription, from any thread.
    func nextSubscriptionID() -> UInt64 {
        subscriptionIDs.withLock {
            lastSubscriptionID += 1
            return lastSubscriptionID
        }
    }

    /// Fails with `disconnected` once the connection is closed; on queue.
    func requireOpen() throws(DBusError) {
        guard isOpen else { throw DBusError(name: DBusError.disconnected, message: "the \(kind) connection is closed") }
    }
}
#endif
