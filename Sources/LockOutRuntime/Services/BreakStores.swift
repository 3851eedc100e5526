import Foundation
import LockOutCore

/// The three stores the breaks cycle persists to.
public struct BreakStores: Sendable {
    public let history: any BreakHistory
    public let settings: any SettingsStore
    public let record: any BreakRecordStore

    public init(history: any BreakHistory, settings: any SettingsStore, record: any BreakRecordStore) {
        self.history = history
        self.settings = settings
        self.record = record
    }
}
