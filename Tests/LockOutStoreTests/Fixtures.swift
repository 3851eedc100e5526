import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// The implementations the shared contract suite runs against.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case inMemory
    case sqliteFile

    var testDescription: String { rawValue }
}

/// One backend's stores, as the engine sees them.
struct Stores {
    let history: any BreakHistory
    let settings: any SettingsStore
    let records: any BreakRecordStore
}

extension Backend {
    /// Runs `body` with fresh stores; a SQLite file lives in a temporary directory removed afterwards.
    func withStores(corruptRecord: Bool = false, _ body: (Stores) throws -> Void) throws {
        switch self {
        case .inMemory:
            try body(Stores(
                history: InMemoryBreakHistory(),
                settings: InMemorySettingsStore(),
                records: InMemoryBreakRecordStore(corrupt: corruptRecord)
            ))
        case .sqliteFile:
            try withTemporaryDatabase { database in
                if corruptRecord {
                    try database.writer.write { db in
                        try db.execute(sql: """
                            INSERT INTO breakRecord (id, json, updatedAt) VALUES (1, '{"state":"banana"}', 0)
                            """)
                    }
                }
                try body(Stores(
                    history: database.breakHistory,
                    settings: database.settingsStore,
                    records: database.breakRecordStore
                ))
            }
        }
    }
}

/// Runs `body` with a database file in a fresh temporary directory, removed afterwards.
func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("lockout-store-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
}

/// Runs `body` with a database opened on a file in a fresh temporary directory.
func withTemporaryDatabase(_ body: (AppDatabase) throws -> Void) throws {
    try withTemporaryDirectory { directory in
        try body(AppDatabase.open(at: DataLocation.databaseURL(in: directory)))
    }
}

/// Fixed dates and a calendar that doesn't depend on the machine running the tests.
enum Fixed {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    /// 2023-11-14 23:13:20 in Berlin.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func day(_ iso: String) -> LocalDate {
        guard let date = LocalDate(iso: iso) else { preconditionFailure("bad fixture day \(iso)") }
        return date
    }

    /// Writes `sessions` as a version from before sessions kept their time zone did: without `timeZone`.
    static func saveAsBeforeTimeZones(_ sessions: [BreakSession], to writer: any DatabaseWriter) throws {
        try writer.write { db in
            for session in sessions {
                try db.execute(sql: """
                    INSERT INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [
                        session.id, session.kind, session.dueAt.timeIntervalSince1970, session.endedAt.timeIntervalSince1970,
                        session.outcome, session.snoozeCount, session.day,
                    ])
            }
        }
    }

    /// A session ending at noon (Berlin) on `iso`, due `snoozeCount` five-minute snoozes earlier.
    static func session(
        on iso: String,
        _ outcome: BreakOutcome = .completed,
        kind: BreakKind = .eye,
        minute: Int = 0,
        snoozeCount: Int = 0,
        id: UUID = UUID(),
        natural: Bool = false
    ) -> BreakSession {
        let day = day(iso)
        let noon = day.start(in: calendar).addingTimeInterval(12 * 3600 + TimeInterval(minute * 60))
        return BreakSession(
            id: BreakSessionID(rawValue: id),
            kind: kind,
            dueAt: noon.addingTimeInterval(-TimeInterval(snoozeCount * 300) - 0.25),
            endedAt: noon,
            outcome: outcome,
            snoozeCount: snoozeCount,
            day: day,
            timeZone: calendar.timeZone,
            natural: natural
        )
    }
}
