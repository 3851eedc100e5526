import Foundation

/// The family sync section of the Settings screen: whether the device is in a family, where sync stands in
/// words, the figures behind it, and whether Sync Now may be pressed.
public struct FamilySyncSection: Codable, Equatable, Sendable {
    /// One figure, like "Last sync" and "09:41".
    public struct Row: Codable, Equatable, Sendable {
        public let title: String
        public let value: String
    }

    /// Whether the device is in a family.
    public let isMember: Bool
    /// "Up to date", "Waiting to sync", "Syncing", "Error — reason, tries again at 09:45", or "Not in a family".
    public let state: String
    /// Server, state, last sync, queued and failed; empty outside a family.
    public let rows: [Row]
    /// Sync Now does something: the device is in a family and no round is under way.
    public let canSyncNow: Bool

    /// The section for `status` at `now`, times read in `calendar`.
    public init(status: FamilySyncStatus, now: Date, calendar: Calendar) {
        guard status.family != nil, let server = status.server else {
            isMember = false
            state = "Not in a family"
            rows = []
            canSyncNow = false
            return
        }
        isMember = true
        state = switch status.activity {
        case .error(let reason):
            "Error — \(reason)" + (status.nextAttempt.map { ", tries again at \(LocalTimeText.text($0, now: now, calendar: calendar))" } ?? "")
        case .syncing: "Syncing"
        case .idle, .synced: status.queued > 0 ? "Waiting to sync" : "Up to date"
        }
        rows = [
            Row(title: "Server", value: server.absoluteString),
            Row(title: "State", value: state),
            Row(title: "Last sync", value: status.lastSync.map { LocalTimeText.text($0, now: now, calendar: calendar) } ?? "never"),
            Row(title: "Queued", value: String(status.queued)),
            Row(title: "Failed", value: String(status.failed)),
        ]
        canSyncNow = status.activity != .syncing
    }
}
