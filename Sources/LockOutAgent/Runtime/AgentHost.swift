import Foundation
import Synchronization
import Logging
import LockOutCore
import LockOutStore
import LockOutWeb
import LockOutRuntime

/// `lockout run`: starts the device agent (breaks, focus sessions, task reminders, the health gate and its shields), the local API and the endpoint file, then parks the main
/// thread in the dispatch main loop until SIGINT or SIGTERM. Between events the process sleeps: one
/// kernel timer, the API socket and the signal sources are its only wake-up sources, and no work
/// runs on Swift's global executor (see `SerialQueueExecutor` for why that matters).
public struct AgentHost: Sendable {
    private let directory: URL
    private let service: FocusService
    private let gate: GateService
    private let clock: ProcessClock
    private let port: Int
    private let family: GRDBFamilyStore?
    private let rewards: RewardsService?
    private let healthSharing: HealthTotalsSharing?
    private let environment: [String: String]
    let logger = Logger(label: "lockout.agent")

    public init(
        directory: URL,
        service: FocusService,
        gate: GateService,
        clock: ProcessClock,
        port: Int = 0,
        family: GRDBFamilyStore? = nil,
        rewards: RewardsService? = nil,
        healthSharing: HealthTotalsSharing? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.family = family
        self.rewards = rewards
        self.healthSharing = healthSharing
        self.directory = directory
        self.service = service
        self.gate = gate
        self.clock = clock
        self.port = port
        self.environment = environment
    }

