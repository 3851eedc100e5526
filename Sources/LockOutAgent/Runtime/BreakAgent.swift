import Foundation
import Logging
import LockOutCore

/// The device agent's breaks runtime: one actor owns the engine, sleeps on a single kernel timer
/// until the next deadline, persists every transition, then carries out its effects.
///
/// It wakes only for the timer, a clock change, a notification action or a command; a wake much
/// later than the armed deadline means the machine slept or the clock jumped, so it reconciles.
public actor BreakAgent {
    /// A wake this much later than the timer's deadline counts as a suspend or a clock jump.
    public static let lateWakeTolerance: TimeInterval = 2

    /// The agent's own serial queue: its jobs and the tasks it starts never run on the global executor.
    public nonisolated let executor: SerialQueueExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let service: BreakService
    private let notifier: any Notifying
    private let timer: any DeadlineWaiting
    private let clock: ProcessClock
    private let logger: Logger
    private var engine: BreakEngine?
    private var armedWallDeadline: Date?

    public init(
        service: BreakService,
        notifier: any Notifying,
        timer: any DeadlineWaiting,
        clock: ProcessClock,
        logger: Logger = Logger(label: "lockout.agent"),
        executor: SerialQueueExecutor = SerialQueueExecutor(label: "lockout.agent")
    ) {
        self.executor = executor
        self.service = service
        self.notifier = notifier
        self.timer = timer
        self.clock = clock
        self.logger = logger
    }

    /// Restores the engine from the database, shows what is due, and arms the timer.
    public func start() throws {
        let now = clock.now()
        let (restored, _) = try service.restore(now: now)
        engine = restored
        let executor = executor
        timer.onEvent = { [weak self] event in
            Task(executorPreference: executor) { await self?.timerFired(event) }
        }
        // A new process shows nothing yet: present what the restored state calls for.
        carryOut(restored.presentationEffects())
        rearm()
        logger.info("breaks agent started", metadata: ["state": "\(restored.record.state.name)"])
    }

    /// Stops waking up.
    public func stop() {
        timer.arm(at: nil)
        timer.onEvent = nil
    }

    /// Carries out a person's command and answers with the new dashboard.
    public func perform(_ command: BreakCommand) throws -> DashboardScreen {
        let now = clock.now()
        var current = try requireEngine()
        let effects = try service.execute(command, on: &current, now: now)
        engine = current
        carryOut(effects)
        rearm()
        return try service.dashboard(for: current, now: now)
    }

    /// What the dashboard shows now.
    public func dashboard() throws -> DashboardScreen {
        try service.dashboard(for: requireEngine(), now: clock.now())
    }

    /// The settings in force.
    public func settings() throws -> BreakSettings {
        try requireEngine().settings
    }

    /// The moment the agent will next wake, on the agent's clock; nil when nothing is pending.
    public func nextDeadline() -> Date? {
        engine?.nextDeadline(now: clock.now())
    }

    /// Handles a timer event: a tick at the deadline, or a reconcile after a clock change or a late wake.
    public func timerFired(_ event: DeadlineEvent) {
        let wallNow = clock.wallClock()
        let late = armedWallDeadline.map { wallNow.timeIntervalSince($0) > Self.lateWakeTolerance } ?? false
        do {
            switch event {
            case .clockChanged:
                logger.info("wall clock changed: reconciling")
                try reconcile()
            case .deadlineReached where late:
                logger.info("woke late (suspend or clock jump): reconciling")
                try reconcile()
            case .deadlineReached:
                if let armed = armedWallDeadline {
                    let lateMilliseconds = Int((wallNow.timeIntervalSince(armed) * 1000).rounded())
                    logger.debug("deadline reached", metadata: ["late_ms": "\(lateMilliseconds)"])
                }
                var current = try requireEngine()
                let effects = try service.handle(.tick, on: &current, now: clock.now())
                engine = current
                carryOut(effects)
            }
        } catch {
            logger.error("could not handle the timer: \(error)")
        }
        rearm()
    }

    /// Handles a notification button.
    public func notificationAction(_ action: String) {
        guard let event = BreakNotifications.event(forAction: action, kind: nil) else {
            logger.warning("unknown notification action \(action)")
            return
        }
        do {
            var current = try requireEngine()
            let effects = try service.handle(event, on: &current, now: clock.now())
            engine = current
            carryOut(effects)
        } catch {
            logger.warning("notification action \(action) not applied: \(error)")
        }
        rearm()
    }

    private func reconcile() throws {
        let (restored, effects) = try service.restore(now: clock.now())
        engine = restored
        carryOut(restored.presentationEffects() + effects.filter { !$0.isPresentation })
    }

    private func requireEngine() throws -> BreakEngine {
        guard let engine else { throw AgentError.notStarted }
        return engine
    }

    private func rearm() {
        guard let engine else { return }
        let deadline = engine.nextDeadline(now: clock.now())
        armedWallDeadline = deadline.map(clock.wallDate(for:))
        timer.arm(at: armedWallDeadline)
    }

    private func carryOut(_ effects: [BreakEffect]) {
        for effect in effects {
            switch effect {
            case .present(let request):
                let executor = executor
                notifier.present(request) { [weak self] action in
                    Task(executorPreference: executor) { await self?.notificationAction(action) }
                }
            case .withdraw(let id):
                notifier.withdraw(id: id)
            case .save:
                break // persisted with the transition, before any effect ran
            }
        }
    }
}

/// What went wrong inside the agent.
public enum AgentError: Error, CustomStringConvertible {
    case notStarted

    public var description: String {
        switch self {
        case .notStarted: "the agent has not started"
        }
    }
}

extension BreakEffect {
    var isPresentation: Bool {
        switch self {
        case .present: true
        case .withdraw, .save: false
        }
    }
}
