import Foundation

/// The family this device joined: where its server is, and the device's credential there.
public struct FamilyMembership: Codable, Hashable, Sendable {
    public let server: URL
    public let family: FamilyID
    /// The bearer token the server issued; kept only in this device's database (mode 0600 directory).
    public let token: String
    public let joinedAt: Date

    /// A membership.
    public init(server: URL, family: FamilyID, token: String, joinedAt: Date) {
        self.server = server
        self.family = family
        self.token = token
        self.joinedAt = joinedAt
    }
}

/// Where the device's sync stands between runs: the change-feed token, the last good sync and the
/// backoff of transient failures.
public struct SyncProgress: Codable, Hashable, Sendable {
    public var token: String
    public var lastSync: Date?
    /// Transient failures in a row.
    public var failures: Int
    public var nextAttempt: Date?
    public var lastError: String?
    /// How many failed items the person has been told of, so one notification tells of each new failure.
    public var failedNotified: Int
    /// When the round under way began; nil between rounds.
    public var roundStartedAt: Date?

    /// The progress of a device that never synced.
    public static let start = SyncProgress(token: ChangeToken.start, lastSync: nil, failures: 0, nextAttempt: nil, lastError: nil, failedNotified: 0)

    /// Progress with these values.
    public init(
        token: String, lastSync: Date?, failures: Int, nextAttempt: Date?, lastError: String?, failedNotified: Int,
        roundStartedAt: Date? = nil
    ) {
        self.token = token
        self.lastSync = lastSync
        self.failures = failures
        self.nextAttempt = nextAttempt
        self.lastError = lastError
        self.failedNotified = failedNotified
        self.roundStartedAt = roundStartedAt
    }

    /// A round that began longer ago than this was cut off (the process died in it): not "syncing".
    public static let roundLimit: TimeInterval = 120

    /// What sync is doing at `now`, for a device in a family: a round under way, the last round's error, synced, or idle.
    public func activity(now: Date) -> SyncActivity {
        if let started = roundStartedAt, now.timeIntervalSince(started) < Self.roundLimit { return .syncing }
        if let lastError { return .error(lastError) }
        return lastSync == nil ? .idle : .synced
    }
}

extension ConfigurationChange {
    /// Whether refusing with `error` means the change already holds — a program already blocked, or not
    /// blocked — so that applying a command again after a crash acknowledges it as applied.
    public func alreadyHolds(after error: any Error) -> Bool {
        switch (self, error as? GateInputError) {
        case (.blockAdd, .duplicateBlockedApp?), (.blockRemove, .unknownBlockedApp?): true
        default: false
        }
    }
}
