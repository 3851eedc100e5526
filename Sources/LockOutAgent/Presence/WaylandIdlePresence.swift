#if os(Linux)
import Dispatch
import Foundation
import LockOutCore
import Logging

/// Whether the person is at a Wayland desktop, told by the compositor: an idle notification over the agent's own
/// Wayland connection (`WaylandConnection`, libwayland-client opened at run time), asked for with the away threshold
/// as its timeout. `ext-idle-notify-v1` where the compositor offers it — version 2's input idle, which an idle
/// inhibitor cannot hold back, where it has that — else `org_kde_kwin_idle` (`WaylandIdleBinding.choose`).
///
/// The compositor sends the events, so the process sleeps on the connection's socket until the person leaves or
/// comes back; what an event means is `WaylandIdleTracker`'s.
///
/// ```
///   present ──idled──► away: told away at the last input (threshold ago)
///   away ──resumed──► present: told back now
///   either ──(the compositor hangs up)──► closed: logged once, nothing told from then on
/// ```
public final class WaylandIdlePresence: PresenceSource, @unchecked Sendable {
    public let name = "wayland-idle"
    private let display: String?
    private let library: String?
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let queue = DispatchQueue(label: "lockout.presence.wayland")
    /// Confined to `queue`; nil before `start`, after `stop` and once the connection closed.
    private var watch: Watch?
    /// How often the socket woke the queue; confined to `queue`. Tests read it to see that only events do.
    private var wakeCount = 0
    /// The notification asked for by the last start; confined to `queue`.
    private var bound: WaylandIdleBinding?

    /// What a started source holds; confined to the queue.
    private final class Watch {
        let connection: WaylandConnection
        var tracker: WaylandIdleTracker
        let onChange: @Sendable (PresenceSignal) -> Void
        var source: (any DispatchSourceRead)?

        init(connection: WaylandConnection, tracker: WaylandIdleTracker, onChange: @escaping @Sendable (PresenceSignal) -> Void) {
            self.connection = connection
            self.tracker = tracker
            self.onChange = onChange
        }
    }

    /// Watches the compositor `environment["WAYLAND_DISPLAY"]` names; `now` gives the moments told.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "lockout.presence")
    ) {
        self.init(display: environment["WAYLAND_DISPLAY"], library: nil, now: now, logger: logger)
    }

    /// Will watch `display` (a socket name, or an absolute path) through the library `library` names.
    init(display: String?, library: String?, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.display = display
        self.library = library
        self.now = now
        self.logger = logger
    }

    deinit {
        if let watch {
            watch.source?.cancel()
            if watch.source == nil { watch.connection.close() }
        }
    }

    /// Connects, chooses the protocol and asks for the notification; throws when there is no compositor, no
    /// libwayland-client, no seat or neither idle protocol.
    public func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        try queue.sync {
            guard watch == nil else { return }
            guard let display, !display.isEmpty else { throw WaylandPresenceError.noDisplay }
            let connection = try WaylandConnection(display: display, library: library)
            let binding = try WaylandIdleBinding.choose(from: connection.globals)
            let milliseconds = PresenceSources.milliseconds(threshold)
            let told = try connection.watchIdle(binding, timeout: UInt32(milliseconds))
            let watch = Watch(
                connection: connection, tracker: WaylandIdleTracker(threshold: TimeInterval(milliseconds) / 1000), onChange: onChange
            )
            let source = DispatchSource.makeReadSource(fileDescriptor: connection.fd, queue: queue)
            source.setEventHandler { [weak self] in self?.deliverEvents() }
            // The socket closes only once the source is done with its descriptor.
            source.setCancelHandler { connection.close() }
            source.activate()
            watch.source = source
            self.watch = watch
            bound = binding
            logger.info("\(name): \(binding.idleProtocol)")
            take(told, watch)
        }
    }

    /// The notification asked for by the last start, if it started.
    var binding: WaylandIdleBinding? {
        queue.sync { bound }
    }

    /// How often the socket woke the source so far. Not from `onChange`: it waits for the queue.
    var wakes: Int {
        queue.sync { wakeCount }
    }

    public func stop() {
        queue.sync {
            guard let watch else { return }
            self.watch = nil
            watch.source?.cancel()
        }
    }

    /// The socket woke the queue: reads the events and tells what they mean; on queue.
    private func deliverEvents() {
        wakeCount += 1
        guard let watch else { return }
        let (told, failed) = watch.connection.dispatch()
        take(told, watch)
        if let failed {
            logger.warning("the Wayland connection closed; \(name) tells nothing from now on: \(failed)")
            self.watch = nil
            watch.source?.cancel()
        }
    }

    /// Tells what each event means, in order; on queue.
    private func take(_ told: [Bool], _ watch: Watch) {
        for idle in told {
            if let signal = watch.tracker.take(idle: idle, now: now()) { watch.onChange(signal) }
        }
    }
}
#endif
