import Foundation

/// A `SettingsStore` in memory, for tests and previews; behaves like the database one.
public final class InMemorySettingsStore: SettingsStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: BreakSettings?

    /// A store holding `settings`, or nothing (so `load()` gives the defaults).
    public init(_ settings: BreakSettings? = nil) {
        stored = settings
    }

    public func load() -> BreakSettings {
        lock.withLock { stored ?? .defaults }
    }

    /// Throws `BreakInputError` and keeps what was stored when `settings` are invalid.
    public func save(_ settings: BreakSettings) throws {
        try settings.validate()
        lock.withLock { stored = settings }
    }
}
