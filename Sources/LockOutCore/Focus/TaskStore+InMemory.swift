import Foundation

/// A `TaskStore` in memory, for tests and previews; behaves like the database one.
public final class InMemoryTaskStore: TaskStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [TaskID: TaskItem] = [:]
    private var lastID = 0

    /// A store holding `tasks`; new tasks get ids after the largest one (ids are never reused).
    public init(_ tasks: [TaskItem] = []) {
        for task in tasks {
            stored[task.id] = task
            lastID = max(lastID, task.id.rawValue)
        }
    }

    /// Stores a new task under the next id; see ``TaskStore/add(title:due:reminder:)``.
    public func add(title: String, due: TaskDue?, reminder: ReminderPreset?) throws(FocusDataError) -> TaskItem {
        try locked { () throws(FocusDataError) -> TaskItem in
            let task = TaskItem(id: TaskID(rawValue: lastID + 1), title: title, due: due, reminder: reminder)
            guard !task.title.isEmpty else { throw .emptyTaskTitle }
            lastID += 1
            stored[task.id] = task
            return task
        }
    }

    /// Replaces the stored task; see ``TaskStore/update(_:)``.
    public func update(_ task: TaskItem) throws(FocusDataError) {
        try locked { () throws(FocusDataError) in
            guard stored[task.id] != nil else { throw .unknownTask(task.id) }
            guard !task.title.isEmpty else { throw .emptyTaskTitle }
            stored[task.id] = task
        }
    }

    /// Deletes and returns the task; see ``TaskStore/remove(_:)``.
    @discardableResult
    public func remove(_ id: TaskID) throws(FocusDataError) -> TaskItem {
        try locked { () throws(FocusDataError) -> TaskItem in
            guard let task = stored.removeValue(forKey: id) else { throw .unknownTask(id) }
            return task
        }
    }

    /// The task with `id`, or nil.
    public func task(_ id: TaskID) -> TaskItem? {
        lock.withLock { stored[id] }
    }

    /// Every task, by id.
    public func all() -> [TaskItem] {
        lock.withLock { stored.values.sorted { $0.id < $1.id } }
    }

    /// Runs `body` holding the lock; `NSLock.withLock` on Linux does not keep the typed error.
    private func locked<T>(_ body: () throws(FocusDataError) -> T) throws(FocusDataError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
