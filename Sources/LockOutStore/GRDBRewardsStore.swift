import Foundation
import GRDB
import LockOutCore

extension AppDatabase {
    /// Rewards: the record and settings as JSON in single-row tables, the ledger and the usage sessions.
    static func createRewards(_ db: Database) throws {
        for table in ["rewardsRecord", "rewardsSettings"] {
            try db.create(table: table) { t in
                t.primaryKey("id", .integer, onConflict: .replace).check { $0 == 1 }
                t.column("json", .text).notNull()
                t.column("updatedAt", .double).notNull()
            }
        }
        let dayShape = "length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"
        try db.create(table: "rewardsLedger") { t in
            t.primaryKey("id", .text)
            t.column("kind", .text).notNull().check { ["accrual", "redemption", "adjustment"].contains($0) }
            t.column("points", .integer).notNull()
            t.column("program", .text)
            t.column("day", .text).notNull().check(sql: dayShape)
            t.column("at", .double).notNull().indexed()
            t.column("reason", .text).notNull()
        }
        try db.create(table: "usageSession") { t in
            t.primaryKey("id", .text)
            t.column("program", .text).notNull().check { length($0) > 0 }
            t.column("category", .text).notNull().check { ["learning", "reward", "none"].contains($0) }
            t.column("start", .double).notNull()
            t.column("end", .double).notNull()
            t.column("day", .text).notNull().check(sql: dayShape).indexed()
            t.column("activeSeconds", .integer).notNull().check { $0 >= 0 }
        }
    }
}

/// Rewards kept in the database: a transition's record, settings, ledger entries and usage sessions are
/// written in one transaction, so a kill never leaves a balance that disagrees with its ledger.
public struct GRDBRewardsStore: RewardsStore {
    private let writer: any DatabaseWriter
    private let calendar: Calendar

    /// The rewards kept in `database`; usage days are the local days of `calendar`.
    public init(_ database: AppDatabase, calendar: Calendar = .current) {
        writer = database.writer
        self.calendar = calendar
    }

    public func load() throws -> (record: RewardsRecord?, settings: RewardsSettings) {
        try writer.read { db in
            let record = try? Self.decode(RewardsRecord.self, from: "rewardsRecord", db)
            let settings = (try? Self.decode(RewardsSettings.self, from: "rewardsSettings", db)) ?? .defaults
            return (record, settings)
        }
    }

    public func save(_ write: RewardsWrite) throws {
        try write.settings.validate(protection: ShieldProtection(systemPrograms: [:]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try writer.write { db in
            for (table, json) in [("rewardsRecord", try encoder.encode(write.record)), ("rewardsSettings", try encoder.encode(write.settings))] {
                try db.execute(
                    sql: "INSERT INTO \(table) (id, json, updatedAt) VALUES (1, ?, ?)",
                    arguments: [String(decoding: json, as: UTF8.self), db.transactionDate.timeIntervalSince1970]
                )
            }
            let ledger = try db.cachedStatement(sql: """
                INSERT INTO rewardsLedger (id, kind, points, program, day, at, reason) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET points = excluded.points, at = excluded.at
                """)
            for entry in write.ledger {
                try ledger.execute(arguments: [
                    entry.id.uuidString, entry.kind.rawValue, entry.points, entry.program, entry.day.description,
                    entry.at.timeIntervalSince1970, entry.reason,
                ])
            }
            let usage = try db.cachedStatement(sql: """
                INSERT INTO usageSession (id, program, category, start, "end", day, activeSeconds) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET "end" = excluded."end", day = excluded.day, activeSeconds = excluded.activeSeconds
                """)
            for session in write.usage {
                try usage.execute(arguments: [
                    session.id.uuidString, session.program, session.category.rawValue, session.start.timeIntervalSince1970,
                    session.end.timeIntervalSince1970, session.day(in: calendar).description, session.activeSeconds,
                ])
            }
        }
    }

    public func ledger(from day: LocalDate?, limit: Int) throws -> [LedgerEntry] {
        try writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM rewardsLedger WHERE day >= ? ORDER BY at DESC, id DESC LIMIT ?",
                arguments: [day?.description ?? "0000-00-00", max(0, limit)]
            )
            return rows.compactMap { row in
                guard let id = UUID(uuidString: row["id"]), let kind = LedgerKind(rawValue: row["kind"]),
                      let day = LocalDate(iso: row["day"]) else { return nil }
                return LedgerEntry(
                    id: id, kind: kind, points: row["points"], program: row["program"], day: day,
                    at: Date(timeIntervalSince1970: row["at"]), reason: row["reason"]
                )
            }
        }
    }

    public func usage(from: LocalDate, through: LocalDate) throws -> [UsageSession] {
        try writer.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM usageSession WHERE day BETWEEN ? AND ? ORDER BY start",
                arguments: [from.description, through.description]
            )
            return rows.compactMap { row in
                guard let id = UUID(uuidString: row["id"]), let category = ProgramCategory(rawValue: row["category"]) else { return nil }
                return UsageSession(
                    id: id, program: row["program"], category: category, start: Date(timeIntervalSince1970: row["start"]),
                    end: Date(timeIntervalSince1970: row["end"]), activeSeconds: row["activeSeconds"]
                )
            }
        }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, from table: String, _ db: Database) throws -> Value? {
        guard let json = try String.fetchOne(db, sql: "SELECT json FROM \(table) WHERE id = 1") else { return nil }
        return try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
