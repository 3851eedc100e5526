import Foundation

/// A command's id, chosen by the parent device that sends it.
public struct CommandID: UUIDIdentifier {
    public let rawValue: UUID
    /// Wraps a UUID.
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// A parent's configuration command for one child device (seed 002's ConfigurationCommand).
public struct ConfigurationCommand: Codable, Hashable, Sendable {
    public let commandID: CommandID
    public let targetDeviceID: DeviceID
    public let change: ConfigurationChange
    public let createdAt: Date

    /// A command for `targetDeviceID`.
    public init(commandID: CommandID, targetDeviceID: DeviceID, change: ConfigurationChange, createdAt: Date) {
        self.commandID = commandID
        self.targetDeviceID = targetDeviceID
        self.change = change
        self.createdAt = createdAt
    }
}

/// What became of a command on its device.
public enum CommandStatus: String, Codable, Hashable, Sendable {
    /// Sent, not yet acknowledged.
    case pending
    case applied
    case rejected
}

/// A child's answer to a command: applied, or rejected with the reason.
public struct CommandAcknowledgement: Codable, Hashable, Sendable {
    public let commandID: CommandID
    public let deviceID: DeviceID
    public let status: CommandStatus
    public let reason: String?
    public let executedAt: Date

    /// An acknowledgement of `commandID` by `deviceID`.
    public init(commandID: CommandID, deviceID: DeviceID, status: CommandStatus, reason: String?, executedAt: Date) {
        self.commandID = commandID
        self.deviceID = deviceID
        self.status = status
        self.reason = reason
        self.executedAt = executedAt
    }
}

/// A command a parent sent, with what became of it.
public struct SentCommand: Codable, Hashable, Sendable {
    public let command: ConfigurationCommand
    public let status: CommandStatus
    public let reason: String?
    public let executedAt: Date?

    public init(command: ConfigurationCommand, status: CommandStatus, reason: String?, executedAt: Date?) {
        self.command = command
        self.status = status
        self.reason = reason
        self.executedAt = executedAt
    }

    /// How long a command may wait for its device, which synced meanwhile, before the server may have lost it.
    public static let lostAfter: TimeInterval = 86_400

    /// Whether the server may have lost the command: it has waited `lostAfter` or longer and its device synced after
    /// it was sent (`targetLastSync`) — a round that would have applied and acknowledged it, had the command been there.
    public func mayBeLost(now: Date, targetLastSync: Date?) -> Bool {
        guard status == .pending, now.timeIntervalSince(command.createdAt) >= Self.lostAfter, let synced = targetLastSync else { return false }
        return synced > command.createdAt
    }

    /// What a pending command's line says after "pending": how long it has waited ("for 3 h"), and when the server
    /// may have lost it, how to send it again. Nil for a command that is not pending.
    public func waitingText(now: Date, targetLastSync: Date?) -> String? {
        guard status == .pending else { return nil }
        let waited = "for \(DurationParser.waited(now.timeIntervalSince(command.createdAt)))"
        guard mayBeLost(now: now, targetLastSync: targetLastSync) else { return waited }
        return waited + ", though the device synced since: the server may have lost it — send it again with "
            + "'lockout family resend \(command.commandID.description.prefix(8).lowercased())'"
    }
}
