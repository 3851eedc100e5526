import Foundation
import GRDB
import LockOutCore

/// The health gate's record and settings, each as JSON in its single-row table, and its log.
///
/// A record that can't be read loads as nil (the gate starts afresh, closed); settings that can't be
/// read load as the defaults — a damaged file never unlocks more than the defaults do. Settings (and a
/// held edit in the record) are clamped into their ranges when read, and written back corrected.
public struct GRDBGateStore: GateStore {
    private let writer: any DatabaseWriter
    private let corrections: SettingCorrections

    init(_ writer: any DatabaseWriter, corrections: SettingCorrections = .unheard) {
        self.writer = writer
        self.corrections = corrections
    }

    /// The gate kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer, corrections: database.corrections)
    }

    public func loadRecord() throws -> GateRecord? {
        try corrections.read(writer, Self.record) { record, db in
            if let record { try Self.save(record, to: "gateRecord", db) }
        }
    }

    public func saveRecord(_ record: GateRecord) throws {
        try writer.write { db in try Self.save(record, to: "gateRecord", db) }
    }

    public func loadSettings() throws -> GateSettings {
        try corrections.read(writer, Self.settings) { settings, db in try Self.save(settings, to: "gateSettings", db) }
    }

    /// Throws `GateInputError` for invalid settings and writes nothing.
    public func saveSettings(_ settings: GateSettings) throws {
        try settings.validate()
        try writer.write { db in try Self.save(settings, to: "gateSettings", db) }
    }

    public func appendLog(_ entries: [GateLogEntry]) throws {
        try writer.write { db in try Self.append(entries, db) }
    }

    /// Entries whose event can't be read (written by a newer version) are left out.
    public func log(from start: Date) throws -> [GateLogEntry] {
        let rows = try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT at, json FROM gateLog WHERE at >= ? ORDER BY at, id", arguments: [start.timeIntervalSince1970])
        }
        let decoder = JSONDecoder()
        return rows.compactMap { row in
            let json: String = row["json"]
            guard let event = try? decoder.decode(GateLogEvent.self, from: Data(json.utf8)) else { return nil }
            return GateLogEntry(at: Date(timeIntervalSince1970: row["at"]), event: event)
        }
    }

    /// One write transaction: settings and record are read, changed, and written back only where they changed.
    public func update<Outcome>(_ change: (inout GateStoreContents) throws -> Outcome) throws -> Outcome {
        let (outcome, found) = try writer.write { db in
            let (settings, settingsCorrections) = try Self.settings(db)
            let (record, recordCorrections) = try Self.record(db)
            let stored = GateStoreContents(settings: settings, record: record)
            var contents = stored
            let outcome = try change(&contents)
            if contents.settings != stored.settings || !settingsCorrections.isEmpty {
                try contents.settings.validate()
                try Self.save(contents.settings, to: "gateSettings", db)
            }
            if let record = contents.record, record != stored.record || !recordCorrections.isEmpty {
                try Self.save(record, to: "gateRecord", db)
            }
            try Self.append(contents.newLogEntries, db)
            return (outcome, settingsCorrections + recordCorrections)
        }
        if !found.isEmpty { corrections.report(found) }
        return outcome
    }

    /// The stored record with its held edit clamped, and what had to change.
    private static func record(_ db: Database) throws -> (GateRecord?, [SettingCorrection]) {
        guard let record = try load(GateRecord.self, from: "gateRecord", db) else { return (nil, []) }
        return record.clamped()
    }

    /// The stored settings (the defaults when none) clamped, and what had to change.
    private static func settings(_ db: Database) throws -> (GateSettings, [SettingCorrection]) {
        (try load(GateSettings.self, from: "gateSettings", db) ?? .defaults).clamped()
    }

    private static func append(_ entries: [GateLogEntry], _ db: Database) throws {
        guard let newest = entries.map(\.at).max() else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for entry in entries {
            let json = String(decoding: try encoder.encode(entry.event), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO gateLog (at, event, json) VALUES (?, ?, ?)",
                arguments: [entry.at.timeIntervalSince1970, entry.event.name, json]
            )
        }
        let cutoff = newest.addingTimeInterval(-GateLogEntry.kept).timeIntervalSince1970
        try db.execute(sql: "DELETE FROM gateLog WHERE at < ?", arguments: [cutoff])
    }

    private static func load<Value: Decodable>(_ type: Value.Type, from table: String, _ db: Database) throws -> Value? {
        guard let json = try String.fetchOne(db, sql: "SELECT json FROM \(table) WHERE id = 1") else { return nil }
        return try? JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private static func save(_ value: some Encodable, to table: String, _ db: Database) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO \(table) (id, json, updatedAt) VALUES (1, ?, ?)",
            arguments: [json, db.transactionDate.timeIntervalSince1970]
        )
    }
}

/// Daily health totals: manual entries, and what each import source brought per day.
public struct GRDBHealthTotalsStore: HealthTotalsStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The totals kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    public func addManual(_ value: Double, to metric: HealthMetric, on day: LocalDate) throws -> HealthTotals {
        try metric.check(value)
        return try writer.write { db in
            let current = try Double.fetchOne(
                db, sql: "SELECT value FROM healthManual WHERE day = ? AND metric = ?",
                arguments: [day.description, metric.rawValue]
            ) ?? 0
            try metric.check(current + value)
            try Self.setManual(current + value, metric, day, db)
            return try Self.totals(day, db)
        }
    }

    public func setManual(_ value: Double, for metric: HealthMetric, on day: LocalDate) throws -> HealthTotals {
        try metric.check(value)
        return try writer.write { db in
            try Self.setManual(value, metric, day, db)
            return try Self.totals(day, db)
        }
    }

    public func replaceImported(_ totals: [HealthTotals], source: String) throws {
        try writer.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO healthImported (source, day, metric, value) VALUES (?, ?, ?, ?)
                ON CONFLICT (source, day, metric) DO UPDATE SET value = excluded.value
                """)
            for day in totals {
                // A day imported again replaces what this source had for it, metric by metric.
                try db.execute(
                    sql: "DELETE FROM healthImported WHERE source = ? AND day = ?",
                    arguments: [source, day.day.description]
                )
                for metric in HealthMetric.allCases {
                    let value = day[metric]
                    guard value.isFinite, value > 0 else { continue }
                    try statement.execute(arguments: [source, day.day.description, metric.rawValue, value])
                }
            }
        }
    }

    public func totals(for day: LocalDate) throws -> HealthTotals {
        try writer.read { db in try Self.totals(day, db) }
    }

    private static func setManual(_ value: Double, _ metric: HealthMetric, _ day: LocalDate, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO healthManual (day, metric, value) VALUES (?, ?, ?)
                ON CONFLICT (day, metric) DO UPDATE SET value = excluded.value
                """,
            arguments: [day.description, metric.rawValue, value]
        )
    }

    private static func totals(_ day: LocalDate, _ db: Database) throws -> HealthTotals {
        var totals = HealthTotals(day: day)
        let rows = try Row.fetchAll(db, sql: """
            SELECT metric, SUM(value) AS value FROM (
                SELECT metric, value FROM healthManual WHERE day = ?
                UNION ALL
                SELECT metric, value FROM healthImported WHERE day = ?
            ) GROUP BY metric
            """, arguments: [day.description, day.description])
        for row in rows {
            guard let metric = HealthMetric(rawValue: row["metric"]) else { continue }
            totals[metric] = row["value"]
        }
        return totals
    }
}
