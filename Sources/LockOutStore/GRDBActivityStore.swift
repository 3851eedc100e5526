import Foundation
import GRDB
import LockOutCore

/// Activities in the `activity` table, unique by `ActivityName.key` in the `nameKey` column.
public struct GRDBActivityStore: ActivityStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The activities kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    /// Adds `activity`; an activity with the same id and a free name is replaced, as in memory.
    public func add(_ activity: Activity) throws {
        let name = try ActivityName.validated(activity.name)
        try writeMappingDuplicate(name) { db in
            guard try Self.find(name, db) == nil else { throw FocusDataError.duplicateActivity(name) }
            try db.execute(
                sql: """
                    INSERT INTO activity (id, name, nameKey, collection, isPinned, notes)
                    VALUES (:id, :name, :nameKey, :collection, :isPinned, :notes)
                    ON CONFLICT (id) DO UPDATE SET
                        name = excluded.name, nameKey = excluded.nameKey, collection = excluded.collection,
                        isPinned = excluded.isPinned, notes = excluded.notes
                    """,
                arguments: [
                    "id": activity.id.rawValue.uuidString,
                    "name": name,
                    "nameKey": ActivityName.key(name),
                    "collection": activity.collection,
                    "isPinned": activity.isPinned,
                    "notes": activity.notes,
                ]
            )
        }
    }

    public func rename(_ name: String, to newName: String) throws {
        let valid = try ActivityName.validated(newName)
        try writeMappingDuplicate(valid) { db in
            let current = try Self.existing(name, db)
            // Another spelling of its own name is allowed; another activity's name is not.
            if let other = try Self.find(valid, db), other.id != current.id {
                throw FocusDataError.duplicateActivity(valid)
            }
            try db.execute(
                sql: "UPDATE activity SET name = ?, nameKey = ? WHERE id = ?",
                arguments: [valid, ActivityName.key(valid), current.id.rawValue.uuidString]
            )
        }
    }

    public func setPinned(_ pinned: Bool, name: String) throws {
        try update(name, sql: "UPDATE activity SET isPinned = ? WHERE nameKey = ?", value: pinned)
    }

    public func setNotes(_ notes: String, name: String) throws {
        try update(name, sql: "UPDATE activity SET notes = ? WHERE nameKey = ?", value: notes)
    }

    @discardableResult
    public func remove(_ name: String) throws -> Activity {
        try writer.write { db in
            let activity = try Self.existing(name, db)
            try db.execute(sql: "DELETE FROM activity WHERE id = ?", arguments: [activity.id.rawValue.uuidString])
            return activity
        }
    }

    public func activity(named name: String) throws -> Activity? {
        try writer.read { db in try Self.find(name, db) }
    }

    /// Every activity; ordered in Swift, since SQLite can't fold accents the way listings compare names.
    public func all() throws -> [Activity] {
        let activities = try writer.read { db in
            try Self.activities(db, sql: "SELECT \(Self.columns) FROM activity")
        }
        return ActivityListing.ordered(activities)
    }

    private func update(_ name: String, sql: String, value: some DatabaseValueConvertible) throws {
        try writer.write { db in
            try db.execute(sql: sql, arguments: [value, ActivityName.key(name)])
            guard db.changesCount > 0 else { throw FocusDataError.unknownActivity(ActivityName.trimmed(name)) }
        }
    }

    /// Writes in one transaction; a UNIQUE violation of `nameKey`, from another connection racing this
    /// one, reads as the duplicate it is.
    private func writeMappingDuplicate(_ name: String, _ body: (Database) throws -> Void) throws {
        do {
            try writer.write(body)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw FocusDataError.duplicateActivity(name)
        }
    }

    private static let columns = "id, name, collection, isPinned, notes"

    private static func find(_ name: String, _ db: Database) throws -> Activity? {
        try activities(db, sql: "SELECT \(columns) FROM activity WHERE nameKey = ?", arguments: [ActivityName.key(name)]).first
    }

    private static func existing(_ name: String, _ db: Database) throws -> Activity {
        guard let activity = try find(name, db) else { throw FocusDataError.unknownActivity(ActivityName.trimmed(name)) }
        return activity
    }

    private static func activities(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Activity] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            // GRDB reads a UUID from its text as well as from a blob.
            Activity(
                id: ActivityID(rawValue: try row.decode(forColumn: "id")),
                name: try row.decode(forColumn: "name"),
                collection: try row.decode(forColumn: "collection"),
                isPinned: try row.decode(forColumn: "isPinned"),
                notes: try row.decode(forColumn: "notes")
            )
        }
    }
}
