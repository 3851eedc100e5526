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
}
