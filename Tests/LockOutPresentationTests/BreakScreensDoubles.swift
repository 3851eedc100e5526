import Foundation
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import LockOutStore

/// A family server in memory: takes every pushed change and has nothing new to hand out, or refuses every call
/// with `refusal` (a status and the server's words).
final class FakeFamilyServer: FamilyTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var received: [FamilyRequest] = []
    private var answer: (status: Int, error: String)?

    /// Every call so far, oldest first.
    var requests: [FamilyRequest] { lock.withLock { received } }

    /// Refuses every later call with `status` and `error`.
    func refuse(status: Int, error: String) { lock.withLock { answer = (status, error) } }

    func send(_ request: FamilyRequest, timeout: TimeInterval) throws(FamilyTransportError) -> FamilyResponse {
        let refusal = lock.withLock { () -> (status: Int, error: String)? in
            received.append(request)
            return answer
        }
        do {
            if let refusal {
                return FamilyResponse(status: refusal.status, body: try SyncJSON.encoder().encode(SyncAPI.ErrorBody(error: refusal.error, code: "refused")))
            }
            switch (request.method, request.path) {
            case ("POST", "/v1/mutations"):
                let push = try SyncJSON.decoder().decode(SyncAPI.Push.self, from: request.body)
                let results = push.mutations.enumerated().map { SyncAPI.MutationResult(id: $1.id, status: .applied, seq: Int64($0 + 1), reason: nil) }
                return FamilyResponse(status: 200, body: try SyncJSON.encoder().encode(SyncAPI.PushResult(results: results)))
            case ("GET", "/v1/changes"):
                let page = SyncAPI.Changes(changes: [], token: "1", moreComing: false, resync: false)
                return FamilyResponse(status: 200, body: try SyncJSON.encoder().encode(page))
            default:
                return FamilyResponse(status: 404)
            }
        } catch {
            throw FamilyTransportError("\(error)")
        }
    }

    func shutdown() {}
}

/// Applies nothing: no parent sends commands in these tests.
struct NoCommands: ConfigurationApplying {
    func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws {}
}

extension PresentationFixture {
    /// The device's family service, reaching `server`, on the fixture's clock.
    func family(_ server: FakeFamilyServer = FakeFamilyServer()) -> FamilyService {
        let clock = clock
        return FamilyService(
            store: database.familyStore, directory: FileManager.default.temporaryDirectory, applier: NoCommands(),
            connector: FamilyConnector { _ in server }, now: { clock.now }
        )
    }

    /// Makes the device a member of a family on a server at `http://127.0.0.1:8443`, as a pairing would.
    func joinFamily() throws {
        let device = try database.familyStore.identity(defaultName: "Test device")
        let membership = FamilyMembership(
            server: URL(string: "http://127.0.0.1:8443")!, family: FamilyID(rawValue: UUID()), token: "token", joinedAt: clock.now
        )
        let registration = SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: device.id.description, body: try SyncJSON.body(device))
        try database.familyStore.join(membership, registration: registration, now: clock.now)
    }
}

/// The system's notification permission, answered by the test: `answer` is what asking gives.
final class TestPermissions: NotificationAuthorizing, @unchecked Sendable {
    private let lock = NSLock()
    private var current: NotificationPermission
    private let answer: NotificationPermission
    private var asked = 0

    init(_ current: NotificationPermission, answer: NotificationPermission = .allowed) {
        self.current = current
        self.answer = answer
    }

    /// How many times the person was asked.
    var requests: Int { lock.withLock { asked } }

    func permission() async -> NotificationPermission { lock.withLock { current } }

    func requestPermission() async -> NotificationPermission {
        lock.withLock {
            asked += 1
            current = answer
            return current
        }
    }
}

/// The system's alarm authorization, answered by the test: `answer` is what asking gives.
final class TestAlarms: AlarmAuthorizing, @unchecked Sendable {
    private let lock = NSLock()
    private var current: AlarmAuthorization
    private let answer: AlarmAuthorization
    private var asked = 0

    init(_ current: AlarmAuthorization, answer: AlarmAuthorization = .authorized) {
        self.current = current
        self.answer = answer
    }

    /// How many times the person was asked.
    var requests: Int { lock.withLock { asked } }

    /// The person changes it in the system's settings.
    func set(_ state: AlarmAuthorization) { lock.withLock { current = state } }

    func authorization() async -> AlarmAuthorization { lock.withLock { current } }

    func requestAuthorization() async -> AlarmAuthorization {
        lock.withLock {
            asked += 1
            if current == .notDetermined { current = answer }
            return current
        }
    }
}
