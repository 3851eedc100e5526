import Foundation
import Logging
import LockOutCore

/// The device agent's runtime: one actor owns the breaks and focus engines, the health gate and the timed
/// notifications (focus alerts, task reminders), sleeps on a single kernel timer until the earliest
/// deadline, persists every transition, then carries out its effects.
///
/// It wakes only for the timer, a clock change, a notification action, a command, while someone follows
/// the live status of a running session — once a second to publish it — or, while a status bar follows
/// the breaks, when the minute its countdown shows changes. A wake much later than
/// the armed deadline means the machine slept or the clock jumped, so it reconciles.
public actor DeviceAgent {
    /// A wake this much later than the timer's deadline counts as a suspend or a clock jump.
    public static let lateWakeTolerance: TimeInterval = 2

    /// The agent's own serial queue: its jobs and the tasks it starts never run on the global executor.
    public nonisolated let executor: SerialQueueExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package nonisolated let service: FocusService
    package nonisolated let gateService: GateService
    let shield: any ShieldControlling
    /// The shield's two layers: the gate's block list and the closed reward programs.
    let layers: ShieldLayers
    package let notifier: any Notifying
    private let timer: any DeadlineWaiting
    package nonisolated let clock: ProcessClock
    let logger: Logger
    var breaks: BreakEngine?
    var focus: FocusEngine?
    var gate: HealthGate?
    private var schedule = NotificationSchedule()
    private var feed = LiveStatusFeed()
    private var followers: [UUID: @Sendable (LiveStatusUpdate) -> Void] = [:]
    /// Status bars following the breaks and the focus session (see `followStatusBar`).
    private var barFollowers: [UUID: @Sendable (StatusBarSnapshot) -> Void] = [:]
    /// The snapshot last sent to the status bars.
    private var lastBarSnapshot: StatusBarSnapshot?
    /// Tray icons following the agent, and the status last sent to them (see `followTray`).
    var trayFollowers: [UUID: @Sendable (TrayStatus) -> Void] = [:]
    var lastTrayStatus: TrayStatus?
    private var armedWallDeadline: Date?
    /// Told after every transition: family sync checks whether the day's summary changed.
    private var onStateChange: (@Sendable () -> Void)?
    /// Open web pages, told when what they show may have changed (see `watchPages`).
    var pageWatchers: [UUID: @Sendable (String) -> Void] = [:]
    /// The page signature last told to the watchers.
    var lastPageSignature: String?
    /// Rewards, once attached (`attachRewards`): the engine, its service and the usage meter.
    var rewards: RewardsEngine?
    var rewardsService: RewardsService?
    var usageMeter: (any UsageMetering)?
    /// The last quest completed or badge unlocked, for pages to celebrate once.
    var lastCelebration: (id: UUID, text: String, at: Date)?
    /// The presence sources in use and the absence they tell of (see `presenceChanged`).
    var presence = PresenceReport()
    /// What may defer breaks and its settings, once attached (`attachDeferral`).
    var deferralSensor: (any DeferralSensing)?
    var deferralSettings: @Sendable () -> DeferralSettings = { .defaults }
    /// When the reasons were last looked at while a deferral holds breaks.
    var lastDeferralCheck: Date?
    /// What plays the chimes and which kinds chime, once attached (`attachChimes`).
    var chimes: (player: any ChimePlaying, settings: @Sendable () -> ChimeSettings)?
    /// The breaks state the last chime check saw.
    var lastChimeState: BreakState?

    var breakService: BreakService { service.breaks }

    public init(
        service: FocusService,
        gate: GateService,
        shield: any ShieldControlling,
        notifier: any Notifying,
        timer: any DeadlineWaiting,
        clock: ProcessClock,
        logger: Logger = Logger(label: "lockout.agent"),
        executor: SerialQueueExecutor = SerialQueueExecutor(label: "lockout.agent")
    ) {
        self.executor = executor
        self.service = service
        self.gateService = gate
        let layers = ShieldLayers(base: shield)
        self.layers = layers
        self.shield = layers
        self.notifier = notifier
        self.timer = timer
        self.clock = clock
        self.logger = logger
    }

    /// Restores the engines, the health gate and the pending reminders from the database, shows what is due,
    /// arms the timer, and evaluates the gate against a fresh read of the health source. `leftOvers` are the
    /// notifications a killed predecessor had outstanding: those `LeftOverNotifications` keeps are shown again.
    ///
    /// An absence told before the start (`presenceChanged`) holds breaks from the start: a break that fell due
    /// while nothing ran waits for the person's return instead of being shown to an empty desk.
    public func start(leftOvers: [NotificationRequest] = []) async throws {
        let now = clock.now()
        var (restoredBreaks, _) = try breakService.restore(now: now, awaySince: presence.awaySince)
        let (restoredFocus, _) = try service.restore(now: now, breaks: &restoredBreaks)
        breaks = restoredBreaks
        focus = restoredFocus
        gate = try gateService.restore(now: now)
        let executor = executor
        timer.onEvent = { [weak self] event in
            Task(executorPreference: executor) { await self?.timerFired(event) }
        }
        // A new process shows nothing yet: present what the restored state calls for.
        carryOut(restoredBreaks.presentationEffects())
        carryOut(FocusTransition(focus: restoredFocus.restartEffects(now: now)), now: now)
        recover(leftOvers, now: now)
        for reminder in try service.pendingReminders(now: now) {
            schedule.apply(reminder)
        }
        startRewards(now: now)
        rearm()
        logger.info("agent started", metadata: [
            "breaks": "\(restoredBreaks.record.state.name)",
            "focus": "\(restoredFocus.record.state.name)",
            "away": "\(restoredBreaks.isAway)",
        ])
        await updateGate(.evaluationRequested)
    }

    /// Stops waking up, ends every live-status stream and lifts the shields.
    public func stop() {
        timer.arm(at: nil)
        timer.onEvent = nil
        followers.removeAll()
        barFollowers.removeAll()
        stopRewards()
        do {
            try layers.setRewardPrograms([])
            try shield.setShields(on: false, apps: [])
        } catch {
            logger.error("could not lift the shields: \(error)")
        }
    }

    // MARK: - Breaks

    /// Carries out a person's breaks command and answers with the new dashboard.
    public func perform(_ command: BreakCommand) throws -> DashboardScreen {
        let now = clock.now()
        var current = try requireBreaks()
        let effects = try breakService.execute(command, on: &current, now: now)
        breaks = current
        carryOut(effects)
        rearm()
        return try breakService.dashboard(for: current, now: now)
    }

    /// What the dashboard shows now.
    public func dashboard() throws -> DashboardScreen {
        try breakService.dashboard(for: requireBreaks(), now: clock.now())
    }

    /// The break settings in force.
    public func settings() throws -> BreakSettings {
        try requireBreaks().settings
    }

    /// Handles a break notification's button.
    public func notificationAction(_ action: String) {
        guard let event = BreakNotifications.event(forAction: action, kind: nil) else {
            logger.warning("unknown notification action \(action)")
            return
        }
        applyBreakEvent(event, now: clock.now(), what: "notification action \(action)")
        rearm()
    }

    /// Applies `event` to the breaks engine at `now`, persisted, then carries out its effects; a refusal or a
    /// failure to persist is logged as `what` not applied, and changes nothing.
    @discardableResult
    func applyBreakEvent(_ event: BreakEvent, now: Date, what: String) -> Bool {
        do {
            var current = try requireBreaks()
            let effects = try breakService.handle(event, on: &current, now: now)
            breaks = current
            carryOut(effects)
            return true
        } catch {
            logger.warning("\(what) not applied: \(error)")
            return false
        }
    }

    // MARK: - Focus and tasks

    /// Carries out a person's focus command and answers with the new focus screen.
    public func perform(_ command: FocusCommand) throws -> FocusScreen {
        let now = clock.now()
        var current = try requireFocus()
        var currentBreaks = try requireBreaks()
        let transition = try service.execute(command, on: &current, breaks: &currentBreaks, now: now)
        focus = current
        breaks = currentBreaks
        carryOut(transition, now: now)
        rearm()
        return FocusScreen(engine: current, now: now)
    }

    /// What the focus screen shows now.
    public func focusScreen() throws -> FocusScreen {
        FocusScreen(engine: try requireFocus(), now: clock.now())
    }

    /// Carries out a task command, scheduling or cancelling its reminder, and answers with the task's row.
    public func perform(_ command: TaskCommand) throws -> TaskRow {
        let (row, reminders) = try service.execute(command, now: clock.now())
        for reminder in reminders {
            schedule.apply(reminder)
        }
        rearm()
        return row
    }

    /// Starts sending live-status updates to `send`: the status now at once, then every update until `unfollow`.
    public func follow(id: UUID, _ send: @escaping @Sendable (LiveStatusUpdate) -> Void) {
        followers[id] = send
        let status = focus?.liveStatus(now: clock.now())
        send(status.map(LiveStatusUpdate.publish) ?? .end)
        rearm()
    }

    /// Stops sending updates to the follower `id`.
    public func unfollow(id: UUID) {
        followers[id] = nil
        rearm()
    }

    /// How many followers receive the live status.
    public var followerCount: Int { followers.count }

    /// Starts sending status-bar snapshots to `send`: the snapshot now at once, then each one that differs from
    /// the last, until `unfollowStatusBar`. The agent wakes for it only when the minute a break countdown shows
    /// changes, and while a focus session runs as often as the live status is published (once a second).
    public func followStatusBar(id: UUID, _ send: @escaping @Sendable (StatusBarSnapshot) -> Void) {
        let now = clock.now()
        barFollowers[id] = send
        publishIfDue(now: now)
        if let snapshot = statusBarSnapshot(now: now) {
            lastBarSnapshot = snapshot
            send(snapshot)
        }
        rearm()
    }

    /// Stops sending snapshots to the status bar `id`.
    public func unfollowStatusBar(id: UUID) {
        barFollowers[id] = nil
        if barFollowers.isEmpty { lastBarSnapshot = nil }
        rearm()
    }

    /// How many status bars follow.
    public var statusBarFollowerCount: Int { barFollowers.count }

    /// The breaks now and the focus status last published; nil before the agent started.
    private func statusBarSnapshot(now: Date) -> StatusBarSnapshot? {
        guard let breaks, let dashboard = try? breakService.dashboard(for: breaks, now: now) else { return nil }
        return StatusBarSnapshot(dashboard: dashboard, focus: feed.lastPublished, now: now, calendar: breakService.calendar)
    }

    /// Sends the status bars the snapshot now when it differs from the last one sent.
    private func tellStatusBars(now: Date) {
        guard !barFollowers.isEmpty, let snapshot = statusBarSnapshot(now: now), snapshot != lastBarSnapshot else { return }
        lastBarSnapshot = snapshot
        for send in barFollowers.values {
            send(snapshot)
        }
    }

    // MARK: - Time

    /// The moment the agent will next wake, on the agent's clock; nil when nothing is pending.
    public func nextDeadline() -> Date? {
        nextWake(now: clock.now())
    }

    /// Handles a timer event: due notifications, a tick at the deadline, or a reconcile after a clock change
    /// or a late wake; then the health gate, re-evaluated after a reconcile, and read again when it asks.
    public func timerFired(_ event: DeadlineEvent) async {
        let wallNow = clock.wallClock()
        let late = armedWallDeadline.map { wallNow.timeIntervalSince($0) > Self.lateWakeTolerance } ?? false
        let now = clock.now()
        // Alerts due now go out before the engines move on and schedule the next ones under the same ids.
        presentDue(now: now)
        var gateEvent: GateEvent? = (gate?.nextDeadline(now: now)).flatMap { $0 <= now ? .tick : nil }
        recheckDeferralIfDue(now: now)
        do {
            switch event {
            case .clockChanged:
                logger.info("wall clock changed: reconciling")
                gateEvent = .evaluationRequested
                try reconcile(now: now)
            case .deadlineReached where late:
                logger.info("woke late (suspend or clock jump): reconciling")
                gateEvent = .evaluationRequested
                try reconcile(now: now)
            case .deadlineReached:
                if let armed = armedWallDeadline {
                    let lateMilliseconds = Int((wallNow.timeIntervalSince(armed) * 1000).rounded())
                    logger.debug("deadline reached", metadata: ["late_ms": "\(lateMilliseconds)"])
                }
                try tick(now: now)
            }
        } catch {
            logger.error("could not handle the timer: \(error)")
        }
        if let deadline = rewards?.nextDeadline(now: now), deadline <= now {
            tickRewards(now: now)
        }
        publishIfDue(now: now)
        rearm()
        if let gateEvent {
            await updateGate(gateEvent)
        }
    }

    private func tick(now: Date) throws {
        checkDeferralIfDue(now: now)
        var currentBreaks = try requireBreaks()
        let breakEffects = try breakService.handle(.tick, on: &currentBreaks, now: now)
        breaks = currentBreaks
        carryOut(breakEffects)
        var current = try requireFocus()
        let transition = try service.handle(.tick, on: &current, breaks: &currentBreaks, now: now)
        focus = current
        breaks = currentBreaks
        carryOut(transition, now: now)
    }

    private func reconcile(now: Date) throws {
        // The sources told of the absence once: they do not tell it again for a reconcile.
        var (restored, effects) = try breakService.restore(now: now, awaySince: presence.awaySince)
        let (restoredFocus, transition) = try service.restore(now: now, breaks: &restored)
        breaks = restored
        focus = restoredFocus
        let changes = (effects + transition.breaks).filter { !$0.isPresentation }
        carryOut(restored.presentationEffects() + changes)
        carryOut(FocusTransition(focus: transition.focus), now: now)
    }

    private func presentDue(now: Date) {
        for request in schedule.takeDue(now: now) {
            logger.info("showing \(request.id)")
            notifier.present(request) { _ in }
        }
    }

    /// While someone follows a running session (its live status or a status bar), a fresh status once a second.
    private func publishIfDue(now: Date) {
        guard !followers.isEmpty || !barFollowers.isEmpty, let focus else { return }
        if let update = feed.offer(focus.liveStatus(now: now), now: now) {
            broadcast(update)
        }
    }

    private func broadcast(_ update: LiveStatusUpdate) {
        for send in followers.values {
            send(update)
        }
    }

    private func nextWake(now: Date) -> Date? {
        var candidates = [breaks?.nextDeadline(now: now), focus?.nextDeadline(now: now), schedule.nextDate, rewards?.nextDeadline(now: now)]
        // With nothing blocked the gate changes nothing on screen: it is judged when asked, and the agent sleeps.
        if let gate, !gate.settings.blockedApps.isEmpty {
            candidates.append(gate.nextDeadline(now: now))
        }
        if !followers.isEmpty || !barFollowers.isEmpty, case .running = focus?.record.state {
            candidates.append((feed.lastPublishedAt ?? now).addingTimeInterval(LiveStatusThrottle.interval))
        }
        if !barFollowers.isEmpty {
            candidates.append(lastBarSnapshot?.nextChange)
        }
        if !trayFollowers.isEmpty {
            candidates.append(lastTrayStatus?.nextChange)
        }
        candidates.append(nextDeferralCheck())
        return candidates.compactMap { $0 }.min()
    }

    package func rearm() {
        chimeIfDue()
        let now = clock.now()
        tellStatusBars(now: now)
        tellTrays(now: now)
        let deadline = nextWake(now: now)
        armedWallDeadline = deadline.map(clock.wallDate(for:))
        timer.arm(at: armedWallDeadline)
        onStateChange?()
        tellPages()
    }

    /// Sets what hears of every transition (family sync's summary check).
    public func observeStateChanges(_ observer: (@Sendable () -> Void)?) {
        onStateChange = observer
    }

    // MARK: - Effects

    func requireBreaks() throws -> BreakEngine {
        guard let breaks else { throw AgentError.notStarted }
        return breaks
    }

    func requireFocus() throws -> FocusEngine {
        guard let focus else { throw AgentError.notStarted }
        return focus
    }

    func carryOut(_ effects: [BreakEffect]) {
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

    private func carryOut(_ transition: FocusTransition, now: Date) {
        carryOut(transition.breaks)
        for effect in transition.focus {
            switch effect {
            case .scheduleAlarm, .scheduleNotification, .cancelAlert:
                schedule.apply(effect)
            case .publishStatus, .endStatus:
                if let update = feed.apply(effect, now: now), !followers.isEmpty {
                    broadcast(update)
                }
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
