import Foundation
import LockOutCore
import LockOutRuntime
import Testing
@testable import LockOutServer

/// A family's devices keeping their data end-to-end encrypted through the real storage, every backend: keys
/// sent, the parent committing the epochs it owes, a child sealing at send, the parent opening from the feed,
/// a new parent reading history through the chain, and the server's changes refused.
@Suite("End-to-end family: devices and the storage")
struct SealedFamilyFlowTests {
    typealias F = FamilyFixture
    static let backends = Backend.available
    static let cipher = SwiftCryptoFamilyCipher()

    /// One device: its caller and what it knows of the family's keys.
    struct Device {
        let caller: Caller
        var state: FamilyKeyState
        var counter: UInt64 = 0

        init(_ caller: Caller, storage: any FamilyStorage) async throws {
            self.caller = caller
            let keys = SealedFamilyFlowTests.cipher.newDeviceKeys()
            try await storage.setPublicKeys(caller: caller, keys: keys.publicKeys, now: F.now)
            state = FamilyKeyState(family: caller.family, me: caller.device, keys: keys, cipher: SealedFamilyFlowTests.cipher,
                                   keyCipher: SealedFamilyFlowTests.cipher)
        }

        /// Fetches the key directory, and for a parent commits what it owes; answers how many commits it made. The
        /// devices here are introduced to each other out of band: each pins the keys the directory names, as pairing
        /// would have vouched for them (the agent's tests pair through the code).
        @discardableResult
        mutating func syncKeys(_ storage: any FamilyStorage) async throws -> Int {
            let directory = try await storage.keys(caller: caller)
            state.pin(welcome: directory.devices)
            state.learn(directory)
            let owed = state.commitsOwed(by: try await storage.keys(caller: caller))
            for commit in owed { _ = try await storage.commitEpoch(caller: caller, commit: commit, now: F.now) }
            if !owed.isEmpty { state.learn(try await storage.keys(caller: caller)) }
            return owed.count
        }

        /// `mutation` sealed at send for `scope`, with the next writer counter.
        mutating func seal(_ mutation: SyncMutation, for scope: KeyScope) throws -> SyncMutation {
            counter += 1
            return try state.seal(mutation, for: scope, counter: counter)
        }
    }

    @Test("a child's sealed usage reaches its parent opened and its sibling not at all; the server holds none of its words",
          arguments: backends)
    func childToParent(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        var parent = try await Device(family.parent, storage: s)
        var anna = try await Device(family.childA, storage: s)
        var ben = try await Device(family.childB, storage: s)
        #expect(try await parent.syncKeys(s) == 5, "the parents' scope, and each child's own and person scope")
        #expect(try await parent.syncKeys(s) == 0, "nothing more is owed")
        try await anna.syncKeys(s)
        try await ben.syncKeys(s)
        #expect(anna.state.newest == [.child(family.childA.device): 1, PersonScope.child(device: family.childA.device): 1])
        #expect(ben.state.newest == [.child(family.childB.device): 1, PersonScope.child(device: family.childB.device): 1])

        let plain = try F.usage(family.childA, padding: 0)
        let canary = "canary-7f3a9c"
        let usage = SyncMutation(id: plain.id, type: plain.type, recordID: plain.recordID, localDate: plain.localDate,
                                 body: plain.body.replacingOccurrences(of: "Firefox", with: canary))
        let sealed = try anna.seal(usage, for: .child(family.childA.device))
        #expect(!sealed.body.contains(canary) && !sealed.body.contains("displayName"))
        let (results, _) = try await s.push(caller: family.childA, mutations: [sealed], now: F.now)
        #expect(results.map(\.status) == [.applied])

        let pulled = try await s.changes(caller: family.parent, since: 0, limit: 100).changes
        let change = try #require(pulled.first { $0.recordID == usage.recordID })
        #expect(!change.body.contains(canary))
        guard case .opened(let bytes) = parent.state.open(change) else {
            Issue.record("the parent did not open its child's record: \(parent.state.open(change))")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == usage.body)
        // The sibling holds no key of Anna's scope: even handed the record, it cannot open it.
        #expect(ben.state.open(change) == .waitingForKey(scope: .child(family.childA.device), epoch: 1))
    }

    @Test("a child's health totals are sealed for its person: its other device opens them, another child cannot", arguments: backends)
    func healthTotals(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        var parent = try await Device(family.parent, storage: s)
        var laptop = try await Device(try await family.join("Anna's laptop", .childDevice, child: "Anna"), storage: s)
        var phone = try await Device(try await family.join("Anna's phone", .childDevice, child: "Anna"), storage: s)
        var ben = try await Device(try await family.join("Ben's laptop", .childDevice, child: "Ben"), storage: s)
        #expect(try await parent.syncKeys(s) == 6, "the parents', three devices' own, and Anna's and Ben's person scopes")
        try await laptop.syncKeys(s)
        try await phone.syncKeys(s)
        try await ben.syncKeys(s)
        let anna = PersonScope.child(named: "Anna", family: family.parent.family, digest: Self.cipher.digest)
        #expect(!anna.description.contains("Anna"), "the scope's name does not spell the child's")

        let totals = try F.healthTotals(laptop.caller, steps: 987_654_321)
        let sealed = try laptop.state.sealNext(totals, mode: .childDevice)
        #expect(sealed.keyScope == anna)
        let (results, _) = try await s.push(caller: laptop.caller, mutations: [sealed], now: F.now)
        #expect(results.map(\.status) == [.applied])
        let change = try #require(try await s.changes(caller: phone.caller, since: 0, limit: 100).changes.first { $0.type == .healthTotals })
        #expect(!change.body.contains("987654321"))
        guard case .opened(let bytes) = phone.state.open(change) else {
            Issue.record("Anna's phone did not open Anna's laptop's totals")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains("987654321"))
        #expect(ben.state.open(change) == .waitingForKey(scope: anna, epoch: 1))
    }

