import Foundation

/// Who may write what, decided on a mutation's envelope, and who may replace or delete what is stored.
///
/// | kind | parent | child | personal |
/// |---|---|---|---|
/// | device (its own registration) | ✓ | ✓ | ✓ |
/// | usage, dailySummary, healthTotals (its own) | — | ✓ | ✓ |
/// | commandAck (of a command for it) | — | ✓ | ✓ |
/// | command, configuration (for a device of the family) | ✓ | — | — |
/// | settings (the person's shared settings) | ✓ | — | ✓ |
///
/// A record about a device belongs to that device: a registration's id is its device's, a day summary's and
/// a health totals record's id names its device and day (`DEVICE/YYYY-MM-DD`), a configuration's names its
/// target (`DEVICE/PROGRAM`). Stored records are replaced or deleted only by their writer (`checkReplacing`),
/// except a device's own registration, day summaries and health totals, which are always its own, and a
/// target's configuration, which any parent of the family sets. Local dates run at most a day past today in
/// the time zone furthest ahead.
///
/// A parent device writes no health totals: its gate counts its own entries and imports, and a parent who
/// wants a phone to open a desktop's gate makes both personal devices. Health totals are read by the same
/// person's devices alone (`canRead`).
///
/// A sealed record (end-to-end encryption) carries `keyScope`, `keyEpoch` and `writerCounter` together, and
/// a well-formed container as its body, a delete included; its scope fits the writer and the record
/// (`expectedScope`); its writer counter is above the highest its writer committed (`checkCounter`).
///
/// The checks that need the family's data — that a command's target is a device of the family, that an
/// acknowledged command was sent to the writer, who wrote the stored record — are made by the storage, in the
/// same transaction.
public enum WritePolicy {
    /// Why a mutation was refused.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case typeNotAllowed(RecordType, for: DeviceMode)
        case recordMustBeWriter
        case recordMustNameWriter(RecordType)
        case recordMustNameTarget
        case recordOfAnotherDevice(RecordType)
        case localDateTooLate(LocalDate, latest: LocalDate)
        case nulCharacter
        case targetRequired(RecordType)
        case targetNotAllowed(RecordType)
        case localDateRequired(RecordType)
        case bodyTooLarge(bytes: Int, maximum: Int)
        case recordIDLength(Int)
        case unknownTarget
        case commandNotForWriter
        case sealingIncomplete
        case sealedBodyWithoutSealing
        case sealedBodyMalformed(String)
        case sealingOutOfRange
        case scopeNotAllowed(KeyScope, RecordType, expected: String)
        case writerCounterNotAbove(UInt64, highest: UInt64)
        case epochNotCommitted(KeyScope, epoch: UInt32, current: UInt32)
        case notSealed
        /// A sealed configuration record whose id spells its program.
        case nameNotBlinded

