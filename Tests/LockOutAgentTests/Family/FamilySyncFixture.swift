import Foundation
import Hummingbird
import HummingbirdTesting
import LockOutAgent
import LockOutCore
import LockOutServer
import LockOutStore
import Synchronization
import Testing

/// Records the configuration applied on a device; refuses what `refuse` says.
final class RecordingApplier: ConfigurationApplying {
    let applied = Mutex<[LocalConfigurationCommand]>([])
    let refuse: @Sendable (LocalConfigurationCommand) -> (any Error)?

    init(refuse: @escaping @Sendable (LocalConfigurationCommand) -> (any Error)? = { _ in nil }) { self.refuse = refuse }

    func apply(_ command: LocalConfigurationCommand) throws {
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
    var store: GRDBFamilyStore { database.familyStore }
    var family: FamilyService { FamilyService(store: store, directory: directory, applier: applier, now: { Self.now }) }

    static func make(_ mode: DeviceMode, name: String, applier: RecordingApplier = RecordingApplier()) throws -> TestDevice {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-device-\(UUID())")
        let device = TestDevice(directory: directory, database: try AppDatabase.open(at: directory.appendingPathComponent("lockout.sqlite")), applier: applier)
        _ = try device.family.setup(mode, name: name)
        return device
    }

    /// The same device after a restart: its database opened again.
    func reopened() throws -> TestDevice {
        TestDevice(directory: directory, database: try AppDatabase.open(at: directory.appendingPathComponent("lockout.sqlite")), applier: applier)
    }

    /// A sync round of this device's own (no agent runs in these tests).
    func syncOnce(jitter: Double = 1) -> SyncRoundOutcome {
        let sync = FamilySync(store: store, applier: applier, now: { Self.now }, jitter: { jitter })
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
    return try await app.test(.live) { client in
        try await body(try #require(client.port), storage)
    }
}

/// A parent and a child paired through the server at `url`.
func pairedFamily(server url: String) async throws -> (parent: TestDevice, child: TestDevice) {
    try await offPool {
        let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
        _ = try parent.family.create(server: url)
        let pairing = try parent.family.pair(mode: .childDevice)
        let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
        _ = try child.family.join(payload: pairing.payload)
        return (parent, child)
    }
}
