import Foundation

/// The version of a record a device of an end-to-end family took from the feed, kept beside its copy so that the
/// same record pulled again — in a full resync, or from a server restored from a backup — is told apart from an
/// older version of it.
///
/// A writer seals every version with a counter it never uses twice, so a record pulled again with:
/// - a higher counter is a newer version: opened and taken;
/// - the same counter, mutation and sealed body is the version this device holds: a re-delivery, taken as is;
/// - a lower counter, or the version of a record that left with its device, is a rollback: refused, and the newer
///   copy (or its absence) stays;
/// - the same counter with another mutation or body was not sealed by its writer: refused as changed.
public struct AcceptedVersion: Hashable, Sendable {
    public let type: RecordType
    public let recordID: String
    public let writer: DeviceID
    public let writerCounter: UInt64
    public let mutationID: MutationID
    /// Names the sealed body (`SealedBody.fingerprint`).
    public let fingerprint: String
    /// When the server committed the version: what a rollback is dated by.
    public let committedAt: Date
    /// The version is the record's deletion.
    public let deleted: Bool
    /// The record left this device with its device (`withdrawn()`): a copy of this version is not taken back.
    public let withdrawn: Bool

    public init(
        type: RecordType, recordID: String, writer: DeviceID, writerCounter: UInt64, mutationID: MutationID, fingerprint: String,
        committedAt: Date, deleted: Bool, withdrawn: Bool = false
    ) {
        self.type = type
        self.recordID = recordID
        self.writer = writer
        self.writerCounter = writerCounter
        self.mutationID = mutationID
        self.fingerprint = fingerprint
        self.committedAt = committedAt
        self.deleted = deleted
        self.withdrawn = withdrawn
    }

    /// What a version pulled at `counter`, by `mutation`, with a body named `fingerprint`, is to this one.
    public func judge(counter: UInt64, mutation: MutationID, fingerprint: String) -> Judgement {
        if counter > writerCounter { return .newer }
        if counter < writerCounter { return .older }
        guard mutation == mutationID, fingerprint == self.fingerprint else { return .conflicting }
        return withdrawn ? .older : .same
    }

    /// What a pulled version is to the one a device holds.
    public enum Judgement: Hashable, Sendable {
        case newer
        case same
        case older
        /// The counter of the version held, with another mutation or body: no writer seals two versions with one.
        case conflicting
    }
}
