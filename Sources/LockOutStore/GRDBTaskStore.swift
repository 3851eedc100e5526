import Foundation
import GRDB
import LockOutCore

/// Tasks and their reminder choices in the `task` table; `AUTOINCREMENT` keeps a deleted task's id from coming back.
public struct GRDBTaskStore: TaskStore {
    private let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The tasks kept in `database`.
    public init(_ database: AppDatabase) {
        self.init(database.writer)
    }

    public func add(title: String, due: TaskDue?, reminder: ReminderPreset?) throws -> TaskItem {
        // The id is a placeholder until SQLite gives the row its own.
        let draft = TaskItem(id: TaskID(rawValue: 0), title: title, due: due, reminder: reminder)
        guard !draft.title.isEmpty else { throw FocusDataError.emptyTaskTitle }
        return try writer.write { db in
            var arguments = Self.arguments(draft)
            arguments["id"] = nil
            try db.execute(
                sql: """
                    INSERT INTO task (title, dueDay, dueHour, dueMinute, reminderKind, reminderAt, isDone)
                    VALUES (:title, :dueDay, :dueHour, :dueMinute, :reminderKind, :reminderAt, :isDone)
                    """,
                arguments: StatementArguments(arguments)
            )
            return draft.withID(TaskID(rawValue: Int(db.lastInsertedRowID)))
        }
    }

    public func update(_ task: TaskItem) throws {
        try writer.write { db in
            guard try Self.fetch(task.id, db) != nil else { throw FocusDataError.unknownTask(task.id) }
            guard !task.title.isEmpty else { throw FocusDataError.emptyTaskTitle }
            try db.execute(
                sql: """
                    UPDATE task SET title = :title, dueDay = :dueDay, dueHour = :dueHour, dueMinute = :dueMinute,
                        reminderKind = :reminderKind, reminderAt = :reminderAt, isDone = :isDone
                    WHERE id = :id
                    """,
                arguments: StatementArguments(Self.arguments(task))
            )
        }
    }

    @discardableResult
    public func remove(_ id: TaskID) throws -> TaskItem {
        try writer.write { db in
            guard let task = try Self.fetch(id, db) else { throw FocusDataError.unknownTask(id) }
            try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [id.rawValue])
            return task
        }
    }

    public func task(_ id: TaskID) throws -> TaskItem? {
        try writer.read { db in try Self.fetch(id, db) }
    }

    public func all() throws -> [TaskItem] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM task ORDER BY id").map(Self.task)
        }
    }

    private static let columns = "id, title, dueDay, dueHour, dueMinute, reminderKind, reminderAt, isDone"

    private static func fetch(_ id: TaskID, _ db: Database) throws -> TaskItem? {
        try Row.fetchOne(db, sql: "SELECT \(columns) FROM task WHERE id = ?", arguments: [id.rawValue]).map(task)
    }

    /// The row's values: the due date as day, hour and minute; the reminder as its kind and, when exact,
    /// its moment in seconds since 1970.
    private static func arguments(_ task: TaskItem) -> [String: (any DatabaseValueConvertible)?] {
        let reminderKind: String?
        let reminderAt: Double?
        switch task.reminder {
        case nil: (reminderKind, reminderAt) = (nil, nil)
        case .hourBefore: (reminderKind, reminderAt) = ("hourBefore", nil)
        case .morningOf: (reminderKind, reminderAt) = ("morningOf", nil)
        case .dayBefore: (reminderKind, reminderAt) = ("dayBefore", nil)
        case .exact(let date): (reminderKind, reminderAt) = ("exact", date.timeIntervalSince1970)
        }
        return [
            "id": task.id.rawValue,
            "title": task.title,
            "dueDay": task.due?.day,
            "dueHour": task.due?.time?.hour,
            "dueMinute": task.due?.time?.minute,
            "reminderKind": reminderKind,
            "reminderAt": reminderAt,
            "isDone": task.isDone,
        ]
    }

    private static func task(_ row: Row) throws -> TaskItem {
        let dueDay: LocalDate? = try row.decode(forColumn: "dueDay")
        let dueHour: Int? = try row.decode(forColumn: "dueHour")
        let dueMinute: Int? = try row.decode(forColumn: "dueMinute")
        let time = dueHour.flatMap { hour in dueMinute.flatMap { TaskDue.TimeOfDay(hour: hour, minute: $0) } }
        let reminderKind: String? = try row.decode(forColumn: "reminderKind")
        let reminder: ReminderPreset?
        switch reminderKind {
        case nil: reminder = nil
        case "hourBefore": reminder = .hourBefore
        case "morningOf": reminder = .morningOf
        case "dayBefore": reminder = .dayBefore
        case "exact": reminder = .exact(Date(timeIntervalSince1970: try row.decode(forColumn: "reminderAt")))
        case let other?: throw FocusStoreError.unreadableValue(column: "reminderKind", text: other)
        }
        return TaskItem(
            id: TaskID(rawValue: try row.decode(forColumn: "id")),
            title: try row.decode(forColumn: "title"),
            due: dueDay.map { TaskDue(day: $0, time: time) },
            reminder: reminder,
            isDone: try row.decode(forColumn: "isDone")
        )
    }
}

extension TaskItem {
    fileprivate func withID(_ id: TaskID) -> TaskItem {
        TaskItem(id: id, title: title, due: due, reminder: reminder, isDone: isDone)
    }
}
