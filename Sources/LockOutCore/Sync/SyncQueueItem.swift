import Foundation

/// One mutation waiting in the device's outbox (seed 002's SyncQueueItem): sent in the order queued,
/// kept across restarts until the server has committed it or refused it for good.
public struct SyncQueueItem: Codable, Hashable, Sendable {
    /// Whether the item still goes to the server.
    public enum Status: String, Codable, Hashable, Sendable {
        case queued
        /// Refused for good; `lockout family retry` queues it again.
        case failed
    }

    /// The outbox's order: strictly increasing in queueing order.
    public let position: Int64
    public let mutation: SyncMutation
    public let createdAt: Date
    public var retryCount: Int
    public var lastAttempt: Date?
    public var status: Status
    public var lastError: String?

    /// An item at `position`.
    public init(
        position: Int64, mutation: SyncMutation, createdAt: Date, retryCount: Int = 0, lastAttempt: Date? = nil,
        status: Status = .queued, lastError: String? = nil
    ) {
        self.position = position
        self.mutation = mutation
        self.createdAt = createdAt
        self.retryCount = retryCount
        self.lastAttempt = lastAttempt
        self.status = status
        self.lastError = lastError
    }
}

/// What the sync of this device is doing, for `lockout family status` and the status screens.
public enum SyncActivity: Hashable, Sendable, Codable {
    case idle
    case syncing
    case synced
    case error(String)

    /// One word for the state.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .syncing: "syncing"
        case .synced: "synced"
        case .error: "error"
        }
    }
}

/// An end-to-end family on this device: the newest epoch of each scope it holds the key to, the pulled records
/// waiting for a key and whose they are, how many records it refused, and the warnings it keeps (`FamilyWarning`),
/// each with the name of the device it is about.
public struct FamilyEncryptionStatus: Codable, Hashable, Sendable {
    public let epochs: [SyncAPI.ScopeEpoch]
    public let waitingForKey: Int
    public let refused: Int
    /// The names of the devices whose records wait for a key.
    public let waitingFrom: [String]
    /// The warnings shown, newest first.
    public let warnings: [Notice]

    /// A warning with the name of the device it is about.
    public struct Notice: Codable, Hashable, Sendable {
        public let warning: FamilyWarning
        public let name: String
        /// The warning is about this device.
        public let isMe: Bool

        public init(warning: FamilyWarning, name: String, isMe: Bool) {
            self.warning = warning
            self.name = name
            self.isMe = isMe
        }
    }

    public init(
        epochs: [SyncAPI.ScopeEpoch], waitingForKey: Int, refused: Int, waitingFrom: [String] = [], warnings: [Notice] = []
    ) {
        self.epochs = epochs
        self.waitingForKey = waitingForKey
        self.refused = refused
        self.waitingFrom = waitingFrom
        self.warnings = warnings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        epochs = try container.decode([SyncAPI.ScopeEpoch].self, forKey: .epochs)
        waitingForKey = try container.decode(Int.self, forKey: .waitingForKey)
        refused = try container.decode(Int.self, forKey: .refused)
        waitingFrom = try container.decodeIfPresent([String].self, forKey: .waitingFrom) ?? []
        warnings = try container.decodeIfPresent([Notice].self, forKey: .warnings) ?? []
    }

    /// One line: "end-to-end encrypted — keys: parents at epoch 1, …; 1 record waits for a key".
    public var line: String {
        let keys = epochs.isEmpty ? "no keys yet (a parent device gives them at its next sync)"
            : "keys: " + epochs.map { "\($0.scope) at epoch \($0.epoch)" }.joined(separator: ", ")
        var text = "end-to-end encrypted — \(keys)"
        if waitingForKey > 0 { text += "; " + Counted.words(waitingForKey, "record", verb: "waits", plural: "wait") + " for a key" }
        if refused > 0 { text += "; \(refused) refused" }
        return text
    }

    /// What the person should read beside the line, a sentence each: the warnings, and why records wait for a key.
    /// `dateText` writes a date as the caller shows dates.
    public func notices(dateText: (Date) -> String) -> [String] {
        var lines = warnings.map { $0.warning.sentence(name: $0.name, isMe: $0.isMe, sinceText: dateText($0.warning.since)) }
        if waitingForKey > 0 {
            let whose = waitingFrom.isEmpty ? "" : " of " + waitingFrom.joined(separator: ", ")
            let records = Counted.words(waitingForKey, "record") + whose
            if warnings.contains(where: { $0.isMe && $0.warning.kind == .changedKeys }) {
                lines.append("\(records.capitalizedFirst) \(waitingForKey == 1 ? "waits" : "wait") for a key no device can share with this one while the server lists other keys for it.")
            } else {
                lines.append("\(records.capitalizedFirst) \(waitingForKey == 1 ? "waits" : "wait") for a key a parent device has not shared with this one yet: "
                    + "it does at its next sync. If \(waitingForKey == 1 ? "it keeps" : "they keep") waiting, read a parent device's family status.")
            }
        }
        return lines
    }
}

/// The sync status screen: mode, family, last sync, the outbox's counts and the state.
public struct FamilySyncStatus: Codable, Hashable, Sendable {
    public let device: DeviceIdentity?
    public let server: URL?
    public let family: FamilyID?
    public let lastSync: Date?
    public let queued: Int
    public let failed: Int
    public let activity: SyncActivity
    /// When the outbox tries again after a transient failure.
    public let nextAttempt: Date?
    /// In an end-to-end family: the keys this device holds and what waits for one; nil in a plaintext family.
    public let encryption: FamilyEncryptionStatus?

    /// A status.
    public init(
        device: DeviceIdentity?, server: URL?, family: FamilyID?, lastSync: Date?, queued: Int, failed: Int,
        activity: SyncActivity, nextAttempt: Date?, encryption: FamilyEncryptionStatus? = nil
    ) {
        self.encryption = encryption
        self.device = device
        self.server = server
        self.family = family
        self.lastSync = lastSync
        self.queued = queued
        self.failed = failed
        self.activity = activity
        self.nextAttempt = nextAttempt
    }

    /// One line for `lockout status`: nil when the device is not in a family.
    public var line: String? {
        guard family != nil else { return nil }
        var parts: [String] = []
        switch activity {
        case .error(let reason): parts.append("sync waits: \(reason)")
        case .syncing: parts.append("syncing")
        case .synced, .idle: parts.append(queued == 0 ? "synced" : "sync waits")
        }
        if queued > 0 { parts.append("\(queued) queued") }
        if failed > 0 { parts.append("\(failed) failed (lockout family retry)") }
        return "Family sync: " + parts.joined(separator: ", ")
    }
}
