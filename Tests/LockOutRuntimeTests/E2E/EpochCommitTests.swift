import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

@Suite("Epoch commits and writer counters")
struct EpochCommitTests {
    static let cipher = SwiftCryptoFamilyCipher()
    static let keyring = EpochKeyring(cipher: cipher, keys: cipher)
    static let family = FamilyID(rawValue: UUID())

    struct Member {
        let id = DeviceID(rawValue: UUID())
        let keys = EpochCommitTests.cipher.newDeviceKeys()
    }

    static func commit(epoch: UInt32, for members: [Member], by parent: Member, chain: SealedBody?) throws -> (EpochCommit, [UInt8]) {
        let key = keyring.newEpochKey()
        let scope = KeyScope.child(members[0].id)
        let wraps = try members.map { try keyring.wrap(key, family: family, scope: scope, epoch: epoch, for: $0.id, keys: $0.keys.publicKeys) }
        let commit = try EpochCommit.signed(
            family: family, scope: scope, epoch: epoch, wraps: wraps, memberKeys: keys(of: members), chain: chain, signer: parent.id,
            keys: parent.keys, cipher: cipher
        )
        return (commit, key)
    }

    static func keys(of members: [Member]) -> [DeviceID: DevicePublicKeys] {
        Dictionary(uniqueKeysWithValues: members.map { ($0.id, $0.keys.publicKeys) })
    }

    @Test("a parent's commit verifies with its keys; each member opens its own wrap; the next epoch chains back")
    func signedAndOpened() throws {
        let child = Member()
        let parent = Member()
        let (first, firstKey) = try Self.commit(epoch: 1, for: [child, parent], by: parent, chain: nil)
        try first.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher)
        #expect(first.members == [child.id, parent.id].sorted { $0.description < $1.description })
        let wrap = try #require(first.wraps.first { $0.recipient == child.id })
        #expect(try Self.keyring.unwrap(wrap, family: Self.family, scope: first.scope, epoch: 1, as: child.id, keys: child.keys) == firstKey)

