import Foundation
import LockOutCore
import LockOutRuntime
import LockOutStore

/// The states the apps' previews show, each a real runtime over an in-memory database.
public enum PreviewScenario: Sendable {
    /// Just set up: breaks running, nothing recorded.
    case fresh
    /// Breaks running, a few minutes in.
    case running
    /// An eye break fell due and waits for an answer.
    case breakDue
    /// An eye break runs.
    case breakActive
    /// Paused until tomorrow.
    case paused
    /// A pomodoro runs.
    case focusRunning
    /// The health gate is closed: no steps yet.
    case gateLocked
    /// Today's goals are met and the gate is open.
    case gateOpen
    /// A child's device that earns and redeems points.
    case child
}

/// Fixed-date, in-memory runtimes for the apps' `#Preview`s: the same services the app composes, with a timer the
/// preview never fires and ports that show nothing, so a preview draws what the runtime really answers.
///
/// A preview's view is built on the main actor and needs its agent at once. The agent is started and brought to its
/// scenario on its own queue, and nothing there waits for the main actor: the main thread waits only for that
/// in-memory work, where a preparation that needed the main actor would wait for it for ever.
public enum PreviewRuntime {
    /// Monday 2026-11-23 09:00 UTC: every preview's "now".
    public static let now = Date(timeIntervalSince1970: 1_795_424_400)

    /// A started agent over an in-memory database, in `scenario`.
    public static func agent(_ scenario: PreviewScenario = .running) -> DeviceAgent {
        let clock = PreviewClock(now)
        let database = try! AppDatabase.inMemory()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let services = DeviceServices(database: database, calendar: calendar, pins: PreviewPINs(), now: { clock.now })
        let agent = services.agent(
            shield: PreviewShield(), notifier: PreviewNotifier(), timer: ManualDeadlineTimer(),
            clock: ProcessClock(scale: 1, wallNow: { clock.now })
        )
        let today = LocalDate(now, in: calendar)
        try! agent.executor.runBlocking {
            if scenario == .child { await agent.attachRewards(services.rewards, meter: nil) }
            if scenario == .gateOpen {
                _ = try database.healthTotalsStore.setManual(12_000, for: .steps, on: today)
            }
            try await agent.start()
            try await prepare(agent, for: scenario, clock: clock)
        }
        return agent
    }

    /// A family service over an in-memory database, set up in `mode`; previews never reach a server.
    public static func family(_ mode: DeviceMode = .parentDevice) -> FamilyService {
        let database = try! AppDatabase.inMemory()
        let service = FamilyService(
            store: database.familyStore, directory: FileManager.default.temporaryDirectory,
            applier: PreviewApplier(), connector: FamilyConnector { _ in OfflineTransport() }, now: { now }
        )
        _ = try! service.setup(mode, name: "Preview")
        return service
    }

    /// Notification permission that answers at once.
    public static func permissions(granted: Bool = true) -> any NotificationAuthorizing {
        PreviewPermissions(answer: granted ? .allowed : .denied)
    }

    /// Onboarding memory kept in memory.
    @MainActor
    public static func onboardingMemory(done: Bool = false) -> any OnboardingMemory {
        PreviewOnboardingMemory(hasOnboarded: done)
    }

    private static func prepare(_ agent: DeviceAgent, for scenario: PreviewScenario, clock: PreviewClock) async throws {
        switch scenario {
        case .fresh, .gateLocked, .gateOpen, .child:
            break
        case .running:
            clock.now = now.addingTimeInterval(7 * 60)
            await agent.timerFired(.deadlineReached)
        case .breakDue:
            clock.now = now.addingTimeInterval(20 * 60)
            await agent.timerFired(.deadlineReached)
        case .breakActive:
            _ = try await agent.perform(BreakCommand.takeBreakNow(.eye))
        case .paused:
            _ = try await agent.perform(BreakCommand.pauseUntilTomorrow)
        case .focusRunning:
            _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .pomodoro)))
            clock.now = now.addingTimeInterval(9 * 60)
        }
    }
}

/// A clock the preview sets.
private final class PreviewClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}

/// Shows nothing.
private struct PreviewNotifier: Notifying {
    func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {}
    func withdraw(id: String) {}
}

/// Blocks nothing.
private struct PreviewShield: ShieldControlling {
    func setShields(on: Bool, apps: [BlockedApp]) throws {}
}

/// Commands a preview's family would carry out: none arrive.
private struct PreviewApplier: ConfigurationApplying {
    func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws {}
}

/// A PIN "hash" for previews only.
private struct PreviewPINs: PINHashing {
    func hash(_ pin: String) throws -> String { "preview$" + pin }
    func verify(_ pin: String, against stored: String) -> Bool { stored == "preview$" + pin }
}

/// A server that is never reached.
private struct OfflineTransport: FamilyTransport {
    func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
        throw FamilyTransportError("Previews are offline.")
    }

    func shutdown() {}
}

/// A permission already decided.
private struct PreviewPermissions: NotificationAuthorizing {
    let answer: NotificationPermission

    func permission() async -> NotificationPermission { answer }
    func requestPermission() async -> NotificationPermission { answer }
}

/// Onboarding memory that forgets when the preview ends.
@MainActor
private final class PreviewOnboardingMemory: OnboardingMemory {
    private(set) var hasOnboarded: Bool

    init(hasOnboarded: Bool) { self.hasOnboarded = hasOnboarded }

    func rememberOnboarded() { hasOnboarded = true }
}
