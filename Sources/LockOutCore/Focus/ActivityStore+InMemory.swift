import Foundation

/// An `ActivityStore` in memory, for tests and previews; behaves like the database one.
public final class InMemoryActivityStore: ActivityStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ActivityID: Activity] = [:]

    /// A store holding `activities`; a name that repeats (ignoring case) keeps the first.
    public init(_ activities: [Activity] = []) {
        for activity in activities { try? add(activity) }
    }

    /// Adds `activity` after checking its name; see ``ActivityStore/add(_:)``.
    public func add(_ activity: Activity) throws(FocusDataError) {
        let name = try ActivityName.validated(activity.name)
        try locked { () throws(FocusDataError) in
            guard find(name) == nil else { throw .duplicateActivity(name) }
            stored[activity.id] = activity
        }
    }

    /// Renames, keeping the id; see ``ActivityStore/rename(_:to:)``.
    public func rename(_ name: String, to newName: String) throws(FocusDataError) {
        let valid = try ActivityName.validated(newName)
        try change { () throws(FocusDataError) -> Activity in
            let current = try self.existing(name)
            // Renaming to another spelling of its own name is allowed; taking another's name is not.
            if let other = self.find(valid), other.id != current.id { throw .duplicateActivity(valid) }
            return current.renamed(valid)
        }
    }

    /// Pins or unpins; see ``ActivityStore/setPinned(_:name:)``.
    public func setPinned(_ pinned: Bool, name: String) throws(FocusDataError) {
        try change { () throws(FocusDataError) in try self.existing(name).pinned(pinned) }
    }

    /// Replaces the notes; see ``ActivityStore/setNotes(_:name:)``.
    public func setNotes(_ notes: String, name: String) throws(FocusDataError) {
        try change { () throws(FocusDataError) in try self.existing(name).noted(notes) }
    }

    /// Deletes and returns the activity; see ``ActivityStore/remove(_:)``.
    @discardableResult
    public func remove(_ name: String) throws(FocusDataError) -> Activity {
        try locked { () throws(FocusDataError) -> Activity in
            let activity = try existing(name)
            stored[activity.id] = nil
            return activity
        }
    }

    /// The activity called `name`, ignoring case.
    public func activity(named name: String) -> Activity? {
        lock.withLock { find(name) }
    }

    /// Every activity, pinned first, then by name.
    public func all() -> [Activity] {
        lock.withLock { ActivityListing.ordered(Array(stored.values)) }
    }

    /// Runs `update` under the lock and stores what it returns; call only from outside the lock.
    private func change(_ update: () throws(FocusDataError) -> Activity) throws(FocusDataError) {
        try locked { () throws(FocusDataError) in
            let updated = try update()
            stored[updated.id] = updated
        }
    }

    private func existing(_ name: String) throws(FocusDataError) -> Activity {
        guard let activity = find(name) else { throw .unknownActivity(ActivityName.trimmed(name)) }
        return activity
    }

    private func find(_ name: String) -> Activity? {
        let key = ActivityName.key(name)
        return stored.values.first { ActivityName.key($0.name) == key }
    }

    /// Runs `body` holding the lock; `NSLock.withLock` on Linux does not keep the typed error.
    private func locked<T>(_ body: () throws(FocusDataError) -> T) throws(FocusDataError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