        public var description: String {
            switch self {
            case .typeNotAllowed(let type, let mode): "a \(mode.word) device may not write \(type.rawValue) records"
            case .recordMustBeWriter: "a device record must be the writer's own"
            case .recordMustNameWriter(let type): "a \(type.rawValue) record's id must be the writer's own device id and the record's local date (DEVICE/YYYY-MM-DD)"
            case .recordMustNameTarget: "a configuration record's id must start with its target device's id (DEVICE/PROGRAM)"
            case .recordOfAnotherDevice(let type): "this \(type.rawValue) record belongs to another device: only its writer replaces or deletes it"
            case .localDateTooLate(let date, let latest): "the local date \(date) is in the future: the server takes dates up to \(latest)"
            case .nulCharacter: "a record id or body cannot hold the NUL character (U+0000)"
            case .targetRequired(let type): "a \(type.rawValue) record needs a target device"
            case .targetNotAllowed(let type): "a \(type.rawValue) record has no target device"
            case .localDateRequired(let type): "a \(type.rawValue) record needs its local date"
            case .bodyTooLarge(let bytes, let maximum): "the body has \(bytes) bytes; at most \(maximum) are stored"
            case .recordIDLength(let length): "a record id must be 1…\(SyncMutation.maximumRecordIDLength) characters (got \(length))"
            case .unknownTarget: "the target is not an active device of this family"
            case .commandNotForWriter: "only the device a command was sent to may acknowledge it"
            case .sealingIncomplete: "a sealed record needs all of keyScope, keyEpoch and writerCounter, or none of them for a plaintext body"
            case .sealedBodyWithoutSealing: "a sealed body needs keyScope, keyEpoch and writerCounter in its envelope"
            case .sealedBodyMalformed(let why): "the body is not a well-formed sealed body: \(why)"
            case .sealingOutOfRange: "keyEpoch and writerCounter start at 1, and writerCounter is at most \(Int64.max)"
            case .scopeNotAllowed(let scope, let type, let expected):
                "a \(type.rawValue) record from this device is sealed for \(expected), not for \(scope)"
            case .writerCounterNotAbove(let counter, let highest):
                "writerCounter \(counter) is not above \(highest), the highest this device wrote: a replayed or rolled-back record"
            case .epochNotCommitted(let scope, let epoch, let current):
                "\(scope) has no epoch \(epoch): its newest is \(current)"
            case .notSealed: "this family is end-to-end encrypted: a record's body must be sealed, with its keyScope, keyEpoch and writerCounter"
            case .nameNotBlinded:
                "a sealed configuration record's id names its program blinded (DEVICE/\(RecordNaming.prefix)…), never in the clear"
            }
        }

