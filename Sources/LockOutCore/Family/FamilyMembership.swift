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

    /// The progress of a device that never synced.
    public static let start = SyncProgress(token: ChangeToken.start, lastSync: nil, failures: 0, nextAttempt: nil, lastError: nil, failedNotified: 0)

    /// Progress with these values.
    public init(token: String, lastSync: Date?, failures: Int, nextAttempt: Date?, lastError: String?, failedNotified: Int) {
        self.token = token
        self.lastSync = lastSync
        self.failures = failures
        self.nextAttempt = nextAttempt
        self.lastError = lastError
        self.failedNotified = failedNotified
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
