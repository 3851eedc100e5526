import Foundation
import Logging
import LockOutCore

/// What measures how long marked programs are used, for the agent: the desktop's activity sensor on Linux
/// (``UsageMeter``), the thresholds Screen Time told the activity monitor on iPhone and iPad (``ScreenTimeUsageMeter``).
public protocol UsageMetering: AnyObject, Sendable {
    /// How usage is measured, as `lockout rewards status` shows it.
    var method: String { get }
    /// Starts telling `onWrite` and measuring `categories`.
    func start(categories: [String: ProgramCategory], onWrite: @escaping @Sendable ([UsageSession]) -> Void)
    /// Measures `categories` from now on.
    func update(categories: [String: ProgramCategory])
    /// Stops measuring.
    func stop()
    /// Sessions of `categories` measured while nothing told the agent, not yet told: the agent counts them before
    /// it moves time on, so a day's minutes count on their day. None for a meter that tells as it measures.
    func untoldSessions(now: Date, categories: [String: ProgramCategory]) -> [UsageSession]
}

extension UsageMetering {
    public func untoldSessions(now: Date, categories: [String: ProgramCategory]) -> [UsageSession] { [] }
}

/// Measures how long marked programs are really used: Core's `UsageTracker` fed by the desktop's activity
/// sensor, on a private queue.
///
/// It costs nothing while nothing is worth measuring. With a sensor told of focus changes (X11, sway,
/// Hyprland) a focus change is the only wake-up until a learning or reward program has focus; then one
/// reading every `interval` seconds adds its active time, until focus leaves it. With the `processes`
/// fallback nothing tells when a program starts, so while a program is marked but none runs the meter
/// looks every `lookout` seconds (a program is counted from the reading that first sees it), and
/// every `interval` seconds while one runs; with none marked it never wakes.
public final class UsageMeter: UsageMetering, @unchecked Sendable {
    /// Seconds between readings while measuring.
    public static let interval: TimeInterval = 5
    /// Seconds between readings of the `processes` fallback while no marked program runs.
    public static let lookout: TimeInterval = 30

    public let sensor: any ActivitySensing
    private let queue = DispatchQueue(label: "lockout.usage")
    private let now: @Sendable () -> Date
    private let logger: Logger
    // Confined to `queue`.
    private var tracker: UsageTracker
    private var timer: (any DispatchSourceTimer)?
    private var timerInterval: TimeInterval?
    private var onWrite: (@Sendable ([UsageSession]) -> Void)?
    private var started = false
    private var sensorStarted = false

    /// A meter over `sensor`; `onWrite` gets each batch of sessions to write, on the meter's queue.
    public init(sensor: any ActivitySensing, calendar: Calendar, now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "lockout.usage")) {
        self.sensor = sensor
        self.now = now
        self.logger = logger
        tracker = UsageTracker(calendar: calendar)
    }

    deinit {
        timer?.cancel()
    }

    /// How usage is measured, as `lockout rewards status` shows it.
    public var method: String { "\(sensor.focusMethod.rawValue) + idle \(sensor.idleMethod.rawValue)" }

    /// Starts telling `onWrite` and measuring `categories`.
    public func start(categories: [String: ProgramCategory], onWrite: @escaping @Sendable ([UsageSession]) -> Void) {
        queue.sync {
            self.onWrite = onWrite
            started = true
            let closed = tracker.setCategories(categories, now: now())
            if !closed.isEmpty { onWrite(closed) }
        }
        queue.async { self.take() }
    }

    /// Measures `categories` from now on (a parent or the child's PIN changed the programs).
    public func update(categories: [String: ProgramCategory]) {
        queue.async {
            let closed = self.tracker.setCategories(categories, now: self.now())
            if !closed.isEmpty { self.onWrite?(closed) }
            self.take()
        }
    }

    /// Closes open sessions and stops reading.
    public func stop() {
        if queue.sync(execute: { sensorStarted }) { sensor.stop() }
        queue.sync {
            let closed = tracker.closeAll(at: now())
            if !closed.isEmpty { onWrite?(closed) }
            timer?.cancel()
            timer = nil
            timerInterval = nil
            started = false
        }
    }

    /// Whether the meter reads on a timer now (tests and the idle benchmark look).
    public var isReadingOnTimer: Bool { queue.sync { timer != nil } }

    /// Seconds between the timer's readings now; nil without a timer.
    public var readingInterval: TimeInterval? { queue.sync { timerInterval } }

    private func take() {
        guard started else { return }
        // The sensor is started once a program is marked: a device without rewards never talks to the desktop.
        if !sensorStarted, !tracker.categories.isEmpty {
            sensorStarted = true
            sensor.start { [weak self] in
                guard let self else { return }
                self.queue.async { self.take() }
            }
        }
        if !tracker.categories.isEmpty || tracker.isMeasuring {
            let sessions = tracker.observe(sensor.read(), at: now(), newID: { UUID() })
            if !sessions.isEmpty { onWrite?(sessions) }
        }
        let wanted: TimeInterval? =
            if tracker.isMeasuring { Self.interval }
            else if sensor.focusMethod == .processes, !tracker.categories.isEmpty { Self.lookout }
            else { nil }
        guard wanted != timerInterval else { return }
        timer?.cancel()
        timer = nil
        timerInterval = wanted
        guard let wanted else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(Int(wanted * 1000))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(500))
        timer.setEventHandler { [weak self] in self?.take() }
        timer.activate()
        self.timer = timer
        logger.debug("reading every \(Int(wanted)) s", metadata: ["programs": "\(tracker.programsInUse.joined(separator: ","))"])
    }
}