        let key = Self.keyring.newEpochKey()
        let link = try Self.keyring.chain(previous: firstKey, under: key, family: Self.family, scope: first.scope, epoch: 2)
        let wraps = try [child, parent].map { try Self.keyring.wrap(key, family: Self.family, scope: first.scope, epoch: 2, for: $0.id, keys: $0.keys.publicKeys) }
        let second = try EpochCommit.signed(
            family: Self.family, scope: first.scope, epoch: 2, wraps: wraps, memberKeys: Self.keys(of: [child, parent]), chain: link,
            signer: parent.id, keys: parent.keys, cipher: Self.cipher
        )
        try second.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher)
        let chained = try SealedBody(try #require(second.chain))
        #expect(try Self.keyring.previousKey(from: chained, under: key, family: Self.family, scope: first.scope, epoch: 2) == firstKey)
    }

    @Test("a commit signed by a child, changed after signing, missing a member's wrap or without its chain is refused")
    func refused() throws {
        let child = Member()
        let parent = Member()
        let (commit, _) = try Self.commit(epoch: 1, for: [child, parent], by: parent, chain: nil)
        // Signed by the child: the parent's pinned keys do not verify it.
        let (forged, _) = try Self.commit(epoch: 1, for: [child, parent], by: child, chain: nil)
        #expect(throws: FamilyKeyError.badSignature) { try forged.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher) }
        // A server adding a member of its own, or moving the epoch or the scope on.
        let stranger = Member()
        let extra = try Self.keyring.wrap(Self.keyring.newEpochKey(), family: Self.family, scope: commit.scope, epoch: 1, for: stranger.id, keys: stranger.keys.publicKeys)
        let withStranger = zip(zip(commit.members + [stranger.id], commit.memberKeys + [stranger.keys.publicKeys.digest(using: Self.cipher)]),
                               commit.wrapDigests + [EpochCommit.wrapDigest(extra, cipher: Self.cipher)])
            .sorted { $0.0.0.description < $1.0.0.description }
        let otherKeys = [stranger.keys.publicKeys.digest(using: Self.cipher)] + commit.memberKeys.dropFirst()
        let changes = [
            EpochCommit(family: commit.family, scope: commit.scope, epoch: 1, members: withStranger.map(\.0.0), memberKeys: withStranger.map(\.0.1),
                        wrapDigests: withStranger.map(\.1), wraps: commit.wraps + [extra], chain: nil, signer: commit.signer, signature: commit.signature),
            EpochCommit(family: commit.family, scope: commit.scope, epoch: 2, members: commit.members, memberKeys: commit.memberKeys,
                        wrapDigests: commit.wrapDigests, wraps: commit.wraps, chain: nil, signer: commit.signer, signature: commit.signature),
            EpochCommit(family: commit.family, scope: .parents, epoch: 1, members: commit.members, memberKeys: commit.memberKeys,
                        wrapDigests: commit.wrapDigests, wraps: commit.wraps, chain: nil, signer: commit.signer, signature: commit.signature),
            EpochCommit(family: commit.family, scope: commit.scope, epoch: 1, members: commit.members.reversed(), memberKeys: commit.memberKeys.reversed(),
                        wrapDigests: commit.wrapDigests.reversed(), wraps: commit.wraps, chain: nil, signer: commit.signer, signature: commit.signature),
            // Another member's keys named: a server swapping the keys a commit vouches for.
            EpochCommit(family: commit.family, scope: commit.scope, epoch: 1, members: commit.members, memberKeys: otherKeys,
                        wrapDigests: commit.wrapDigests, wraps: commit.wraps, chain: nil, signer: commit.signer, signature: commit.signature),
        ]
        for changed in changes {
            #expect(throws: FamilyKeyError.badSignature) { try changed.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher) }
        }
        // A commit missing a member's wrap is whole enough for a member reading its own, never for the server taking it.
        let partial = commit.served(to: child.id)
        try partial.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher)
        #expect(throws: FamilyKeyError.badSignature) {
            try partial.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher, requireEveryWrap: true)
        }
        try commit.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher, requireEveryWrap: true)
        // Epoch 2 must carry its chain link.
        let (unchained, _) = try Self.commit(epoch: 2, for: [child, parent], by: parent, chain: nil)
        #expect(throws: FamilyKeyError.badSignature) { try unchained.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher) }
    }

    @Test("a member is served its own wrap alone, and still checks the whole commit; another's wrap in its place is refused")
    func servedOwnWrap() throws {
        let child = Member()
        let parent = Member()
        let (commit, key) = try Self.commit(epoch: 1, for: [child, parent], by: parent, chain: nil)
        let served = commit.served(to: child.id)
        #expect(served.wraps.map(\.recipient) == [child.id])
        #expect(served.members == commit.members && served.wrapDigests == commit.wrapDigests)
        try served.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher)
        let wrap = try #require(served.wraps.first)
        #expect(try Self.keyring.unwrap(wrap, family: Self.family, scope: commit.scope, epoch: 1, as: child.id, keys: child.keys) == key)

        // The parent's wrap relabelled as the child's: its digest is not the child's.
        let parentWrap = try #require(commit.wraps.first { $0.recipient == parent.id })
        let relabelled = EpochKeyWrap(recipient: child.id, encapsulatedKey: parentWrap.encapsulatedKey, ciphertext: parentWrap.ciphertext)
        let swapped = EpochCommit(family: commit.family, scope: commit.scope, epoch: 1, members: commit.members, memberKeys: commit.memberKeys,
                                  wrapDigests: commit.wrapDigests, wraps: [relabelled], chain: nil, signer: commit.signer, signature: commit.signature)
        #expect(throws: FamilyKeyError.badSignature) { try swapped.verify(signerKeys: parent.keys.publicKeys, cipher: Self.cipher) }
        // It travels as JSON and back unchanged.
        let decoded = try JSONDecoder().decode(EpochCommit.self, from: JSONEncoder().encode(served))
        #expect(decoded == served)
    }

    @Test("a writer's counter only grows: a replay or a rollback is not believed, a gap is")
    func counters() {
        let writer = DeviceID(rawValue: UUID())
        let other = DeviceID(rawValue: UUID())
        var counters = WriterCounters()
        let answers = [(5, writer), (5, writer), (4, writer), (9, writer), (1, other)].map { counter, device in
            counters.accept(UInt64(counter), from: device)
        }
        #expect(answers == [true, false, false, true, true])
        #expect(counters.highest(of: writer) == 9)
    }
}
