import Foundation
import LockOutCore
import LockOutRuntime
import Testing
@testable import LockOutServer

/// The storage contract, every backend: a revocation rotates the scopes the device was in, in its own
/// transaction, and a scope whose newest epoch a departed device holds takes no sealed record.
@Suite("Family storage contract: revocation and rotation")
struct StorageRevocationTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("a revoked parent, keeping every key it had, opens none of 50 records written after its revocation, straight from the storage",
          arguments: backends)
    func secrecy(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let s = k.storage, parent = k.family.parent, second = k.parents[1], anna = k.family.childA, ben = k.family.childB
        let annaScope = KeyScope.child(anna.device), benScope = KeyScope.child(ben.device)
        // Written before the revocation: the second parent's old keys open it, which shows they are real keys.
        let before = try KeyedFamily.sealedUsage(by: anna, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        _ = try await s.push(caller: anna, mutations: [before], now: F.now)

        let rotated = try k.rotations(without: second, by: parent)
        _ = try await s.revokeDevice(caller: parent, device: second.device, rotations: rotated.map(\.commit), now: F.now)
        let newKeys = Dictionary(uniqueKeysWithValues: zip(k.scopes, rotated.map(\.key)))
        #expect(try await !k.isActive(second))

        // 50 records under the new epochs: Anna's 20 and Ben's 15 usage records, the parent's 14 commands and its registration.
        var sent: [DeviceID: [SyncMutation]] = [:]
        var plaintexts: [String: String] = [:]
        var mutationIDs: [String: MutationID] = [before.recordID: before.id]
        func add(_ plain: SyncMutation, by writer: Caller, scope: KeyScope, counter: UInt64) throws {
            let mutation = try KeyedFamily.sealed(plain.type, plain.recordID, by: writer, target: plain.target, localDate: plain.localDate,
                                                  plaintext: plain.body, scope: scope, epoch: 2, counter: counter, key: try #require(newKeys[scope]))
            sent[writer.device, default: []].append(mutation)
            plaintexts[plain.recordID] = plain.body
            mutationIDs[plain.recordID] = mutation.id
        }
        for counter in 2...21 { try add(try F.usage(anna), by: anna, scope: annaScope, counter: UInt64(counter)) }
        for counter in 1...15 { try add(try F.usage(ben), by: ben, scope: benScope, counter: UInt64(counter)) }
        for counter in 1...14 {
            let child = counter <= 10 ? anna : ben
            try add(try F.command(to: child), by: parent, scope: .child(child.device), counter: UInt64(counter))
        }
        let registration = SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: parent.device.description,
                                        body: #"{"name":"Parent laptop"}"#)
        try add(registration, by: parent, scope: .parents, counter: 15)
        for writer in [anna, ben, parent] {
            let (results, _) = try await s.push(caller: writer, mutations: sent[writer.device] ?? [], now: F.now)
            #expect(!results.isEmpty && results.allSatisfy { $0.status == .applied }, "\(results)")
        }

        let stored = try await StoredRows.records(s)
        #expect(stored.count == 51 && stored.filter { $0.keyEpoch == 2 }.count == 50)
        let secondsKeys = try #require(k.keys.keys[second.device])
        for change in stored {
            let envelope = try Self.envelope(of: change, family: parent.family, mutation: try #require(mutationIDs[change.recordID]))
            let body = try SealedBody(change.body)
            // Every key the revoked parent ever had: each scope's epoch-1 key.
            let opened = k.epochKeys.values.filter { (try? KeyedFamily.sealer.open(body, for: envelope, epochKey: $0)) != nil }
            if change.keyEpoch == 1 {
                #expect(opened.count == 1, "its old keys open what was written before")
            } else {
                #expect(opened.isEmpty, "the revoked parent opens \(change.type.rawValue) \(change.recordID)")
                let plaintext = try KeyedFamily.sealer.open(body, for: envelope, epochKey: try #require(newKeys[envelope.scope]))
                #expect(String(decoding: plaintext, as: UTF8.self) == plaintexts[change.recordID], "the remaining members open it")
            }
        }

        let wraps = try await StoredRows.wraps(s)
        #expect(!wraps.isEmpty && wraps.filter { $0.epoch >= 2 }.count == 2 + 2 + 1, "\(wraps.map { "\($0.scope)@\($0.epoch)" })")
        #expect(!wraps.contains { $0.epoch >= 2 && $0.wrap.recipient == second.device }, "no wrap for the revoked parent at a new epoch")
        for (scope, epoch, wrap) in wraps where epoch >= 2 {
            #expect(throws: (any Error).self, "another member's wrap does not open with the revoked parent's keys") {
                try FamilyKeys.keyring.unwrap(wrap, family: parent.family, scope: scope, epoch: epoch, as: second.device, keys: secondsKeys)
            }
        }
        await #expect(throws: StorageRefusal.unauthenticated) { _ = try await s.keys(caller: second) }
    }

    @Test("a revoke whose rotation misses a member, names the revoked device, is stale, repeats a scope or is the revoked device's own is refused whole",
          arguments: backends)
    func refusedRotations(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let s = k.storage, parent = k.family.parent, second = k.parents[1], anna = k.family.childA
        let annaScope = KeyScope.child(anna.device)
        let good = try k.rotations(without: second, by: parent).map(\.commit)
        func refused(_ rotations: [EpochCommit], by caller: Caller? = nil) async throws -> StorageRefusal? {
            do {
                _ = try await s.revokeDevice(caller: caller ?? parent, device: second.device, rotations: rotations, now: F.now)
                return nil
            } catch let refusal as StorageRefusal {
                return refusal
            }
        }

        let (missing, _) = try k.keys.commit(annaScope, epoch: 2, members: [anna.device], by: parent, previous: k.epochKeys[annaScope])
        let missingRefusal = try await refused([missing])
        #expect(missingRefusal.map { "\($0)" }?.contains("exactly its current members") == true, "\(String(describing: missingRefusal))")
        let (naming, _) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope), by: parent, previous: k.epochKeys[annaScope])
        #expect(try await refused([naming]).map { "\($0)" }?.contains("exactly its current members") == true, "the members are counted after the revocation")
        #expect(try await refused([good[0], good[0]]).map { "\($0)" }?.contains("more than once") == true)
        let ownRotations = try k.rotations(without: second, by: second).map(\.commit)
        #expect(try await refused(ownRotations, by: second) == .forbidden(
            "a device that revokes itself cannot rotate the keys it would still know: another parent device rotates them"))
        #expect(try await refused(good, by: anna) == .forbidden("only a parent device may do this"))
        // Another parent rotated the parents' scope meanwhile: the revocation's rotation of it is stale.
        let (meanwhile, _) = try k.keys.commit(.parents, epoch: 2, members: k.members(of: .parents), by: parent, previous: k.epochKeys[.parents])
        _ = try await s.commitEpoch(caller: parent, commit: meanwhile, now: F.now)
        #expect(try await refused(good) == .staleEpoch(scope: .parents, current: 2))

        #expect(try await k.isActive(second), "every refusal leaves the device active")
        let epochs = try await k.epochs()
        #expect(epochs[annaScope] == [1] && epochs[.child(k.family.childB.device)] == [1] && epochs[.parents] == [1, 2],
                "no rotation of a refused revocation stays: \(epochs)")
    }

    @Test("revoked without rotations, its scopes take no sealed record (409 rotation_pending, nothing remembered) until a parent rotates each",
          arguments: backends)
    func pending(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let s = k.storage, parent = k.family.parent, second = k.parents[1], anna = k.family.childA, ben = k.family.childB
        let annaScope = KeyScope.child(anna.device)
        _ = try await s.revokeDevice(caller: parent, device: second.device, now: F.now)

        let usage = try KeyedFamily.sealedUsage(by: anna, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        await #expect(throws: StorageRefusal.rotationPending(scope: annaScope)) {
            _ = try await s.push(caller: anna, mutations: [try F.usage(anna), usage], now: F.now)
        }
        let command = try F.command(to: anna)
        let sealedCommand = try KeyedFamily.sealed(.command, command.recordID, by: parent, target: anna.device, plaintext: command.body,
                                                   scope: annaScope, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        await #expect(throws: StorageRefusal.rotationPending(scope: annaScope)) {
            _ = try await s.push(caller: parent, mutations: [sealedCommand], now: F.now)
        }
        let registration = try KeyedFamily.sealed(.device, parent.device.description, by: parent, plaintext: "{}", scope: .parents, epoch: 1,
                                                  counter: 2, key: try #require(k.epochKeys[.parents]))
        await #expect(throws: StorageRefusal.rotationPending(scope: .parents)) {
            _ = try await s.push(caller: parent, mutations: [registration], now: F.now)
        }
        #expect(try await StoredRows.records(s).isEmpty, "nothing of a refused push stays")
        let (plain, _) = try await s.push(caller: anna, mutations: [try F.usage(anna)], now: F.now)
        #expect(plain.map(\.status) == [.rejected], "an end-to-end family takes no plaintext record either")

        // A rotation that still names the revoked parent is refused; one for the active members lifts child A's scope alone.
        let (naming, _) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope), by: parent, previous: k.epochKeys[annaScope])
        await #expect(throws: StorageRefusal.self) { _ = try await s.commitEpoch(caller: parent, commit: naming, now: F.now) }
        let (rotation, newKey) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope, without: second), by: parent,
                                                   previous: k.epochKeys[annaScope])
        _ = try await s.commitEpoch(caller: parent, commit: rotation, now: F.now)

        let resealed = try KeyedFamily.sealedUsage(by: anna, epoch: 2, counter: 1, key: newKey, id: usage.id)
        let (results, _) = try await s.push(caller: anna, mutations: [resealed], now: F.now)
        #expect(results.map(\.status) == [.applied], "the same mutation id, sealed again under the new epoch, is applied")
        let (retried, _) = try await s.push(caller: anna, mutations: [resealed], now: F.now)
        #expect(retried.map(\.status) == [.duplicate], "and applied once")
        let benUsage = try KeyedFamily.sealedUsage(by: ben, epoch: 1, counter: 1, key: try #require(k.epochKeys[.child(ben.device)]))
        await #expect(throws: StorageRefusal.rotationPending(scope: .child(ben.device))) {
            _ = try await s.push(caller: ben, mutations: [benUsage], now: F.now)
        }
    }

    @Test("a deleted member leaves its scopes waiting for their rotation too", arguments: backends)
    func deletedMember(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let anna = k.family.childA, annaScope = KeyScope.child(anna.device)
        _ = try await k.storage.deleteDevice(caller: k.family.parent, device: k.parents[1].device, now: F.now)
        let usage = try KeyedFamily.sealedUsage(by: anna, epoch: 1, counter: 1, key: try #require(k.epochKeys[annaScope]))
        await #expect(throws: StorageRefusal.rotationPending(scope: annaScope)) {
            _ = try await k.storage.push(caller: anna, mutations: [usage], now: F.now)
        }
    }

    @Test("revoking a child rotates nothing: the other scopes take sealed records, and nothing is sealed for the revoked child",
          arguments: backends)
    func revokedChild(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend)
        let s = k.storage, parent = k.family.parent, anna = k.family.childA, ben = k.family.childB
        let benScope = KeyScope.child(ben.device)
        // Ben's own scope has no members left to rotate it for.
        let (benRotation, _) = try k.keys.commit(benScope, epoch: 2, members: k.members(of: .parents), by: parent, previous: k.epochKeys[benScope])
        await #expect(throws: StorageRefusal.self) {
            _ = try await s.revokeDevice(caller: parent, device: ben.device, rotations: [benRotation], now: F.now)
        }
        _ = try await s.revokeDevice(caller: parent, device: ben.device, now: F.now)

        let usage = try KeyedFamily.sealedUsage(by: anna, epoch: 1, counter: 1, key: try #require(k.epochKeys[.child(anna.device)]))
        let (annaResults, _) = try await s.push(caller: anna, mutations: [usage], now: F.now)
        #expect(annaResults.map(\.status) == [.applied])
        let command = try F.command(to: ben)
        let toBen = try KeyedFamily.sealed(.command, command.recordID, by: parent, target: ben.device, plaintext: command.body, scope: benScope,
                                           epoch: 1, counter: 1, key: try #require(k.epochKeys[benScope]))
        let registration = try KeyedFamily.sealed(.device, parent.device.description, by: parent, plaintext: "{}", scope: .parents, epoch: 1,
                                                  counter: 2, key: try #require(k.epochKeys[.parents]))
        let (results, _) = try await s.push(caller: parent, mutations: [toBen, registration], now: F.now)
        #expect(results.map(\.status) == [.rejected, .applied], "\(results)")
        #expect(try await k.epochs()[benScope] == [1])
    }

    @Test("a parent rotating a scope while another revokes: one wins, the other gets stale_epoch, and a refused revocation leaves nothing",
          arguments: backends)
    func concurrentRotation(_ backend: Backend) async throws {
        let k = try await KeyedFamily.make(backend, parents: 3)
        let s = k.storage, parent = k.family.parent, second = k.parents[1], third = k.parents[2]
        let annaScope = KeyScope.child(k.family.childA.device)
        let revocation = try k.rotations(without: third, by: parent).map(\.commit)
        let (rotation, _) = try k.keys.commit(annaScope, epoch: 2, members: k.members(of: annaScope), by: second, previous: k.epochKeys[annaScope])

        async let revoked: (any Error)? = {
            do { _ = try await s.revokeDevice(caller: parent, device: third.device, rotations: revocation, now: F.now) } catch { return error }
            return nil
        }()
        async let committed: (any Error)? = {
            do { _ = try await s.commitEpoch(caller: second, commit: rotation, now: F.now) } catch { return error }
            return nil
        }()
        let outcomes = await [revoked, committed]
        #expect(outcomes.filter { $0 == nil }.count == 1, "\(outcomes)")
        let loser = try #require(outcomes.compactMap { $0 }.first)
        #expect(loser as? StorageRefusal == .staleEpoch(scope: annaScope, current: 2))
        let epochs = try await k.epochs()
        #expect(epochs[annaScope] == [1, 2])
        if outcomes[0] == nil {
            #expect(try await !k.isActive(third) && epochs[.parents] == [1, 2])
        } else {
            #expect(try await k.isActive(third) && epochs[.parents] == [1], "the refused revocation left nothing: \(epochs)")
        }
    }

    /// The envelope a reader rebuilds from a stored record, with the mutation id its writer sealed it under.
    static func envelope(of change: SyncChange, family: FamilyID, mutation: MutationID) throws -> SealedEnvelope {
        SealedEnvelope(family: family, scope: try #require(change.keyScope), epoch: try #require(change.keyEpoch), type: change.type,
                       recordID: change.recordID, mutationID: mutation, writer: change.owner, target: change.target, localDate: change.localDate,
                       deleted: change.deleted, writerCounter: try #require(change.writerCounter))
    }
}
