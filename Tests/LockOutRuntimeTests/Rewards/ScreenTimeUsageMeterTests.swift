import Foundation
import LockOutCore
import LockOutRuntime
import Testing

/// Seed 002 on a child's iPhone: the thresholds the monitor extension recorded become points with the same rules
/// as on Linux, counted once, on their own day, whatever happened to the extension.
@Suite("Learning time from Screen Time's thresholds")
struct ScreenTimeUsageMeterTests {
    /// Monday 2026-11-23 08:00 UTC.
    private static let t0 = Date(timeIntervalSince1970: 1_795_420_800)
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)
    private static let tuesday = LocalDate(year: 2026, month: 11, day: 24)
    private static let wednesday = LocalDate(year: 2026, month: 11, day: 25)

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static let categories: [String: ProgramCategory] = ["gcompris": .learning, "game": .reward]

    /// `hours` after Monday's midnight (UTC).
    private static func at(hours: Double) -> Date {
        monday.start(in: utc).addingTimeInterval(hours * 3600)
    }

    private struct Hashing: PINHashing {
        func hash(_ pin: String) throws -> String { pin }
        func verify(_ pin: String, against stored: String) -> Bool { pin == stored }
    }

    /// A folder of records and a rewards service whose engine is stored on `day`, earning 10 points a minute.
    private struct Setup {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-meter-\(UUID().uuidString)")
        let store = InMemoryRewardsStore(calendar: ScreenTimeUsageMeterTests.utc)
        let service: RewardsService

        init(day: LocalDate) throws {
            service = RewardsService(store: store, calendar: ScreenTimeUsageMeterTests.utc, pins: Hashing(), sessionPrograms: { [:] })
            let settings = RewardsSettings(programs: [
                RewardProgram(name: "gcompris", category: .learning), RewardProgram(name: "game", category: .reward),
            ])
            try store.save(RewardsWrite(record: RewardsRecord(day: day), settings: settings, usage: [], ledger: []))
        }

        /// Appends `text` to `day`'s file, as the extension writes it.
        func append(_ text: String, on day: LocalDate) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent("\(day).log")
            let old = (try? Data(contentsOf: url)) ?? Data()
            try (old + Data(text.utf8)).write(to: url)
        }

        func meter(now: Date) -> ScreenTimeUsageMeter {
            ScreenTimeUsageMeter(directory: directory, calendar: ScreenTimeUsageMeterTests.utc, now: { now })
        }
    }

    private static func line(_ minutes: Int, at date: Date, _ program: String = "gcompris") -> String {
        "\(minutes) \(Int(date.timeIntervalSince1970)) \(program) ok\n"
    }

    @Test("Thresholds of 10 and 20 minutes earn 200 points; told twice, or read again, they earn nothing more")
    func toldTwice() throws {
        let setup = try Setup(day: Self.monday)
        try setup.append(Self.line(10, at: Self.at(hours: 9)) + Self.line(20, at: Self.at(hours: 9.2)) + Self.line(20, at: Self.at(hours: 9.21)), on: Self.monday)
        let now = Self.at(hours: 10)
        let meter = setup.meter(now: now)
        var engine = try setup.service.restore(now: now)
        _ = try setup.service.record(meter.untoldSessions(now: now, categories: Self.categories), on: &engine, now: now)
        #expect(engine.record.balances.total == 200)
        #expect(meter.untoldSessions(now: now, categories: Self.categories).isEmpty)

        // Another process reads everything again: the same session, nothing more to count.
        let again = setup.meter(now: now).untoldSessions(now: now, categories: Self.categories)
        #expect(again.count == 1)
        _ = try setup.service.record(again, on: &engine, now: now)
        #expect(engine.record.balances.total == 200)
        #expect(engine.record.learningSeconds["gcompris"] == 20 * 60)

        try setup.append(Self.line(25, at: Self.at(hours: 9.5)), on: Self.monday)
        _ = try setup.service.record(meter.untoldSessions(now: now, categories: Self.categories), on: &engine, now: now)
        #expect(engine.record.balances.total == 250)
    }

    @Test("Read two mornings later, Monday's and Tuesday's minutes each count on their own day, within each day's cap")
    func daysRollOver() throws {
        let setup = try Setup(day: Self.monday)
        try setup.append(Self.line(70, at: Self.at(hours: 22)), on: Self.monday)
        try setup.append(Self.line(30, at: Self.at(hours: 24 + 20)), on: Self.tuesday)
        try setup.append(Self.line(5, at: Self.at(hours: 48 + 7)), on: Self.wednesday)
        let now = Self.at(hours: 48 + 8)
        var engine = try setup.service.restore(now: now)
        _ = try setup.service.record(setup.meter(now: now).untoldSessions(now: now, categories: Self.categories), on: &engine, now: now)
        // Monday: 70 minutes, capped at 600 points; Tuesday 300; Wednesday 50.
        let ledger = try setup.store.ledger(from: Self.monday, limit: 10)
        let byDay = Dictionary(grouping: ledger, by: \.day).mapValues { $0.reduce(0) { $0 + $1.points } }
        #expect(byDay == [Self.monday: 600, Self.tuesday: 300, Self.wednesday: 50])
        #expect(engine.record.day == Self.wednesday)
        #expect(engine.record.learningSeconds["gcompris"] == 5 * 60)
        #expect(engine.record.balances.total == 950)
    }

    @Test("The extension killed: a record cut short is skipped, whole ones count; no folder or no file is no usage")
    func extensionKilled() throws {
        let setup = try Setup(day: Self.monday)
        let now = Self.at(hours: 10)
        #expect(setup.meter(now: now).untoldSessions(now: now, categories: Self.categories).isEmpty)  // nothing recorded yet
        try setup.append(Self.line(10, at: Self.at(hours: 9)) + "15 17954", on: Self.monday)
        let meter = setup.meter(now: now)
        var engine = try setup.service.restore(now: now)
        _ = try setup.service.record(meter.untoldSessions(now: now, categories: Self.categories), on: &engine, now: now)
        #expect(engine.record.balances.total == 100)
        // The extension, woken again, starts its record on a line of its own.
        try setup.append("\n" + Self.line(20, at: Self.at(hours: 9.3)), on: Self.monday)
        _ = try setup.service.record(meter.untoldSessions(now: now, categories: Self.categories), on: &engine, now: now)
        #expect(engine.record.balances.total == 200)
    }

    @Test("Only learning programs count; records older than a week are removed as the meter reads")
    func programsAndPruning() throws {
        let setup = try Setup(day: Self.monday)
        try setup.append(Self.line(30, at: Self.at(hours: 9), "game") + Self.line(30, at: Self.at(hours: 9), "unknown"), on: Self.monday)
        let old = LocalDate(year: 2026, month: 11, day: 10)
        try setup.append(Self.line(30, at: old.start(in: Self.utc).addingTimeInterval(3600)), on: old)
        let meter = setup.meter(now: Self.at(hours: 10))
        meter.update(categories: Self.categories)
        #expect(meter.untoldSessions(now: Self.at(hours: 10), categories: Self.categories).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: setup.directory.appendingPathComponent("2026-11-10.log").path))
        #expect(FileManager.default.fileExists(atPath: setup.directory.appendingPathComponent("2026-11-23.log").path))
    }

    @Test("Started by the agent, the meter tells what the records hold at once, and again when asked to collect")
    func tellsOnStartAndCollect() throws {
        let setup = try Setup(day: Self.monday)
        try setup.append(Self.line(10, at: Self.at(hours: 9)), on: Self.monday)
        let meter = setup.meter(now: Self.at(hours: 10))
        let told = Told()
        meter.start(categories: Self.categories) { told.add($0) }
        #expect(told.sessions.map(\.activeSeconds) == [600])
        meter.collect()
        #expect(told.sessions.count == 1)
        try setup.append(Self.line(12, at: Self.at(hours: 9.1)), on: Self.monday)
        meter.collect()
        #expect(told.sessions.map(\.activeSeconds) == [600, 720])
        #expect(meter.method == "screen-time thresholds")
    }

    private final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [UsageSession] = []
        var sessions: [UsageSession] { lock.withLock { all } }
        func add(_ sessions: [UsageSession]) { lock.withLock { all += sessions } }
    }
}
