import Foundation
import LockOutCore
import LockOutRuntime
import LockOutStore
import Testing

/// The apps' composition on a child's iPhone: rewards attached with the Screen Time meter, as `AppEnvironment` does.
@Suite("The agent counting Screen Time's learning thresholds")
struct ScreenTimeAgentTests {
    /// Monday 2026-11-23 00:00 UTC.
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func at(hours: Double) -> Date {
        monday.start(in: utc).addingTimeInterval(hours * 3600)
    }

    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current: Date
        init(_ start: Date) { current = start }
        var now: Date { lock.withLock { current } }
        func set(_ date: Date) { lock.withLock { current = date } }
    }

    private struct Hashing: PINHashing {
        func hash(_ pin: String) throws -> String { pin }
        func verify(_ pin: String, against stored: String) -> Bool { pin == stored }
    }

    private struct NoShield: ShieldControlling {
        func setShields(on: Bool, apps: [BlockedApp]) throws {}
    }

    private final class NoNotifier: Notifying, @unchecked Sendable {
        func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {}
        func withdraw(id: String) {}
    }

    @Test("Started the next morning, the agent counts last evening's thresholds on their day before the day moves on")
    func lastEveningCountsOnItsDay() async throws {
        let database = try AppDatabase.inMemory()
        let clock = Clock(Self.at(hours: 18))
        let services = DeviceServices(database: database, calendar: Self.utc, pins: Hashing(), now: { clock.now })
        let settings = RewardsSettings(programs: [RewardProgram(name: "gcompris", category: .learning)])
        try services.rewards.store.save(RewardsWrite(record: RewardsRecord(day: Self.monday), settings: settings))

        // Monday evening the extension recorded 40 minutes; the app next runs on Tuesday at 07:00.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-agent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let evening = Int(Self.at(hours: 21).timeIntervalSince1970)
        try Data("20 \(evening - 1200) gcompris ok\n40 \(evening) gcompris ok\n".utf8).write(to: directory.appendingPathComponent("2026-11-23.log"))
        clock.set(Self.at(hours: 24 + 7))

        let agent = services.agent(
            shield: NoShield(), notifier: NoNotifier(), timer: ManualDeadlineTimer(),
            clock: ProcessClock(scale: 1, wallNow: { clock.now })
        )
        let meter = ScreenTimeUsageMeter(directory: directory, calendar: Self.utc, now: { clock.now })
        await agent.attachRewards(services.rewards, meter: meter)
        try await agent.start()

        let screen = try await agent.rewardsScreen()
        #expect(screen.balance == 400)
        let ledger = try services.rewards.store.ledger(from: Self.monday, limit: 10)
        #expect(ledger.map(\.day) == [Self.monday])
        #expect(ledger.map(\.points) == [400])
        #expect(screen.method == "screen-time thresholds")
    }
}
