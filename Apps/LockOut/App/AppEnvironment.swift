import Foundation
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import LockOutShared
import LockOutStore
import Observation

/// The composition root: one device's database in the app's own container, its services and runtime agent, the
/// family side, every screen model, and the adapters that turn the runtime's plans into the system's alerts,
/// alarms, Live Activity and shields. Built once at launch; views receive their own model from it.
@MainActor
@Observable
final class AppEnvironment {
    /// The database, in the app's own container and shared with nothing: the extensions read only the App Group's
    /// defaults.
    let database: AppDatabase
    let services: DeviceServices
    let agent: DeviceAgent
    let family: FamilyService
    /// What the platform offers: notifications, alarms, Live Activities, shields, background refresh.
    let system: SystemAdapters

    let dashboard: DashboardModel
    let schedule: ScheduleModel
    let statistics: StatisticsModel
    let settings: SettingsModel
    let breakOnboarding: BreakOnboardingModel
    let breakSheet: BreakSheetModel
    /// The one cover over the screens: the break sheet, else the breaks onboarding until it is finished.
    let covers: ScreenCovers
    let deviceSelection: DeviceSelectionModel
    let focusTimer: FocusTimerModel
    let activities: ActivitiesModel
    let focusHistory: FocusHistoryModel
    let tasks: TasksModel
    let healthGate: HealthGateModel
    let gateOnboarding: GateOnboardingModel
    let rewards: RewardsModel
    let familyDashboard: FamilyDashboardModel
    /// The Mac's menu bar label, counting down by itself.
    let menuBarCountdown: MenuBarCountdown

    /// Whether a plan is already on its way for the transitions just reported.
    private var replanPending = false
    /// On a child's iPhone or iPad: the learning time the activity monitor recorded, read at every plan.
    private var learningMeter: ScreenTimeUsageMeter?

    /// Opens the database at `directory` (the app's Application Support folder) and composes everything over it.
    init(directory: URL, system: SystemAdapters) throws {
        let calendar = Calendar.autoupdatingCurrent
        database = try AppDatabase.open(at: DataLocation.databaseURL(in: directory))
        services = DeviceServices(
            database: database, calendar: calendar, pins: PBKDF2PINHashing.commonCrypto, health: system.health,
            capability: system.alertCapability
        )
        agent = services.agent(
            shield: system.shield, notifier: system.notifier, timer: WallClockDeadlineTimer(), clock: ProcessClock()
        )
        let agent = agent
        family = FamilyService(
            store: database.familyStore, directory: directory, applier: AgentConfigurationApplier(agent: agent),
            connector: system.familyConnector, now: { Date() }, encryption: .keychain(directory: directory)
        )
        self.system = system

        dashboard = DashboardModel(agent: agent)
        schedule = ScheduleModel(agent: agent)
        statistics = StatisticsModel(agent: agent)
        settings = SettingsModel(
            agent: agent, family: family, permissions: system.permissions, alarms: system.alarmPermissions
        )
        breakOnboarding = BreakOnboardingModel(
            agent: agent, memory: UserDefaultsOnboardingMemory(), permissions: system.permissions,
            alarms: system.alarmPermissions
        )
        breakSheet = BreakSheetModel(agent: agent)
        covers = ScreenCovers(breakSheet: breakSheet, onboarding: breakOnboarding)
        deviceSelection = DeviceSelectionModel(family: family)
        focusTimer = FocusTimerModel(agent: agent)
        activities = ActivitiesModel(agent: agent)
        focusHistory = FocusHistoryModel(agent: agent)
        tasks = TasksModel(agent: agent)
        healthGate = HealthGateModel(agent: agent)
        gateOnboarding = GateOnboardingModel(
            access: system.gateAccess(family: family), memory: UserDefaultsOnboardingMemory(key: "lockout.gateOnboarded"),
            pages: system.gateOnboardingPages
        )
        rewards = RewardsModel(agent: agent, since: Date())
        familyDashboard = FamilyDashboardModel(service: family, calendar: calendar) {
            LocalDate(Date(), in: calendar)
        }
        menuBarCountdown = MenuBarCountdown(dashboard: dashboard)
    }

    /// Starts the runtime: the adapters connect to the agent (HealthKit's observers among them, whose deliveries
    /// wait for the agent's start), a child's device earns and redeems points, the agent restores its engines, the
    /// alarms the system still holds are reconciled with the break cycle, and the plans are handed to the system —
    /// again after every transition the agent reports, when the dashboard (and the menu bar's countdown) reads the
    /// runtime again too.
    func start() async {
        let deliveries = HealthDeliveries(
            agent: agent, sharing: services.healthSharing, calendar: .autoupdatingCurrent
        ) { [weak self] in await self?.replan() }
        await system.connect(agent, healthDeliveries: deliveries) { [weak self] in await self?.replan() }
        do {
            if try family.identity().mode == .childDevice {
                #if os(iOS)
                    learningMeter = system.screenTime.learningMeter()
                #endif
                await agent.attachRewards(services.rewards, meter: learningMeter)
            }
            try await agent.start()
            await deliveries.agentStarted()
        } catch {
            await deliveries.agentFailedToStart()
            system.log("LockOut could not start: \(error)")
        }
        await system.reconcileAlarms()
        await agent.observeStateChanges { [weak self] in
            Task { @MainActor in await self?.replanSoon() }
        }
        await replan()
    }

    /// Hands the system what the runtime plans now; on coming to the foreground and in a background refresh.
    /// Answers the date the next background refresh should come, or nil when nothing could be planned.
    @discardableResult
    func replan() async -> Date? {
        learningMeter?.collect()  // what it adds reaches the agent, which plans again
        do {
            let alarms = await system.alarmPermissions.authorization()
            let plans = try await agent.systemPlans(alarms: alarms, heldAlarms: await system.heldAlarms())
            await system.apply(plans)
            return plans.refreshAt
        } catch {
            system.log("LockOut could not plan its alerts: \(error)")
            return nil
        }
    }

    /// After a transition: one plan for a burst of transitions, made once the burst is handled.
    private func replanSoon() async {
        guard !replanPending else { return }
        replanPending = true
        await Task.yield()
        replanPending = false
        await replan()
        await dashboard.refresh()
    }

    /// A background refresh's family round, off the main thread, over by the budget's end (`BackgroundRefresh`).
    func syncFamily(within budget: RoundBudget) async {
        let family = family
        _ = await offMainThread { family.sync(within: budget) }
    }
}

/// Runs `work` on a thread of its own: the family server's calls block, and must never hold the main thread or a
/// thread of the cooperative pool.
private func offMainThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Whether an onboarding was finished, in the app's own defaults (a fact about this app on this device): the breaks
/// onboarding's under `lockout.hasOnboarded`, the health gate's under its own key.
@MainActor
final class UserDefaultsOnboardingMemory: OnboardingMemory {
    private let defaults: UserDefaults
    private let key: String

    init(key: String = "lockout.hasOnboarded", defaults: UserDefaults = .standard) {
        self.key = key
        self.defaults = defaults
    }

    var hasOnboarded: Bool { defaults.bool(forKey: key) }

    func rememberOnboarded() { defaults.set(true, forKey: key) }
}

extension AppEnvironment {
    /// A whole app over a fresh database in a temporary folder, for previews of the composed screens.
    static func preview() throws -> AppEnvironment {
        let directory = FileManager.default.temporaryDirectory.appending(path: "LockOutPreview-\(UUID().uuidString)")
        return try AppEnvironment(directory: directory, system: SystemAdapters())
    }
}
