import Foundation

/// What a sealed body is bound to: the envelope the server stores beside it, as the writer made it.
///
/// The reader rebuilds it from what the feed says. The AEAD's associated data and the key commitment are its
/// `associatedData`, so a body that the server moved to another record, or whose envelope it changed in
/// any field, does not open.
public struct SealedEnvelope: Hashable, Sendable {
    public var family: FamilyID
    public var scope: KeyScope
    public var epoch: UInt32
    public var type: RecordType
    public var recordID: String
    public var mutationID: MutationID
    public var writer: DeviceID
    public var target: DeviceID?
    public var localDate: LocalDate?
    public var deleted: Bool
    /// The writer's outbox order: strictly increasing per writer, so a reader ignores what rolls back.
    public var writerCounter: UInt64

    public init(
        family: FamilyID, scope: KeyScope, epoch: UInt32, type: RecordType, recordID: String, mutationID: MutationID,
        writer: DeviceID, target: DeviceID? = nil, localDate: LocalDate? = nil, deleted: Bool = false, writerCounter: UInt64
    ) {
        self.family = family
        self.scope = scope
        self.epoch = epoch
        self.type = type
        self.recordID = recordID
        self.mutationID = mutationID
        self.writer = writer
        self.target = target
        self.localDate = localDate
        self.deleted = deleted
        self.writerCounter = writerCounter
    }

    /// The label that starts the associated data: a new layout gets a new label, never a reinterpretation.
    public static let label = "lockout/e2e/envelope/v1"

    /// The envelope as fixed-order binary, never re-serialised JSON (two JSON encoders may write one value
    /// differently): the label, the family, the scope, the epoch, the type, the record id, the mutation id,
    /// the writer, the target, the local date, the deleted flag and the writer counter. Texts are a 4-byte
    /// big-endian length and their UTF-8; ids are their 16 bytes; an absent value is one 0 byte, a present
    /// one a 1 byte and the value; numbers are big-endian.
    public var associatedData: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160 + recordID.utf8.count)
        Self.text(Self.label, into: &bytes)
        Self.uuid(family.rawValue, into: &bytes)
        Self.text(scope.description, into: &bytes)
        Self.number(UInt64(epoch), bytes: 4, into: &bytes)
        Self.text(type.rawValue, into: &bytes)
        Self.text(recordID, into: &bytes)
        Self.uuid(mutationID.rawValue, into: &bytes)
        Self.uuid(writer.rawValue, into: &bytes)
        if let target {
            bytes.append(1)
            Self.uuid(target.rawValue, into: &bytes)
        } else {
            bytes.append(0)
        }
        if let localDate {
            bytes.append(1)
            Self.text(localDate.description, into: &bytes)
        } else {
            bytes.append(0)
        }
        bytes.append(deleted ? 1 : 0)
        Self.number(writerCounter, bytes: 8, into: &bytes)
        return bytes
    }

    private static func text(_ text: String, into bytes: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        number(UInt64(utf8.count), bytes: 4, into: &bytes)
        bytes += utf8
    }

    private static func uuid(_ uuid: UUID, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: uuid.uuid) { bytes += $0 }
    }

    private static func number(_ value: UInt64, bytes count: Int, into bytes: inout [UInt8]) {
        for shift in stride(from: (count - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