    /// Runs until a termination signal arrives, then exits the process with status 0.
    public func run() throws -> Never {
        if let running = BreakControls.runningAgent(directory: directory) {
            throw AgentHostError.alreadyRunning(pid: running.pid)
        }
        // Signals are watched before anything starts: one that arrives while the agent starts is kept, and the
        // agent stops as soon as it can stop cleanly, instead of the signal being lost.
        let stopRequest = StopRequest()
        let signals = SignalWatcher { name in stopRequest.ask(name) }
        let ledger = directory.appendingPathComponent("notifications.json")
        #if canImport(CSystemd)
        // One connection to the session bus for everything that speaks D-Bus.
        let bus = SessionBus.connect(environment: environment, logger: logger)
        let notifier = DesktopNotifier(bus: bus, ledger: ledger)
        let desktopServices = bus.map { DesktopBusOwners(bus: $0) }
        let shield = ProcessShieldController(shield: ProcessShield(
            protectedProcessIDs: { desktopServices?.processIDs ?? [] }, windowOpenings: .detect(environment: environment)
        ))
        #else
        let notifier = DesktopNotifier(environment: environment, ledger: ledger)
        let shield = ProcessShieldController()
        #endif
        // With the break screen set to `window`, a due break also opens a full-screen browser window.
        let sessions = WebSessions(now: { clock.now() })
        let preferences = WebPreferences(directory: directory)
        let webPort = Mutex<Int?>(nil)
        let environment = environment
        let breakNotifier = BreakWindowNotifier(
            base: notifier, mode: { preferences.breakScreen },
            link: { webPort.withLock { $0 }.map { "http://127.0.0.1:\($0)/login?code=\(sessions.newLoginCode())&next=\(BreakScreen.path)" } },
            browser: { BreakWindowBrowser.find(environment: environment, defaultBrowser: BreakWindowBrowser.desktopDefault(environment: environment)) },
            profile: directory.appendingPathComponent("break-window"),
            native: {
                NativeBreakScreen.find(environment: environment).map { NativeBreakScreen(executable: $0.executable, strict: preferences.strictBreaks) }
            }, nativeLauncher: Self.nativeBreakScreenLauncher(), directory: directory
        )
        // Each burst of work — a request, a sync round, a deadline, a bus message, a presence change — gives the code
        // pages it brought in back a few seconds after it ends, so the idle agent does not keep what it once ran.
        let trimmer = IdleTrimmer()
        #if canImport(CSystemd)
        bus?.onActivity { trimmer.noteActivity() }
        #endif
        let agent = DeviceAgent(
            service: service, gate: gate, shield: shield, notifier: breakNotifier,
            timer: TrimmingDeadlineWaiter(DeadlineTimers.system(), trimmer: trimmer), clock: clock
        )
        if let rewards {
            #if canImport(CSystemd)
            let sensor: (any ActivitySensing)? = ActivitySensors.detect(environment: environment, sessionBus: bus)
            #elseif os(Linux)
            let sensor: (any ActivitySensing)? = ActivitySensors.detect(environment: environment)
            #else
            let sensor: (any ActivitySensing)? = nil
            #endif
            let meter = sensor.map { UsageMeter(sensor: $0, calendar: rewards.calendar, now: { clock.now() }) }
            try agent.executor.runBlocking { await agent.attachRewards(rewards, meter: meter) }
        }
        shield.onStopped = { process in
            Task(executorPreference: agent.executor) { await agent.shieldStopped(executable: process.target.executable) }
        }
        #if canImport(CSystemd)
        let presenceSources = Self.presenceSources(environment: environment, sessionBus: bus, clock: clock, logger: logger)
        // A media player playing counts as the person being there: a film is no natural break.
        let media: (any MediaPlaybackSource)? = bus.map { MediaPlayers(bus: $0, now: { clock.now() }) }
        #else
        let presenceSources: [any PresenceSource] = []
        let media: (any MediaPlaybackSource)? = nil
        #endif
        let presence = try Self.startAgent(
            agent, leftOvers: notifier.leftOvers, presence: presenceSources, media: media, mediaPresent: { preferences.mediaPresent },
            naturalBreaks: { preferences.naturalBreaks }, trimmer: trimmer
        )
        // What a killed predecessor left and the agent did not show again goes now.
        notifier.closeLeftOvers()

        let familySync = family.map {
            Self.familySync(store: $0, directory: self.directory, agent: agent, notifier: notifier, clock: clock, trimmer: trimmer, healthSharing: healthSharing)
        }
        #if canImport(CSystemd)
        let tellsFocus = try attachDeferral(agent: agent, preferences: preferences, bus: bus, environment: environment, trimmer: trimmer)
        #else
        let tellsFocus = false
        #endif
        let chimePlayer = ChimePlayer(directory: directory.appendingPathComponent("sounds"), environment: environment)
        try agent.executor.runBlocking { await agent.attachChimes(chimePlayer, settings: { preferences.chimes }) }

        let token = AgentEndpoint.newToken()
        let api = AgentAPI(agent: agent, token: token, familySync: familySync, web: sessions, naturalBreaks: { preferences.naturalBreaks })
        let notificationState: @Sendable () -> SettingsPage.Extras.NotificationState = {
            switch notifier.destination {
            case .service(let name): .service(name)
            case .noService: .noService
            case .terminal: .terminal
            }
        }
        let web = webApp(
            agent: agent, sessions: sessions, familySync: familySync, notifications: notificationState, preferences: preferences, tellsFocus: tellsFocus
        )
        // One server for both: the API under /v1/, the web app everywhere else.
        let server = try HTTPServer(port: port) { request in
            defer { trimmer.noteActivity() }
            return request.path.hasPrefix("/v1/") ? await api.handle(request) : await web.handle(request)
        }
        trimmer.attach(to: server.eventLoop)
        webPort.withLock { $0 = server.port }
        #if canImport(CSystemd)
        let tray = Self.startTray(agent: agent, bus: bus, directory: directory, environment: environment, link: {
            webPort.withLock { $0 }.map { "http://127.0.0.1:\($0)/login?code=\(sessions.newLoginCode())&next=/" }
        }, quit: { stopRequest.ask("Quit from the tray") })
        #endif
        try AgentEndpoint(port: server.port, token: token, pid: getpid()).write(to: directory)
        logger.info("agent listening on 127.0.0.1:\(server.port)", metadata: ["data": "\(directory.path)"])
        if clock.scale != 1 { logger.info("clock runs \(clock.scale) times faster") }

        let directory = directory
        let logger = logger
        familySync?.start()
        StartupPages.release()  // what start-up alone ran need not stay resident while the agent idles
        stopRequest.whenAsked { name in
            logger.info("received \(name): stopping")
            server.stop()
            familySync?.stop()
            presence.stop()
            #if canImport(CSystemd)
            tray?.stop()
            #endif
            try? agent.executor.runBlocking { await agent.stop() }
            notifier.withdrawAll()
            try? AgentEndpoint.remove(from: directory)
            exit(0)
        }
        withExtendedLifetime(signals) { dispatchMain() }
    }
}

/// A stop a signal asked for: carried out when the agent can stop cleanly — at once, or once it has started.
private final class StopRequest: Sendable {
    private let state = Mutex<(asked: String?, stop: (@Sendable (String) -> Void)?)>((nil, nil))

