import Foundation
import GRDB
import LockOutCore

/// The focus engine's state, as JSON in the single-row `focusRecord` table.
///
/// There is no "corrupt" case: a record that can't be read loads as nil,
/// so the engine starts stopped, with a fresh cycle, and the next save replaces the row.
public struct GRDBFocusRecordStore: FocusRecordStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The record kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    /// The saved record; nil when none was saved, or when the stored one can't be read.
    public func load() throws -> FocusRecord? {
        let json = try writer.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM focusRecord WHERE id = 1")
        }
        guard let json else { return nil }
        return try? JSONDecoder().decode(FocusRecord.self, from: Data(json.utf8))
    }

    /// Replaces the saved record.
    public func save(_ record: FocusRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Dates stay in the default encoding (seconds since 2001), which reads back bit for bit.
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        try writer.write { db in
            try db.execute(
                sql: "INSERT INTO focusRecord (id, json, updatedAt) VALUES (1, ?, ?)",
                arguments: [json, db.transactionDate.timeIntervalSince1970]
            )
        }
    }
}
