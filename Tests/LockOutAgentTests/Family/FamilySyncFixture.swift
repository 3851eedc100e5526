import Foundation
import Hummingbird
import HummingbirdTesting
import LockOutAgent
import LockOutCore
import LockOutServer
import LockOutStore
import Synchronization
import Testing
import LockOutRuntime

/// Records the configuration applied on a device; refuses what `refuse` says.
final class RecordingApplier: ConfigurationApplying {
    let applied = Mutex<[LocalConfigurationCommand]>([])
    let refuse: @Sendable (LocalConfigurationCommand) -> (any Error)?

    init(refuse: @escaping @Sendable (LocalConfigurationCommand) -> (any Error)? = { _ in nil }) { self.refuse = refuse }

    func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws {
        if let error = refuse(command) { throw error }
        applied.withLock { $0.append(command) }
    }
}

/// One device: its own database in a temporary directory and its family service.
struct TestDevice {
    static let now = Date(timeIntervalSince1970: 1_764_000_000)
    let directory: URL
    let database: AppDatabase
    let applier: RecordingApplier
    /// How the device reaches the server: over HTTP, or through a test's tampering.
    var connector: FamilyConnector = .http
    var store: GRDBFamilyStore { database.familyStore }
    /// The device's family side; an end-to-end family's keys live in its directory, as the agent keeps them.
    var family: FamilyService {
        FamilyService(store: store, directory: directory, applier: applier, connector: connector, now: { Self.now }, encryption: .files(in: directory))
    }

    static func make(_ mode: DeviceMode, name: String, applier: RecordingApplier = RecordingApplier()) throws -> TestDevice {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-device-\(UUID())")
        let device = TestDevice(directory: directory, database: try AppDatabase.open(at: directory.appendingPathComponent("lockout.sqlite")), applier: applier)
        _ = try device.family.setup(mode, name: name)
        return device
    }

    /// The same device after a restart: its database opened again.
    func reopened() throws -> TestDevice {
        TestDevice(directory: directory, database: try AppDatabase.open(at: directory.appendingPathComponent("lockout.sqlite")), applier: applier,
                   connector: connector)
    }

    /// A sync round of this device's own (no agent runs in these tests).
    func syncOnce(jitter: Double = 1) -> SyncRoundOutcome {
        let sync = FamilySync(store: store, applier: applier, connector: connector, now: { Self.now }, jitter: { jitter },
                              encryption: .files(in: directory))
        defer { sync.shutdown() }
        return sync.syncOnce()
    }
}

/// A live family server on loopback for the duration of `body`, with its SQLite storage.
func withFamilyServer<T: Sendable>(
    configuration: FamilyServer.Configuration = FamilyServer.Configuration(port: 0, now: { TestDevice.now }),
    _ body: @escaping @Sendable (_ port: Int, _ storage: SQLiteFamilyStorage) async throws -> T
) async throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-server-\(UUID())/server.sqlite").path
    let storage = try SQLiteFamilyStorage(path: path)
    let app = FamilyServer.application(storage: storage, configuration: configuration)
    return try await onServerThreads {
        try await app.test(.live) { client in
            try await body(try #require(client.port), storage)
        }
    }
}

/// Runs `body` — a live server and what waits on it — on threads of its own rather than the test pool's: a
/// full run keeps the pool's few threads busy with other suites for tens of seconds at a time, and a server
/// whose handlers wait for them answers a device's sync too late.
func onServerThreads<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    try await withTaskExecutorPreference(ServerThreads.shared, operation: body)
}

/// A task executor over a concurrent dispatch queue: its jobs never wait for the test pool.
final class ServerThreads: TaskExecutor, @unchecked Sendable {
    static let shared = ServerThreads()
    private let queue = DispatchQueue(label: "lockout.test.server", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// A parent and a child paired through the server at `url`: of a plaintext family, or with `endToEnd` of an
/// end-to-end one whose keys the parent has committed and the child has learnt.
func pairedFamily(server url: String, endToEnd: Bool = false) async throws -> (parent: TestDevice, child: TestDevice) {
    try await offPool {
        let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
        _ = try parent.family.create(server: url, endToEnd: endToEnd)
        let pairing = try parent.family.pair(mode: .childDevice)
        let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
        _ = try child.family.join(payload: pairing.payload)
        if endToEnd {
            _ = parent.syncOnce()
            _ = child.syncOnce()
        }
        return (parent, child)
    }
}

/// A device with its real engines over its database: commands and synced settings apply as the CLI applies them.
struct EngineDevice {
    let device: TestDevice
    let breaks: LocalBreakControl
    let focus: LocalFocusControl

    static func make(_ mode: DeviceMode, name: String) throws -> EngineDevice {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-device-\(UUID())")
        let database = try AppDatabase.open(at: directory.appendingPathComponent("lockout.sqlite"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let clock = ProcessClock(wallNow: { TestDevice.now })
        let breakService = BreakService(
            stores: BreakStores(history: database.breakHistory, settings: database.settingsStore, record: database.breakRecordStore),
            calendar: calendar
        )
        let focusService = FocusService(
            stores: FocusStores(history: database.focusHistory, record: database.focusRecordStore, settings: database.focusSettingsStore,
                                activities: database.activityStore, tasks: database.taskStore),
            breaks: breakService, capability: .notificationOnly, calendar: calendar
        )
        let gate = GateService(store: database.gateStore, source: StoredHealthReading(store: database.healthTotalsStore), calendar: calendar,
                               sessionPrograms: { [:] })
        let breaks = LocalBreakControl(service: breakService, clock: clock)
        let focus = LocalFocusControl(service: focusService, clock: clock)
        let rewards = LocalRewardsControl(
            service: RewardsService(store: GRDBRewardsStore(database, calendar: calendar), calendar: calendar, pins: PINHasher(), sessionPrograms: { [:] }),
            clock: clock
        )
        let applier = LocalConfigurationApplier(breaks: breaks, focus: focus, gate: LocalGateControl(service: gate, clock: clock), rewards: rewards)
        let engineApplier = applier
        let settings = database.settingsStore, focusSettings = database.focusSettingsStore
        let family = FamilyService(
            store: database.familyStore, directory: directory, applier: applier, connector: .http, now: { TestDevice.now },
            sharedSettings: { SharedSettings(breaks: try settings.load(), focus: try focusSettings.load()) }
        )
        _ = try family.setup(mode, name: name)
        return EngineDevice(
            device: TestDevice(directory: directory, database: database, applier: RecordingApplier()), breaks: breaks, focus: focus,
            family: family, applier: engineApplier, calendar: calendar
        )
    }

    let family: FamilyService
    /// The applier over the device's engines, as a round with no agent running uses it.
    let applier: LocalConfigurationApplier
    let calendar: Calendar

    init(device: TestDevice, breaks: LocalBreakControl, focus: LocalFocusControl, family: FamilyService, applier: LocalConfigurationApplier, calendar: Calendar) {
        self.device = device
        self.breaks = breaks
        self.focus = focus
        self.family = family
        self.applier = applier
        self.calendar = calendar
    }

    var settings: BreakSettings { get throws { try breaks.settings() } }
}
