#if os(Linux)
import Dispatch
import Foundation
import Logging
import LockOutCore

/// Whether the person is at an X11 desktop, told by the X server itself: two alarms of the SYNC extension
/// on its `IDLETIME` counter (milliseconds since the last input), over a connection of its own through libxcb,
/// opened at run time (`XCBLibraries`): without it, `start` throws naming the library missing.
///
/// The server fires the alarms, so the process sleeps until the person leaves or comes back: one alarm
/// fires once idle time reaches the threshold (a positive comparison), the other once it falls below it
/// again (a negative comparison), and only one of them is armed at a time.
///
/// ```
///   present ──(idle time reaches the threshold: the away alarm)──► away: told away at the last input;
///      ▲                                                          the back alarm armed
///      └──────(an input: idle time falls below the threshold)────┘ told back at the input;
///                                                                  the away alarm armed
///   either ──(the server hangs up)──► closed: logged once, nothing told from then on
/// ```
public final class X11SyncPresence: PresenceSource, @unchecked Sendable {
    public let name = "x11-sync"
    private let environment: [String: String]
    private let libraries: XCBLibraries
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let queue = DispatchQueue(label: "lockout.presence.x11")
    /// Confined to `queue`; nil before `start`, after `stop` and once the connection closed.
    private var watch: Watch?
    /// How often the socket woke the queue; confined to `queue`. Tests read it to see that only the alarms do.
    private var wakeCount = 0

    /// What a started source holds; confined to the queue.
    private final class Watch {
        let connection: X11Connection
        let counter: UInt32
        let awayAlarm: UInt32
        let backAlarm: UInt32
        let threshold: Int64
        let onChange: @Sendable (PresenceSignal) -> Void
        var source: (any DispatchSourceRead)?
        var isAway = false

        init(
            connection: X11Connection, counter: UInt32, awayAlarm: UInt32, backAlarm: UInt32, threshold: Int64,
            onChange: @escaping @Sendable (PresenceSignal) -> Void
        ) {
            self.connection = connection
            self.counter = counter
            self.awayAlarm = awayAlarm
            self.backAlarm = backAlarm
            self.threshold = threshold
            self.onChange = onChange
        }
    }

    /// Watches the display `environment["DISPLAY"]` names, with the cookie of its authority file when one
    /// fits; `now` turns the counter's milliseconds into moments.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "lockout.presence")
    ) {
        self.init(environment: environment, libraries: .standard, now: now, logger: logger)
    }

    /// Will watch as above, through the X libraries `libraries` names.
    init(environment: [String: String], libraries: XCBLibraries, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.environment = environment
        self.libraries = libraries
        self.now = now
        self.logger = logger
    }

    deinit {
        if let watch {
            watch.source?.cancel()
            if watch.source == nil { watch.connection.close() }
        }
    }

    /// Connects and arms the away alarm; throws when there is no display, or it lacks SYNC or `IDLETIME`.
    public func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        try queue.sync {
            guard watch == nil else { return }
            let watch = try connect(threshold: PresenceSources.milliseconds(threshold), onChange: onChange)
            let source = DispatchSource.makeReadSource(fileDescriptor: watch.connection.fd, queue: queue)
            source.setEventHandler { [weak self] in self?.deliverEvents() }
            // The socket closes only once the source is done with its descriptor.
            let connection = watch.connection
            source.setCancelHandler { connection.close() }
            source.activate()
            watch.source = source
            self.watch = watch
            // An alarm that fired as it was made (a desktop already idle past the threshold) came in with the
            // replies to the set-up: the socket holds nothing more to wake the source for it.
            handleEvents()
        }
    }

    /// How often the socket woke the source so far. Not from `onChange`: it waits for the queue.
    var wakes: Int {
        queue.sync { wakeCount }
    }

    public func stop() {
        queue.sync {
            guard let watch else { return }
            self.watch = nil
            try? watch.connection.syncDestroyAlarm(id: watch.awayAlarm)
            try? watch.connection.syncDestroyAlarm(id: watch.backAlarm)
            watch.source?.cancel()
        }
    }

    /// Connects, learns the extension and the counter, and creates both alarms, only the away one armed
    /// (the back alarm waits for idle time below the smallest value, which never comes). Throws when there is
    /// no display, no X library, or the server lacks SYNC or `IDLETIME`.
    private func connect(threshold: Int64, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws(PresenceSourceError) -> Watch {
        guard let name = environment["DISPLAY"], let display = X11Display(name) else {
            throw .noDisplay(environment["DISPLAY"] ?? "")
        }
        let connection: X11Connection
        do {
            connection = try X11Connection(
                display: display, cookie: X11AuthorityEntry.cookie(for: display, environment: environment), libraries: libraries
            )
        } catch {
            throw .display(error)
        }
        do {
            guard try connection.hasExtension(.sync) else { throw PresenceSourceError.missingExtension("SYNC") }
            try connection.syncInitialize()
            let counter = try X11Sync.idleCounter(in: connection.syncSystemCounters())
            let watch = Watch(
                connection: connection, counter: counter, awayAlarm: try connection.newResourceID(),
                backAlarm: try connection.newResourceID(), threshold: threshold, onChange: onChange
            )
            try connection.syncCreateAlarm(id: watch.awayAlarm, counter: counter, value: threshold, test: .positiveComparison)
            try connection.syncCreateAlarm(id: watch.backAlarm, counter: counter, value: .min, test: .negativeComparison)
            return watch
        } catch {
            connection.close()
            if let error = error as? PresenceSourceError { throw error }
            throw .display(error as? X11Error ?? .malformed("\(error)"))
        }
    }

    /// The socket woke the queue: reads the events waiting and acts on the alarms among them; on queue.
    private func deliverEvents() {
        wakeCount += 1
        handleEvents()
    }

    /// Acts on the alarms among the events read, and those waiting in the socket; on queue.
    private func handleEvents() {
        guard let watch else { return }
        do throws(X11Error) {
            for case .alarm(let notify) in try watch.connection.takeEvents() where notify.state != X11Sync.AlarmNotify.destroyed {
                try fired(notify, watch)
            }
        } catch {
            logger.warning("the X display connection closed; \(name) tells nothing from now on: \(error)")
            self.watch = nil
            watch.source?.cancel()
        }
    }

    /// Away when the away alarm fired, back when the back alarm did: disarms the one that fired, arms the
    /// other, then tells. The counter is the idle time when it fired, so the last input was that long ago.
    private func fired(_ notify: X11Sync.AlarmNotify, _ watch: Watch) throws(X11Error) {
        let away = notify.alarm == watch.awayAlarm
        guard away || notify.alarm == watch.backAlarm, away != watch.isAway else { return }
        watch.isAway = away
        let counter = watch.counter
        // A comparison holds when the counter is at least (positive) or at most (negative) the value; one that
        // never holds disarms the alarm.
        try watch.connection.syncChangeAlarm(
            id: watch.awayAlarm, counter: counter, value: away ? .max : watch.threshold, test: .positiveComparison
        )
        try watch.connection.syncChangeAlarm(
            id: watch.backAlarm, counter: counter, value: away ? watch.threshold - 1 : .min, test: .negativeComparison
        )
        let at = now().addingTimeInterval(-TimeInterval(max(0, notify.counterValue)) / 1000)
        watch.onChange(PresenceSignal(away: away, at: at, reason: .idle))
    }
}
#endif
