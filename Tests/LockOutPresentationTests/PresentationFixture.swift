import Foundation
import LockOutCore
import LockOutRuntime
import LockOutStore

/// A wall clock a test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }

    func set(_ date: Date) { lock.withLock { current = date } }
}

/// Records what the runtime shows and withdraws.
final class RecordingNotifier: Notifying, @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [NotificationRequest] = []
    private var withdrawnIDs: [String] = []

    var presented: [NotificationRequest] { lock.withLock { shown } }
    var withdrawn: [String] { lock.withLock { withdrawnIDs } }

    func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        lock.withLock { shown.append(request) }
    }

    func withdraw(id: String) {
        lock.withLock { withdrawnIDs.append(id) }
    }
}

/// Records what the shield was told.
final class RecordingShield: ShieldControlling, @unchecked Sendable {
    private let lock = NSLock()
    private var last: (on: Bool, apps: [BlockedApp]) = (false, [])

    var state: (on: Bool, apps: [BlockedApp]) { lock.withLock { last } }

    func setShields(on: Bool, apps: [BlockedApp]) throws {
        lock.withLock { last = (on, apps) }
    }
}

/// A PIN hash for tests: fast, and distinguishable from the PIN.
struct PlainPINHasher: PINHashing {
    func hash(_ pin: String) throws -> String { "test$" + String(pin.reversed()) }
    func verify(_ pin: String, against stored: String) -> Bool { stored == "test$" + String(pin.reversed()) }
}

/// One device's runtime over an in-memory database, with a hand-moved clock and a timer the test fires: what
/// the apps compose, with in-memory ports.
struct PresentationFixture {
    /// Monday 2026-11-23 08:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_795_420_800)

    let database: AppDatabase
    let calendar: Calendar
    let clock: TestClock
    let services: DeviceServices
    let notifier = RecordingNotifier()
    let shield = RecordingShield()
    let timer = ManualDeadlineTimer()
    let agent: DeviceAgent

    /// A started runtime; `health` replaces the stored totals as the gate's source; with `rewards`, the device earns
    /// and redeems points (a child's device).
    init(health: (any HealthReading)? = nil, rewards: Bool = false) async throws {
        database = try AppDatabase.inMemory()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
        let clock = TestClock(Self.start)
        self.clock = clock
        services = DeviceServices(
            database: database, calendar: calendar, pins: PlainPINHasher(), health: health,
            codes: { FrictionCode(number: 4821) }
        )
        agent = services.agent(shield: shield, notifier: notifier, timer: timer, clock: ProcessClock(scale: 1, wallNow: { clock.now }))
        if rewards { await agent.attachRewards(services.rewards, meter: nil) }
        try await agent.start()
    }

    /// Moves the clock on by `seconds` and delivers the timer's wake-up, as the platform's timer would.
    func advance(by seconds: TimeInterval) async {
        clock.advance(by: seconds)
        await agent.timerFired(.deadlineReached)
    }
}