    @Test("a parent's sealed command opens on its child; a body the server changed, moved or replayed is refused", arguments: backends)
    func refusedChanges(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        var parent = try await Device(family.parent, storage: s)
        var anna = try await Device(family.childA, storage: s)
        _ = try await Device(family.childB, storage: s)
        try await parent.syncKeys(s)
        try await anna.syncKeys(s)

        let first = try parent.seal(try F.command(to: family.childA), for: .child(family.childA.device))
        let second = try parent.seal(try F.command(to: family.childA, .snooze(minutes: 9)), for: .child(family.childA.device))
        let (results, _) = try await s.push(caller: family.parent, mutations: [first, second], now: F.now)
        #expect(results.map(\.status) == [.applied, .applied])
        let changes = try await s.changes(caller: family.childA, since: 0, limit: 100).changes.filter { $0.type == .command }
        #expect(changes.count == 2)

        // What a server could do with what it stores: swap the bodies, change an envelope field, replay.
        var attacked = anna
        let swapped = SyncChange(seq: changes[0].seq, owner: changes[0].owner, ownerMode: changes[0].ownerMode, committedAt: changes[0].committedAt,
                                 type: changes[0].type, recordID: changes[0].recordID, target: changes[0].target, localDate: nil,
                                 deleted: false, body: changes[1].body, mutationID: changes[0].mutationID, sealing: changes[0].sealing)
        #expect(attacked.state.open(swapped) == .refused(.tampered))
        let retargeted = SyncChange(seq: changes[0].seq, owner: changes[0].owner, ownerMode: changes[0].ownerMode, committedAt: changes[0].committedAt,
                                    type: changes[0].type, recordID: changes[0].recordID, target: family.childB.device, localDate: nil,
                                    deleted: false, body: changes[0].body, mutationID: changes[0].mutationID, sealing: changes[0].sealing)
        #expect(attacked.state.open(retargeted) == .refused(.tampered))

        for change in changes {
            guard case .opened(let bytes) = anna.state.open(change) else {
                Issue.record("the child did not open its parent's command")
                return
            }
            #expect(try SyncJSON.decoder().decode(ConfigurationCommand.self, from: Data(bytes)).targetDeviceID == family.childA.device)
        }
        // The first command delivered again is the version Anna holds: nothing opens or applies twice. The same record
        // at a lower counter than the version held is a rollback, not believed.
        let held = AcceptedVersion(
            type: changes[0].type, recordID: changes[0].recordID, writer: changes[0].owner, writerCounter: try #require(changes[0].writerCounter),
            mutationID: try #require(changes[0].mutationID), fingerprint: try #require(SealedRecordReader.fingerprint(of: changes[0].body)),
            committedAt: changes[0].committedAt, deleted: false
        )
        #expect(anna.state.open(changes[0], known: held) == .redelivered)
        let newerHeld = AcceptedVersion(type: held.type, recordID: held.recordID, writer: held.writer, writerCounter: held.writerCounter + 5,
                                        mutationID: MutationID(rawValue: UUID()), fingerprint: held.fingerprint, committedAt: held.committedAt, deleted: false)
        #expect(anna.state.open(changes[0], known: newerHeld) == .refused(.rolledBack))
        #expect(anna.state.reader.refusals == [.rolledBack: 1])
    }

    @Test("a parent who joins later gets the next epochs from the first parent, and reads the history before it through the chain",
          arguments: backends)
    func newParentReadsHistory(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        var parent = try await Device(family.parent, storage: s)
        var anna = try await Device(family.childA, storage: s)
        try await parent.syncKeys(s)
        try await anna.syncKeys(s)
        let old = try anna.seal(try F.usage(family.childA), for: .child(family.childA.device))
        _ = try await s.push(caller: family.childA, mutations: [old], now: F.now)

        let joined = try await family.join("Second parent", .parentDevice)
        var second = try await Device(joined, storage: s)
        try await second.syncKeys(s)  // nothing of its own to read yet; the first parent owes it the keys
        #expect(second.state.newest.isEmpty)
        #expect(try await parent.syncKeys(s) == 3, "the parents' scope and Anna's two, each at epoch 2 with the new parent")
        #expect(try await second.syncKeys(s) == 0)
        #expect(second.state.newest[.child(family.childA.device)] == 2)

        let change = try #require(try await s.changes(caller: joined, since: 0, limit: 100).changes.first { $0.recordID == old.recordID })
        #expect(change.keyEpoch == 1)
        guard case .opened = second.state.open(change) else {
            Issue.record("the new parent did not reach epoch 1 through the chain")
            return
        }
        // Anna's next record goes under epoch 2, which both parents hold.
        try await anna.syncKeys(s)
        let next = try anna.seal(try F.usage(family.childA), for: .child(family.childA.device))
        #expect(next.keyEpoch == 2)
        let (results, _) = try await s.push(caller: family.childA, mutations: [next], now: F.now)
        #expect(results.map(\.status) == [.applied])
    }
}
