import Foundation

/// A `BreakRecordStore` in memory, for tests and previews; behaves like the database one.
public final class InMemoryBreakRecordStore: BreakRecordStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: StoredBreakRecord?

    /// A store holding `record`, or nothing.
    public init(_ record: BreakRecord? = nil) {
        stored = record.map(StoredBreakRecord.valid)
    }

    /// A store whose content can't be read, as after a damaged file or a format change,
    /// until the next save.
    public init(corrupt: Bool) {
        stored = corrupt ? .corrupt : nil
    }

    public func load() -> StoredBreakRecord? {
        lock.withLock { stored }
    }

    public func save(_ record: BreakRecord) {
        lock.withLock { stored = .valid(record) }
    }
}
