import Foundation
import LockOutCore

/// Fixed times, a pinned calendar, programs and small readers of effects, shared by the rewards tests.
/// Only the public API is used: these tests read the rules as the agent and the pages do.
enum RewardsFixture {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// A Berlin wall-clock time.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// Tuesday 2026-05-12 16:00 in Berlin.
    static let t0 = at(2026, 5, 12, 16)
    static let day0 = LocalDate(year: 2026, month: 5, day: 12)

    static func at(minutes: Double, from start: Date = t0) -> Date {
        start.addingTimeInterval(minutes * 60)
    }

    /// Two learning programs (tuxmath at 20 points a minute) and one reward program.
    static let settings = RewardsSettings(programs: [
        RewardProgram(name: "gcompris", category: .learning),
        RewardProgram(name: "supertux", category: .reward),
        RewardProgram(name: "tuxmath", category: .learning, rate: 20),
    ])

    static func engine(
        settings: RewardsSettings = settings,
        day: LocalDate = day0,
        configure: (inout RewardsRecord) -> Void = { _ in }
    ) -> RewardsEngine {
        var record = RewardsRecord(day: day)
        configure(&record)
        return RewardsEngine(record: record, settings: settings, calendar: berlin)
    }

    /// A usage record of `program` ending at `end`, active `activeSeconds` (the whole stretch by default).
    static func usage(
        _ program: String, _ category: ProgramCategory = .learning, end: Date, seconds: Int, activeSeconds: Int? = nil, id: UUID = UUID()
    ) -> UsageSession {
        UsageSession(
            id: id, program: program, category: category, start: end.addingTimeInterval(-TimeInterval(seconds)), end: end,
            activeSeconds: activeSeconds ?? seconds
        )
    }

    /// Records `minutes` of active use of `program` ending at `end`, as one new usage record.
    @discardableResult
    static func learn(
        _ engine: inout RewardsEngine, _ program: String, minutes: Int, end: Date, category: ProgramCategory = .learning
    ) -> [RewardsEffect] {
        engine.recordUsage(usage(program, category, end: end, seconds: minutes * 60), now: end, newID: UUID.init)
    }

    static func posts(_ effects: [RewardsEffect]) -> [LedgerEntry] {
        effects.compactMap { if case .post(let entry) = $0 { entry } else { nil } }
    }

    static func notifications(_ effects: [RewardsEffect]) -> [NotificationRequest] {
        effects.compactMap { if case .notify(let request) = $0 { request } else { nil } }
    }

    static func shields(_ effects: [RewardsEffect]) -> [[String]] {
        effects.compactMap { if case .shield(let programs) = $0 { programs } else { nil } }
    }

    static func withdrawals(_ effects: [RewardsEffect]) -> [String] {
        effects.compactMap { if case .withdraw(let id) = $0 { id } else { nil } }
    }

    static func celebrations(_ effects: [RewardsEffect]) -> [String] {
        effects.compactMap { if case .celebrate(let text) = $0 { text } else { nil } }
    }

    /// `program:points` for each part of a draw, `-` for the unattributed balance.
    static func parts(_ draw: [(program: String?, points: Int)]?) -> [String]? {
        draw?.map { "\($0.program ?? "-"):\($0.points)" }
    }

    /// `program:points` for each ledger entry, `-` for the unattributed balance.
    static func parts(_ entries: [LedgerEntry]) -> [String] {
        entries.map { "\($0.program ?? "-"):\($0.points)" }
    }

    /// Balances made of one adjustment per program (nil: unattributed).
    static func balances(_ points: [(String?, Int)]) -> PointBalances {
        PointBalances(entries: points.map { program, value in
            LedgerEntry(id: UUID(), kind: .adjustment, points: value, program: program, day: day0, at: t0, reason: "test")
        })
    }
}
