import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

@Suite("A scope's key chain")
struct ScopeKeyChainTests {
    static let cipher = SwiftCryptoFamilyCipher()
    static let keyring = EpochKeyring(cipher: cipher, keys: cipher)
    static let family = FamilyID(rawValue: UUID())
    static let scope = KeyScope.child(DeviceID(rawValue: UUID()))

    @Test("offline through three rotations, a child with the newest key reads records of all four epochs")
    func offlineThroughRotations() throws {
        let epochKeys = (1...4).map { _ in Self.keyring.newEpochKey() }
        let sealer = RecordSealer(cipher: Self.cipher)
        var records: [(SealedEnvelope, SealedBody)] = []
        for epoch in 1...4 {
            let envelope = SealedEnvelope(
                family: Self.family, scope: Self.scope, epoch: UInt32(epoch), type: .command, recordID: "command-\(epoch)",
                mutationID: MutationID(rawValue: UUID()), writer: DeviceID(rawValue: UUID()), writerCounter: UInt64(epoch)
            )
            records.append((envelope, try sealer.seal(Array("epoch \(epoch)".utf8), for: envelope, epochKey: epochKeys[epoch - 1])))
        }
        var chain = ScopeKeyChain(family: Self.family, scope: Self.scope)
        chain.add(key: epochKeys[0], epoch: 1)
        let early = chain.key(for: 3, keyring: Self.keyring)
        #expect(early == nil)  // waits for its key

        chain.add(key: epochKeys[3], epoch: 4)
        for epoch in 2...4 {
            chain.add(link: try Self.keyring.chain(previous: epochKeys[epoch - 2], under: epochKeys[epoch - 1], family: Self.family, scope: Self.scope, epoch: UInt32(epoch)), epoch: UInt32(epoch))
        }
        #expect(chain.currentEpoch == 4)
        for (envelope, body) in records {
            let found = chain.key(for: envelope.epoch, keyring: Self.keyring)
            let key = try #require(found)
            #expect(try sealer.open(body, for: envelope, epochKey: key) == Array("epoch \(envelope.epoch)".utf8))
        }
    }

    @Test("a missing or forged link leaves the earlier epochs waiting")
    func brokenChain() throws {
        let epochKeys = (1...3).map { _ in Self.keyring.newEpochKey() }
        var chain = ScopeKeyChain(family: Self.family, scope: Self.scope)
        chain.add(key: epochKeys[2], epoch: 3)
        let unlinked = chain.key(for: 2, keyring: Self.keyring)
        #expect(unlinked == nil)
        // A link sealed under another key, as a server inventing one would make.
        chain.add(link: try Self.keyring.chain(previous: epochKeys[1], under: Self.keyring.newEpochKey(), family: Self.family, scope: Self.scope, epoch: 3), epoch: 3)
        let forged = chain.key(for: 2, keyring: Self.keyring)
        #expect(forged == nil)
        chain.add(link: try Self.keyring.chain(previous: epochKeys[1], under: epochKeys[2], family: Self.family, scope: Self.scope, epoch: 3), epoch: 3)
        let linked = chain.key(for: 2, keyring: Self.keyring)
        let beyond = chain.key(for: 1, keyring: Self.keyring)
        #expect(linked == epochKeys[1])
        #expect(beyond == nil)
    }
}
