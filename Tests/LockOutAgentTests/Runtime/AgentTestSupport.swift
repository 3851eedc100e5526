import Foundation
import LockOutAgent
import LockOutCore
import LockOutStore
import LockOutRuntime

/// A wall clock a test moves by hand.
final class ManualWallClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date { lock.withLock { current } }

    func set(_ date: Date) { lock.withLock { current = date } }

    func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}

/// Records what the agent shows and withdraws.
final class RecordingNotifier: Notifying, @unchecked Sendable {
    enum Entry: Equatable {
        case presented(NotificationRequest)
        case withdrawn(String)
    }

    private let lock = NSLock()
    private var log: [Entry] = []

    var entries: [Entry] { lock.withLock { log } }

    var presented: [NotificationRequest] {
        entries.compactMap { if case .presented(let request) = $0 { request } else { nil } }
    }

    func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        lock.withLock { log.append(.presented(request)) }
    }

    func withdraw(id: String) {
        lock.withLock { log.append(.withdrawn(id)) }
    }
}

/// A temporary data directory with a real SQLite database, and agents over it.
struct AgentFixture {
    static let start = Date(timeIntervalSince1970: 1_795_420_800) // 2026-11-23 08:00 UTC, a Monday

    let directory: URL
    let database: AppDatabase
    let calendar: Calendar
    let wall: ManualWallClock

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-agent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try AppDatabase.open(at: DataLocation.databaseURL(in: directory))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        self.calendar = calendar
        wall = ManualWallClock(Self.start)
    }

    var service: BreakService {
        BreakService(
            stores: BreakStores(history: database.breakHistory, settings: database.settingsStore, record: database.breakRecordStore),
            calendar: calendar
        )
    }

    var focusService: FocusService {
        FocusService(
            stores: FocusStores(
                history: database.focusHistory,
                record: database.focusRecordStore,
                settings: database.focusSettingsStore,
                activities: database.activityStore,
                tasks: database.taskStore
            ),
            breaks: service,
            capability: .notificationOnly,
            calendar: calendar
        )
    }

    /// The health gate over the database, reading `source` (the stored totals unless a test passes another), with fixed codes.
    func gateService(source: (any HealthReading)? = nil, code: FrictionCode = FrictionCode(number: 4821)) -> GateService {
        GateService(
            store: database.gateStore,
            source: source ?? StoredHealthReading(store: database.healthTotalsStore),
            calendar: calendar,
            codes: { code },
            sessionPrograms: { SessionPrograms.read(.system()) }
        )
    }

    /// The agent's clock, following the test's wall clock.
    var clock: ProcessClock {
        let wall = self.wall
        return ProcessClock(scale: 1, wallNow: { wall.now })
    }

    /// An agent over the same database, as a new process would start it.
    func makeAgent(
        notifier: any Notifying,
        timer: ManualDeadlineTimer,
        gate: GateService? = nil,
        shield: any ShieldControlling = RecordingShieldController()
    ) -> DeviceAgent {
        DeviceAgent(service: focusService, gate: gate ?? gateService(), shield: shield, notifier: notifier, timer: timer, clock: clock)
    }

    /// A started agent with a manual timer and a recording notifier.
    func startAgent() async throws -> (DeviceAgent, ManualDeadlineTimer, RecordingNotifier) {
        let timer = ManualDeadlineTimer()
        let notifier = RecordingNotifier()
        let agent = makeAgent(notifier: notifier, timer: timer)
        try await agent.start()
        return (agent, timer, notifier)
    }

    /// Reopens the database file, as a restarted process would.
    func reopened() throws -> AppDatabase {
        try AppDatabase.open(at: DataLocation.databaseURL(in: directory))
    }

    func sessions() throws -> [BreakSession] {
        try database.breakHistory.sessions(endedFrom: .distantPast, to: .distantFuture)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
