import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

@Suite("Reading an end-to-end family's records")
struct SealedRecordReaderTests {
    static let cipher = SwiftCryptoFamilyCipher()
    static let keyring = EpochKeyring(cipher: cipher, keys: cipher)
    static let family = FamilyID(rawValue: UUID())
    static let child = DeviceID(rawValue: UUID())
    static let parent = DeviceID(rawValue: UUID())
    static let scope = KeyScope.child(child)

    static func envelope(epoch: UInt32, counter: UInt64, recordID: String = "command") -> SealedEnvelope {
        SealedEnvelope(
            family: family, scope: scope, epoch: epoch, type: .command, recordID: recordID,
            mutationID: MutationID(rawValue: UUID()), writer: parent, target: child, writerCounter: counter
        )
    }

    @Test("opened once; a replay, a rollback, plaintext, garbage and a tampered body are refused and counted; an unknown epoch waits")
    func outcomes() throws {
        let sealer = RecordSealer(cipher: Self.cipher)
        let key = Self.keyring.newEpochKey()
        var chain = ScopeKeyChain(family: Self.family, scope: Self.scope)
        chain.add(key: key, epoch: 1)
        var reader = SealedRecordReader(cipher: Self.cipher, keys: Self.cipher)
        reader.use(chain)

        let first = Self.envelope(epoch: 1, counter: 5)
        let body = try sealer.seal(Array("block steam".utf8), for: first, epochKey: key).text
        #expect(reader.read(body, envelope: first) == .opened(Array("block steam".utf8)))
        #expect(reader.read(body, envelope: first) == .refused(.rolledBack))
        let older = Self.envelope(epoch: 1, counter: 4)
        #expect(reader.read(try sealer.seal([1], for: older, epochKey: key).text, envelope: older) == .refused(.rolledBack))
        let later = Self.envelope(epoch: 1, counter: 9)
        #expect(reader.read(#"{"command":"block"}"#, envelope: later) == .refused(.plaintext))
        #expect(reader.read("e1.!!", envelope: later) == .refused(.malformed))
        // The body of another record moved here by a server: refused, and the counter does not move on.
        #expect(reader.read(body, envelope: later) == .refused(.tampered))
        #expect(reader.counters.highest(of: Self.parent) == 5)

        let future = Self.envelope(epoch: 2, counter: 10)
        #expect(reader.read(try sealer.seal([2], for: future, epochKey: Self.keyring.newEpochKey()).text, envelope: future) == .waitingForKey(scope: Self.scope, epoch: 2))
        #expect(reader.refusals == [.rolledBack: 2, .plaintext: 1, .malformed: 1, .tampered: 1])
    }
}
