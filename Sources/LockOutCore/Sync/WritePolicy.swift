import Foundation

/// Who may write what, decided on a mutation's envelope alone.
///
/// | kind | parent | child | personal |
/// |---|---|---|---|
/// | device (its own registration) | ✓ | ✓ | ✓ |
/// | usage, dailySummary (its own) | — | ✓ | ✓ |
/// | commandAck (of a command for it) | — | ✓ | ✓ |
/// | command, configuration (for a device of the family) | ✓ | — | — |
/// | settings (the person's shared settings) | ✓ | — | ✓ |
///
/// The checks that need the family's data — that a command's target is a device of the family, that an
/// acknowledged command was sent to the writer — are made by the storage, in the same transaction.
public enum WritePolicy {
    /// Why a mutation was refused.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case typeNotAllowed(RecordType, for: DeviceMode)
        case recordMustBeWriter
        case targetRequired(RecordType)
        case targetNotAllowed(RecordType)
        case localDateRequired(RecordType)
        case bodyTooLarge(bytes: Int, maximum: Int)
        case recordIDLength(Int)
        case unknownTarget
        case commandNotForWriter

        public var description: String {
            switch self {
            case .typeNotAllowed(let type, let mode): "a \(mode.word) device may not write \(type.rawValue) records"
            case .recordMustBeWriter: "a device record must be the writer's own"
            case .targetRequired(let type): "a \(type.rawValue) record needs a target device"
            case .targetNotAllowed(let type): "a \(type.rawValue) record has no target device"
            case .localDateRequired(let type): "a \(type.rawValue) record needs its local date"
            case .bodyTooLarge(let bytes, let maximum): "the body has \(bytes) bytes; at most \(maximum) are stored"
            case .recordIDLength(let length): "a record id must be 1…\(SyncMutation.maximumRecordIDLength) characters (got \(length))"
            case .unknownTarget: "the target is not an active device of this family"
            case .commandNotForWriter: "only the device a command was sent to may acknowledge it"
            }
        }

        /// A short stable code for logs and API answers.
        public var code: String {
            switch self {
            case .typeNotAllowed: "forbidden_type"
            case .recordMustBeWriter: "not_own_record"
            case .targetRequired: "target_required"
            case .targetNotAllowed: "target_not_allowed"
            case .localDateRequired: "local_date_required"
            case .bodyTooLarge: "body_too_large"
            case .recordIDLength: "record_id_length"
            case .unknownTarget: "unknown_target"
            case .commandNotForWriter: "not_your_command"
            }
        }
    }

    /// The kinds a device in `mode` may write.
    public static func writableTypes(for mode: DeviceMode) -> Set<RecordType> {
        switch mode {
        case .parentDevice: [.device, .command, .configuration, .settings]
        case .childDevice: [.device, .usage, .dailySummary, .commandAck]
        case .personalDevice: [.device, .usage, .dailySummary, .commandAck, .settings]
        }
    }

    /// Checks `mutation` written by `writer` in `mode`; nil when the envelope allows it.
    public static func check(_ mutation: SyncMutation, writer: DeviceID, mode: DeviceMode) -> Refusal? {
        guard (1...SyncMutation.maximumRecordIDLength).contains(mutation.recordID.count) else {
            return .recordIDLength(mutation.recordID.count)
        }
        let bytes = mutation.body.utf8.count
        guard bytes <= SyncMutation.maximumBodyBytes else {
            return .bodyTooLarge(bytes: bytes, maximum: SyncMutation.maximumBodyBytes)
        }
        guard writableTypes(for: mode).contains(mutation.type) else { return .typeNotAllowed(mutation.type, for: mode) }
        switch mutation.type {
        case .device:
            guard mutation.recordID == writer.description else { return .recordMustBeWriter }
            guard mutation.target == nil else { return .targetNotAllowed(.device) }
        case .usage, .dailySummary:
            guard mutation.target == nil else { return .targetNotAllowed(mutation.type) }
            guard mutation.localDate != nil else { return .localDateRequired(mutation.type) }
        case .command, .configuration:
            guard mutation.target != nil else { return .targetRequired(mutation.type) }
        case .commandAck, .settings:
            guard mutation.target == nil else { return .targetNotAllowed(mutation.type) }
        }
        return nil
    }

    /// Whether a device in `mode` with id `reader` sees a change: a parent sees its whole family; a
    /// child its own records and what was sent to it; a personal device also the shared settings and
    /// the family's devices.
    public static func canRead(_ change: SyncChange, reader: DeviceID, mode: DeviceMode) -> Bool {
        switch mode {
        case .parentDevice: true
        case .childDevice: change.owner == reader || change.target == reader
        case .personalDevice:
            change.owner == reader || change.target == reader || change.type == .settings || change.type == .device
        }
    }
}
