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
        var bytes = BinaryWriter()
        bytes.text(Self.label)
        bytes.uuid(family.rawValue)
        bytes.text(scope.description)
        bytes.number(UInt64(epoch), bytes: 4)
        bytes.text(type.rawValue)
        bytes.text(recordID)
        bytes.uuid(mutationID.rawValue)
        bytes.uuid(writer.rawValue)
        bytes.optionalUUID(target?.rawValue)
        bytes.optionalText(localDate?.description)
        bytes.number(deleted ? 1 : 0, bytes: 1)
        bytes.number(writerCounter, bytes: 8)
        return bytes.bytes
    }
}
