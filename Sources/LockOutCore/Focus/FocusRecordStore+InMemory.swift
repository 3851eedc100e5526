import Foundation

/// A `FocusRecordStore` in memory, for tests and previews; behaves like the database one.
public final class InMemoryFocusRecordStore: FocusRecordStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: FocusRecord?

    /// A store holding `record`, or nothing.
    public init(_ record: FocusRecord? = nil) {
        stored = record
    }

    public func load() -> FocusRecord? {
        lock.withLock { stored }
    }

    public func save(_ record: FocusRecord) {
        lock.withLock { stored = record }
    }
}

/// A `FocusSettingsStore` in memory, for tests and previews; validates like the database one.
public final class InMemoryFocusSettingsStore: FocusSettingsStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: FocusSettings

    /// A store holding `settings`.
    public init(_ settings: FocusSettings = .defaults) {
        stored = settings
    }

    public func load() -> FocusSettings {
        lock.withLock { stored }
    }

    public func save(_ settings: FocusSettings) throws {
        try settings.validate()
        lock.withLock { stored = settings }
    }
}
