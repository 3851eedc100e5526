import Foundation
import LockOutCore
@testable import LockOutStore
import Testing

/// The behaviour rewards stores share, run against the in-memory double and a real SQLite file.
@Suite("Rewards store contract")
struct RewardsStoreContractTests {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)
    /// 2026-11-23 10:00 in Berlin.
    private static let morning = Date(timeIntervalSince1970: 1_795_424_400)

    private func withStore(_ backend: Backend, _ body: (any RewardsStore) throws -> Void) throws {
        switch backend {
        case .inMemory:
            try body(InMemoryRewardsStore(calendar: Self.calendar))
        case .sqliteFile:
            try withTemporaryDatabase { database in try body(GRDBRewardsStore(database, calendar: Self.calendar)) }
        }
    }

    private func entry(_ points: Int, kind: LedgerKind = .accrual, program: String? = "gcompris", at offset: TimeInterval, id: UUID = UUID()) -> LedgerEntry {
        LedgerEntry(id: id, kind: kind, points: points, program: program, day: Self.monday, at: Self.morning.addingTimeInterval(offset), reason: "learning")
    }

    @Test("nothing saved: no record and the default settings", arguments: Backend.allCases)
    func empty(backend: Backend) throws {
        try withStore(backend) { store in
            let (record, settings) = try store.load()
            #expect(record == nil)
            #expect(settings == .defaults)
            #expect(try store.ledger(from: nil, limit: 10).isEmpty)
        }
    }

    @Test("a write saves record, settings, ledger and usage together; entries are replaced by id, newest first", arguments: Backend.allCases)
    func roundTrip(backend: Backend) throws {
        try withStore(backend) { store in
            var record = RewardsRecord(day: Self.monday)
            record.pointsToday = 30
            let settings = RewardsSettings(programs: [RewardProgram(name: "gcompris", category: .learning, rate: 15)], dailyCap: 300)
            let accrual = entry(30, at: 0)
            let session = UsageSession(id: UUID(), program: "gcompris", category: .learning, start: Self.morning, end: Self.morning.addingTimeInterval(120), activeSeconds: 120)
            try store.save(RewardsWrite(record: record, settings: settings, usage: [session], ledger: [accrual]))

            var grown = accrual
            grown.points = 60
            grown.at = Self.morning.addingTimeInterval(60)
            var longer = session
            longer.end = Self.morning.addingTimeInterval(240)
            longer.activeSeconds = 240
            let redemption = entry(-30, kind: .redemption, at: 120)
            try store.save(RewardsWrite(record: record, settings: settings, usage: [longer], ledger: [grown, redemption]))

            let (loaded, loadedSettings) = try store.load()
            #expect(loaded == record)
            #expect(loadedSettings == settings)
            #expect(try store.ledger(from: nil, limit: 10).map(\.points) == [-30, 60])
            #expect(try store.ledger(from: nil, limit: 1).map(\.points) == [-30])
            #expect(try store.ledger(from: Self.monday.adding(days: 1, in: Self.calendar), limit: 10).isEmpty)
            #expect(try store.usage(from: Self.monday, through: Self.monday) == [longer])
        }
    }

    @Test("a database write with invalid settings writes nothing")
    func invalidSettingsWriteNothing() throws {
        try withTemporaryDatabase { (database: AppDatabase) throws(any Error) in
            let store = GRDBRewardsStore(database, calendar: Self.calendar)
            let bad = RewardsSettings(programs: [
                RewardProgram(name: "gcompris", category: .learning), RewardProgram(name: "gcompris", category: .reward),
            ])
            #expect(throws: RewardsInputError.learningAndReward("gcompris")) {
                try store.save(RewardsWrite(record: RewardsRecord(day: Self.monday), settings: bad, ledger: [entry(10, at: 0)]))
            }
            #expect(try store.load().record == nil)
            #expect(try store.ledger(from: nil, limit: 10).isEmpty)
        }
    }

    @Test("the record and settings survive reopening the file")
    func reopened() throws {
        try withTemporaryDirectory { directory in
            let url = DataLocation.databaseURL(in: directory)
            var record = RewardsRecord(day: Self.monday)
            record.window = RewardWindow(openedAt: Self.morning, endsAt: Self.morning.addingTimeInterval(600))
            record.badges = ["first_steps": Self.morning]
            try GRDBRewardsStore(try AppDatabase.open(at: url), calendar: Self.calendar).save(RewardsWrite(record: record, settings: .defaults))
            let again = try GRDBRewardsStore(try AppDatabase.open(at: url), calendar: Self.calendar).load()
            #expect(again.record == record)
        }
    }
}
