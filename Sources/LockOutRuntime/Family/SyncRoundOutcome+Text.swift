import Foundation
import LockOutCore

extension SyncRoundOutcome {
    /// What a Sync Now button reports: "Synced.", "Sync waits: … It tries again on its own." and so on.
    public var text: String {
        switch self {
        case .synced(let applied): applied == 0 ? "Synced." : "Synced: \(applied) change\(applied == 1 ? "" : "s") from the family applied."
        case .waiting(let reason, _): "Sync waits: \(reason). It tries again on its own."
        case .refused(let reason): "The family server refused: \(reason)."
        case .notMember: "This device is in no family: there is nothing to sync."
        }
    }
}