        /// A short stable code for logs and API answers.
        public var code: String {
            switch self {
            case .typeNotAllowed: "forbidden_type"
            case .recordMustBeWriter, .recordMustNameWriter: "not_own_record"
            case .recordMustNameTarget: "not_target_record"
            case .recordOfAnotherDevice: "not_owner"
            case .localDateTooLate: "future_date"
            case .nulCharacter: "nul_character"
            case .targetRequired: "target_required"
            case .targetNotAllowed: "target_not_allowed"
            case .localDateRequired: "local_date_required"
            case .bodyTooLarge: "body_too_large"
            case .recordIDLength: "record_id_length"
            case .unknownTarget: "unknown_target"
            case .commandNotForWriter: "not_your_command"
            case .sealingIncomplete, .sealedBodyWithoutSealing, .sealingOutOfRange: "sealing_fields"
            case .sealedBodyMalformed: "malformed_sealed_body"
            case .scopeNotAllowed: "scope_not_allowed"
            case .writerCounterNotAbove: "writer_counter"
            case .epochNotCommitted: "unknown_epoch"
            case .notSealed: "not_sealed"
            case .nameNotBlinded: "name_not_blinded"
            }
        }
    }

    /// The kinds a device in `mode` may write.
    public static func writableTypes(for mode: DeviceMode) -> Set<RecordType> {
        switch mode {
        case .parentDevice: [.device, .command, .configuration, .settings]
        case .childDevice: [.device, .usage, .dailySummary, .healthTotals, .commandAck]
        case .personalDevice: [.device, .usage, .dailySummary, .healthTotals, .commandAck, .settings]
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
        // PostgreSQL's text cannot hold it: refused on both backends alike.
        guard !mutation.recordID.utf8.contains(0), !mutation.body.utf8.contains(0) else { return .nulCharacter }
        guard writableTypes(for: mode).contains(mutation.type) else { return .typeNotAllowed(mutation.type, for: mode) }
        switch mutation.type {
        case .device:
            guard mutation.recordID == writer.description else { return .recordMustBeWriter }
            guard mutation.target == nil else { return .targetNotAllowed(.device) }
        case .usage:
            guard mutation.target == nil else { return .targetNotAllowed(.usage) }
            guard mutation.localDate != nil else { return .localDateRequired(.usage) }
        case .dailySummary, .healthTotals:
            guard mutation.target == nil else { return .targetNotAllowed(mutation.type) }
            guard let date = mutation.localDate else { return .localDateRequired(mutation.type) }
            guard let (device, rest) = splitDeviceID(mutation.recordID), device == writer, rest == date.description else {
                return .recordMustNameWriter(mutation.type)
            }
        case .command:
            guard mutation.target != nil else { return .targetRequired(.command) }
        case .configuration:
            guard let target = mutation.target else { return .targetRequired(.configuration) }
            guard let (device, rest) = splitDeviceID(mutation.recordID), device == target, !rest.isEmpty else { return .recordMustNameTarget }
        case .commandAck, .settings:
            guard mutation.target == nil else { return .targetNotAllowed(mutation.type) }
        }
        return checkSealing(mutation, writer: writer, mode: mode)
    }

    /// Checks a sealed record's envelope fields and container, and that its scope fits the writer and the
    /// record (`expectedScope`); a plaintext body passes here (the family's end-to-end statement decides
    /// whether one is taken).
    static func checkSealing(_ mutation: SyncMutation, writer: DeviceID, mode: DeviceMode) -> Refusal? {
        guard let sealing = mutation.sealing else {
            if mutation.hasPartialSealing { return .sealingIncomplete }
            return SealedBody.isSealed(mutation.body) ? .sealedBodyWithoutSealing : nil
        }
        guard sealing.epoch >= 1, (1...UInt64(Int64.max)).contains(sealing.writerCounter) else { return .sealingOutOfRange }
        // A delete carries a sealed empty document too, so the tombstone is authenticated like any record.
        do {
            _ = try SealedBody(mutation.body)
        } catch {
            return .sealedBodyMalformed(error.description)
        }
        // The body hides the program; the id must not tell it either (`RecordNaming`).
        if mutation.type == .configuration, let (_, name) = splitDeviceID(mutation.recordID), !name.hasPrefix(RecordNaming.prefix) {
            return .nameNotBlinded
        }
        let expected = expectedScope(mutation, writer: writer, mode: mode)
        return expected.allows(sealing.scope) ? nil : .scopeNotAllowed(sealing.scope, mutation.type, expected: expected.description)
    }

    /// Which scopes may seal a record, as far as the envelope tells.
    public enum ScopeRule: Hashable, Sendable, CustomStringConvertible {
        /// Exactly this scope.
        case exactly(KeyScope)
        /// A person's scope (the person's id is not the envelope's to tell).
        case anyPerson
        /// For a record a parent sends: the target's scope, decided with the target's mode (`targetScope`).
        case target(DeviceID)

        /// Whether `scope` may seal the record.
        public func allows(_ scope: KeyScope) -> Bool {
            switch self {
            case .exactly(let expected): return scope == expected
            case .anyPerson:
                if case .person = scope { return true }
                return false
            case .target(let device):
                if case .person = scope { return true }
                return scope == .child(device) || scope == .parents
            }
        }

        public var description: String {
            switch self {
            case .exactly(let scope): "\(scope)"
            case .anyPerson: "a person's scope (person:<id>)"
            case .target(let device): "its target's scope (child:\(device), a person's scope or parents)"
            }
        }
    }

    /// The scope a record is sealed for:
    ///
    /// | writer | record | scope |
    /// |---|---|---|
    /// | child | health totals | the child's person scope |
    /// | child | anything else | `child:<writer>` |
    /// | personal | anything | the person's scope |
    /// | parent | its registration | `parents` |
    /// | parent | settings | the person's scope |
    /// | parent | command, configuration | the target's: `child:<target>`, its person's scope, or `parents` |
    public static func expectedScope(_ mutation: SyncMutation, writer: DeviceID, mode: DeviceMode) -> ScopeRule {
        switch mode {
        case .childDevice: mutation.type == .healthTotals ? .anyPerson : .exactly(.child(writer))
        case .personalDevice: .anyPerson
        case .parentDevice:
            switch mutation.type {
            case .device: .exactly(.parents)
            case .command, .configuration: mutation.target.map(ScopeRule.target) ?? .exactly(.parents)
            case .settings, .usage, .dailySummary, .healthTotals, .commandAck: .anyPerson
            }
        }
    }

    /// The scope a parent's command or configuration for a device in `targetMode` is sealed for, checked by
    /// the storage once it knows the target: a child's own scope, a person's scope, or the parents'.
    public static func checkTargetScope(_ mutation: SyncMutation, targetMode: DeviceMode) -> Refusal? {
        guard let sealing = mutation.sealing, let target = mutation.target else { return nil }
        let rule: ScopeRule = switch targetMode {
        case .childDevice: .exactly(.child(target))
        case .personalDevice: .anyPerson
        case .parentDevice: .exactly(.parents)
        }
        return rule.allows(sealing.scope) ? nil : .scopeNotAllowed(sealing.scope, mutation.type, expected: rule.description)
    }

    /// Checks a sealed record's writer counter against the highest its writer had committed; nil for a plaintext one.
    public static func checkCounter(_ mutation: SyncMutation, highest: UInt64) -> Refusal? {
        guard let counter = mutation.writerCounter, counter <= highest else { return nil }
        return .writerCounterNotAbove(counter, highest: highest)
    }

    /// Checks that `writer` may replace or delete the stored version of `mutation`'s record, written by
    /// `storedOwner` (nil: nothing stored); nil when it may.
    public static func checkReplacing(_ mutation: SyncMutation, writer: DeviceID, storedOwner: DeviceID?) -> Refusal? {
        guard let storedOwner, storedOwner != writer else { return nil }
        switch mutation.type {
        // The envelope tied these to the writer (`check`): a registration, day summary or health totals record
        // about it is its own, even over what another device once wrote there.
        case .device, .dailySummary, .healthTotals: return nil
        // A target's configuration is any of the family's parents' to set.
        case .configuration: return nil
        case .usage, .command, .commandAck, .settings: return .recordOfAnotherDevice(mutation.type)
        }
    }

    /// The latest local date a record may carry at `now`: tomorrow where the day is furthest ahead (UTC+14),
    /// a day's grace for a device's clock.
    public static func latestLocalDate(now: Date) -> LocalDate {
        let seconds = (now.timeIntervalSince1970 + 14 * 3_600).rounded(.down)
        if abs(seconds) < 1e15 {
            let latest = LocalDate(daysSince1970: Int((seconds / 86_400).rounded(.down)) + 1)
            if latest.year > LocalDate.firstGregorianYear { return latest }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 14 * 3600) ?? calendar.timeZone
        return LocalDate(now, in: calendar).adding(days: 1, in: calendar)
    }

    /// Checks a record's local date against `now`; nil when it is not too far ahead, or when the mutation deletes
    /// the record (what was stored with a later date before this rule can still go).
    public static func checkDate(_ mutation: SyncMutation, now: Date) -> Refusal? {
        guard let date = mutation.localDate, !mutation.deleted else { return nil }
        let latest = latestLocalDate(now: now)
        return date > latest ? .localDateTooLate(date, latest: latest) : nil
    }

    /// `DEVICE/REST` read as the device's id and the rest.
    private static func splitDeviceID(_ recordID: String) -> (DeviceID, String)? {
        guard let slash = recordID.firstIndex(of: "/"), let uuid = UUIDText.uuid(recordID[..<slash]) else { return nil }
        return (DeviceID(rawValue: uuid), String(recordID[recordID.index(after: slash)...]))
    }

    /// Whether a device in `mode` with id `reader` sees a change: a parent sees its whole family but the
    /// health totals; a child its own records, what was sent to it, and the health totals of `sameChild` (the
    /// other devices of the same child: child devices paired with the reader's child name); a personal device
    /// its own records, what was sent to it, the shared settings, the family's devices, and the health totals
    /// of the family's personal devices (one person's own devices). Health totals reach the same person's
    /// devices and nobody else: a sibling never, a parent never.
    public static func canRead(_ change: SyncChange, reader: DeviceID, mode: DeviceMode, sameChild: Set<DeviceID> = []) -> Bool {
        if change.owner == reader { return true }
        switch mode {
        case .parentDevice:
            return change.type != .healthTotals
        case .childDevice:
            if change.type == .healthTotals { return change.ownerMode == .childDevice && sameChild.contains(change.owner) }
            return change.target == reader
        case .personalDevice:
            if change.type == .healthTotals { return change.ownerMode == .personalDevice }
            return change.target == reader || change.type == .settings || change.type == .device
        }
    }
}