    /// A signal named `name` arrived.
    func ask(_ name: String) {
        let stop = state.withLock { state in
            if state.stop == nil { state.asked = state.asked ?? name }
            return state.stop
        }
        stop?(name)
    }

    /// The agent has started: `stop` carries out a stop, now if one was asked for already.
    func whenAsked(_ stop: @escaping @Sendable (String) -> Void) {
        let asked = state.withLock { state in
            state.stop = stop
            return state.asked
        }
        if let asked { stop(asked) }
    }
}

extension AgentHost {
    /// What starts the native break screen, nil where there is none (it is a GTK program for Linux desktops).
    static func nativeBreakScreenLauncher() -> (any NativeBreakScreenLaunching)? {
        #if os(Linux)
        ProcessNativeBreakScreenLauncher()
        #else
        nil
        #endif
    }

    /// The web app over `agent`; on a device in a family, its Settings page shows sync's state.
    func webApp(
        agent: DeviceAgent, sessions: WebSessions, familySync: FamilySyncRunner?,
        notifications: @escaping @Sendable () -> SettingsPage.Extras.NotificationState, preferences: WebPreferences, tellsFocus: Bool = true
    ) -> WebApp {
        let clock = clock
        let familyService = family.map { store in
            FamilyService(store: store, directory: directory, applier: AgentConfigurationApplier(agent: agent), connector: .http, now: { clock.now() },
                          encryption: .files(in: directory))
        }
        return WebApp(
            agent: agent, sessions: sessions, calendar: service.calendar, familySync: familySync,
            familyStatus: { try? familyService?.status() }, notifications: notifications, family: familyService.map(FamilyWeb.init),
            preferences: preferences, tellsFocus: tellsFocus
        )
    }

    /// Family sync for the agent: commands apply to its engines, its transitions may change the day's summary and
    /// its health totals (shared through `healthSharing`), another device's health totals make its gate read them,
    /// and a refused change is told once as a notification.
    static func familySync(
        store: GRDBFamilyStore, directory: URL, agent: DeviceAgent, notifier: DesktopNotifier, clock: ProcessClock, trimmer: IdleTrimmer,
        healthSharing: HealthTotalsSharing?
    ) -> FamilySyncRunner {
        let breakSettings = agent.service.breaks.stores.settings, focusSettings = agent.service.stores.settings
        let sync = FamilySync(
            store: store, applier: AgentConfigurationApplier(agent: agent), connector: .http, now: { clock.now() },
            sharedSettings: { SharedSettings(breaks: try breakSettings.load(), focus: try focusSettings.load()) },
            encryption: .files(in: directory)
        )
        let runner = FamilySyncRunner(
            sync: sync, store: store, now: { clock.now() },
            summaries: FamilySyncRunner.Summaries(
                calendar: agent.service.calendar,
                today: {
                    let now = clock.now(), calendar = agent.service.calendar
                    return (try? agent.service.breaks.stores.history.today(now: now, calendar: calendar)) ?? LocalDate(now, in: calendar)
                },
                summary: { device, day, previous in
                    try agent.executor.runBlocking { try await agent.daySummary(device: device, day: day, previous: previous) }
                }
            ),
            health: healthSharing.map { sharing in
                FamilySyncRunner.HealthTotals(
                    queue: { day in try agent.executor.runBlocking { try await sharing.queueIfChanged(day: day, now: clock.now()) } },
                    arrived: { try? agent.executor.runBlocking { _ = try await agent.perform(.refresh) } }
                )
            },
            notify: { text in
                notifier.present(NotificationRequest(id: "family-sync", title: "Family sync", body: text, category: "SYNC_CATEGORY", actions: [])) { _ in }
            },
            afterRound: { trimmer.noteActivity() }
        )
        try? agent.executor.runBlocking { await agent.observeStateChanges { runner.stateChanged() } }
        return runner
    }
}

/// Turns SIGINT and SIGTERM into one call of `handler`, on a private queue, without polling.
private final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    init(handler: @escaping @Sendable (String) -> Void) {
        let queue = DispatchQueue(label: "lockout.signals")
        sources = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(name) }
            source.resume()
            return source
        }
    }
}

/// Why the agent could not start.
public enum AgentHostError: Error, CustomStringConvertible {
    case alreadyRunning(pid: Int32)

    public var description: String {
        switch self {
        case .alreadyRunning(let pid): "an agent is already running for this data directory (pid \(pid))"
        }
    }
}
