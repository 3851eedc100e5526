import Foundation
import GRDB
import LockOutAgent
import LockOutCore
import LockOutStore
import LockOutRuntime

/// Times the statistics path in process over a large history: the reports `lockout stats` prints
/// and the CSV `lockout export csv` writes, then the parts they are made of.
struct StatsBench {
    /// Now, unless `LOCKOUT_NOW` says otherwise: the same value `stats.sh` gives the `lockout` process.
    static let defaultNow = "2026-11-22T12:00:00Z"

    let options: StatsBenchOptions
    private let clock = ContinuousClock()

    init(options: StatsBenchOptions) {
        self.options = options
    }

    func run() throws {
        let nowText = ProcessInfo.processInfo.environment["LOCKOUT_NOW"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultNow
        guard let now = ISO8601DateFormatter().date(from: nowText) else {
            throw BenchError.badNow(nowText)
        }
        // The time zone `lockout` uses too: the process's own.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let fixture = HistoryFixture(
            sessions: options.sessions, days: options.years * 365,
            today: LocalDate(now, in: calendar), calendar: calendar
        )
        try prepare(fixture)

        let database = try AppDatabase.open(at: options.database)
        let history = database.breakHistory
        let query = StatsQuery(history: history, calendar: calendar)
        let today = fixture.today
        let allDays = try query.allDays(now: now)
        let month = try query.report(range: .month, now: now)
        print("history: \(allDays.reduce(0) { $0 + $1.total }) sessions on \(allDays.count) days,"
            + " \(allDays.first?.date.description ?? "-") to \(today); streak \(month.summary.streak) days;"
            + " now \(nowText), time zone \(calendar.timeZone.identifier)")
        print("runs: 1 warm-up, then \(options.runs) timed; times in ms\n")

        var checksum = 0
        var timings: [Timing] = []
        for range in StatsRange.allCases {
            timings.append(try Timing.measure("StatsQuery.report(\(range.days) days)", runs: options.runs) {
                checksum &+= try query.report(range: range, now: now).summary.total
            })
        }
        timings.append(try Timing.measure("CSVExport.dailyCSV(StatsQuery.allDays)", runs: options.runs) {
            checksum &+= CSVExport.dailyCSV(try query.allDays(now: now)).utf8.count
        })
        print(Timing.header)
        timings.forEach { print($0.line) }

        let lookBack = today.adding(days: -StatsQuery.lookBackDays, in: calendar)
        let parts = [
            try Timing.measure("  BreakHistory.today (latest day of the last 50 h)", runs: options.runs) {
                checksum &+= try history.today(now: now, calendar: calendar).day
            },
            try Timing.measure("  BreakHistory.dayStats(\(StatsQuery.lookBackDays) days)", runs: options.runs) {
                checksum &+= try history.dayStats(from: lookBack, through: today).count
            },
            Timing.measure("  StatsReport.init(30 days, streak)", runs: options.runs) {
                checksum &+= StatsReport(range: .month, stats: allDays, today: today, calendar: calendar).summary.streak
            },
            Timing.measure("  CSVExport.dailyCSV", runs: options.runs) {
                checksum &+= CSVExport.dailyCSV(allDays).utf8.count
            },
        ]
        print("where the time goes:")
        parts.forEach { print($0.line) }
        print("\n(checksum \(checksum))")
    }

    /// Reuses the file when it already holds the history, else writes it afresh.
    private func prepare(_ fixture: HistoryFixture) throws {
        let path = options.database.path
        if FileManager.default.fileExists(atPath: path) {
            let stored = try {
                let pool = try DatabasePool(path: path)
                // Opening migrates: on a file written by an older schema this times the new migrations.
                let opened = try clock.measure { _ = try AppDatabase(pool) }
                print("opened \(path) and migrated it in \(Timing.text(opened))")
                return try fixture.isStored(in: pool)
            }()
            if stored {
                print("reusing it: it holds \(fixture.sessions) sessions over \(fixture.days) days")
                return
            }
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        try FileManager.default.createDirectory(
            at: options.database.deletingLastPathComponent(), withIntermediateDirectories: true
        )
        var configuration = Configuration()
        // Keeps the one big write in memory: the page cache holds the random-id index, and the statement
        // journal the triggers give each insert stays out of a temporary file (it halves the time).
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        _ = try AppDatabase(pool)
        let written = try clock.measure { try fixture.write(to: pool) }
        print("wrote \(fixture.sessions) sessions over \(fixture.days) days to \(path) in \(Timing.text(written))")
    }
}

/// What stopped the benchmark.
enum BenchError: Error, CustomStringConvertible {
    case badNow(String)

    var description: String {
        switch self {
        case .badNow(let text): "LOCKOUT_NOW is not an ISO-8601 date and time: '\(text)'"
        }
    }
}
