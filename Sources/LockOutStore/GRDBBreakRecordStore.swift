import Foundation
import GRDB
import LockOutCore

/// The breaks engine's state, as JSON in the single-row `breakRecord` table.
public struct GRDBBreakRecordStore: BreakRecordStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The record kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    public func load() throws -> StoredBreakRecord? {
        let json = try writer.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM breakRecord WHERE id = 1")
        }
        guard let json else { return nil }
        // A record written by another version, or damaged, is reported so the engine can start afresh.
        guard let record = try? JSONDecoder().decode(BreakRecord.self, from: Data(json.utf8)) else {
            return .corrupt
        }
        return .valid(record)
    }

    public func save(_ record: BreakRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Dates stay in the default encoding (seconds since 2001), which reads back bit for bit.
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        try writer.write { db in
            try db.execute(
                sql: "INSERT INTO breakRecord (id, json, updatedAt) VALUES (1, ?, ?)",
                arguments: [json, db.transactionDate.timeIntervalSince1970]
            )
        }
    }
}
