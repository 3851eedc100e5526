import Foundation
import LockOutCore

/// A commit, told to the event streams of every server instance. It says who may read what changed — as little
/// as deciding that needs, no bodies and no record ids — so that a stream is poked only when its device may read
/// something of the commit (`reaches`), and a child never learns when a sibling is active.
public struct FamilyPoke: Hashable, Sendable {
    public let family: FamilyID
    /// The family's newest commit; 0 for a pairing, which changes the roster and no record.
    public let seq: Int64
    /// The device whose write it was: its own stream is not poked.
    public let writer: DeviceID
    /// Who may read what changed; nil when that is not known (a poke from an older server instance), and then every
    /// stream of the family but the writer's is poked.
    public let reach: Reach?

    /// A poke for what `reach` says changed.
    public init(family: FamilyID, seq: Int64, writer: DeviceID, reach: Reach?) {
        self.family = family
        self.seq = seq
        self.writer = writer
        self.reach = reach
    }

    /// What a commit changed, as far as who may read it goes.
    public struct Reach: Hashable, Sendable {
        /// The writer's mode, which each of its records was written with.
        public var writerMode: DeviceMode
        /// The type and target of each record committed, each pair once.
        public var records: Set<Envelope>
        /// The writer's child name when it is a child's device that wrote health totals: that child's other
        /// devices read them (nil otherwise, which keeps the poke small).
        public var writerChild: String?
        /// Who reads what changed in the key directory (devices, their keys, epochs); nil when nothing did.
        public var keys: KeyReaders?

        /// What changed: `records`, by a writer in `writerMode`, and the key directory for `keys`.
        public init(writerMode: DeviceMode, records: Set<Envelope> = [], writerChild: String? = nil, keys: KeyReaders? = nil) {
            self.writerMode = writerMode
            self.records = records
            self.writerChild = writerChild
            self.keys = keys
        }

        /// The records `mutations` committed by `writer`.
        public init(committed mutations: [SyncMutation], by writer: Caller) {
            let records = Set(mutations.map { Envelope(type: $0.type, target: $0.target) })
            let child = writer.mode == .childDevice && records.contains { $0.type == .healthTotals } ? writer.childName : nil
            self.init(writerMode: writer.mode, records: records, writerChild: child)
        }
    }

    /// A record's type and target: what `WritePolicy.canRead` reads of a change besides its writer.
    public struct Envelope: Hashable, Sendable {
        public let type: RecordType
        public let target: DeviceID?

        /// The envelope of a record of `type` sent to `target`.
        public init(type: RecordType, target: DeviceID? = nil) {
            self.type = type
            self.target = target
        }
    }

    /// Who reads a change to the key directory: a parent device reads every device's keys and the family's
    /// scopes, any other device the parents' keys, its own, and the epochs it holds a wrap of.
    public enum KeyReaders: Hashable, Sendable {
        /// Every device: a parent device's keys came or went.
        case everyone
        /// The parent devices, and `others` besides (the recipients of an epoch that are not parents).
        case parents(and: Set<DeviceID>)

        /// The parents and the recipients of `commits`' wraps that are not parents in `roster`.
        static func epochs(_ commits: [EpochCommit], roster: EpochDecision.Roster) -> KeyReaders {
            .parents(and: Set(commits.flatMap(\.wraps).map(\.recipient).filter { roster[$0]?.mode != .parentDevice }))
        }

        /// The readers of a device of `mode` coming or going, with the key directory's other change `rest`.
        static func device(_ mode: DeviceMode?, _ rest: KeyReaders = .parents(and: [])) -> KeyReaders {
            mode == .parentDevice ? .everyone : rest
        }
    }

    /// Whether `reader` (by its id, mode and child name) may read something of the commit: a record by the change
    /// feed's rule (`WritePolicy.canRead`, which `changes` applies in SQL), or the change of the key directory.
    /// The writer is never reached: it knows what it wrote.
    public func reaches(_ reader: Caller) -> Bool {
        guard reader.device != writer else { return false }
        guard let reach else { return true }
        switch reach.keys {
        case .everyone?: return true
        case .parents(let others)?: if reader.mode == .parentDevice || others.contains(reader.device) { return true }
        case nil: break
        }
        let sameChild: Set<DeviceID> = reach.writerChild != nil && reach.writerChild == reader.childName ? [writer] : []
        return reach.records.contains { record in
            // The envelope as the feed would serve it: canRead reads its writer, type and target alone.
            let change = SyncChange(seq: seq, owner: writer, ownerMode: reach.writerMode, committedAt: .distantPast, type: record.type,
                                    recordID: "", target: record.target, localDate: nil, deleted: false, body: "")
            return WritePolicy.canRead(change, reader: reader.device, mode: reader.mode, sameChild: sameChild)
        }
    }
}
