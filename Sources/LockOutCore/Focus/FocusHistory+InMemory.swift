import Foundation

/// A `FocusHistory` in memory, for tests and previews; behaves like the database one.
public final class InMemoryFocusHistory: FocusHistory, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [FocusSessionID: FocusSessionRecord] = [:]

    /// A history holding `records` (a repeated id keeps the first).
    public init(_ records: [FocusSessionRecord] = []) {
        save(records)
    }

    /// Stores records whose id is new; see ``FocusHistory/save(_:)``.
    public func save(_ records: [FocusSessionRecord]) {
        lock.withLock {
            for record in records where stored[record.id] == nil {
                stored[record.id] = record
            }
        }
    }

    /// The records `query` admits, newest first.
    public func sessions(_ query: FocusHistoryQuery) -> [FocusSessionRecord] {
        lock.withLock { query.apply(Array(stored.values)) }
    }

    /// The record with `id`, or nil.
    public func session(_ id: FocusSessionID) -> FocusSessionRecord? {
        lock.withLock { stored[id] }
    }

    /// Deletes records of days before `day`; returns how many went.
    @discardableResult
    public func prune(before day: LocalDate) -> Int {
        lock.withLock {
            let old = stored.values.filter { $0.day < day }.map(\.id)
            for id in old { stored[id] = nil }
            return old.count
        }
    }
}
