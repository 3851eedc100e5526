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

    static func version(of envelope: SealedEnvelope, body: String, withdrawn: Bool = false) throws -> AcceptedVersion {
        AcceptedVersion(
            type: envelope.type, recordID: envelope.recordID, writer: envelope.writer, writerCounter: envelope.writerCounter,
            mutationID: envelope.mutationID, fingerprint: try #require(SealedRecordReader.fingerprint(of: body)),
            committedAt: Date(timeIntervalSince1970: 1_700_000_000), deleted: envelope.deleted, withdrawn: withdrawn
        )
    }

    static func reader(_ key: [UInt8]) -> SealedRecordReader {
        var chain = ScopeKeyChain(family: family, scope: scope)
        chain.add(key: key, epoch: 1)
        var reader = SealedRecordReader(cipher: cipher, keys: cipher)
        reader.use(chain)
        return reader
    }

    @Test("opened once; plaintext, garbage and a tampered body are refused and counted; an unknown epoch waits")
    func outcomes() throws {
        let sealer = RecordSealer(cipher: Self.cipher)
        let key = Self.keyring.newEpochKey()
        var reader = Self.reader(key)

        let first = Self.envelope(epoch: 1, counter: 5)
        let body = try sealer.seal(Array("block steam".utf8), for: first, epochKey: key).text
        #expect(reader.read(body, envelope: first) == .opened(Array("block steam".utf8)))
        let later = Self.envelope(epoch: 1, counter: 9)
        #expect(reader.read(#"{"command":"block"}"#, envelope: later) == .refused(.plaintext))
        #expect(reader.read("e1.!!", envelope: later) == .refused(.malformed))
        // The body of another record moved here by a server: refused, and the counter does not move on.
        #expect(reader.read(body, envelope: later) == .refused(.tampered))
        #expect(reader.counters.highest(of: Self.parent) == 5)

        let future = Self.envelope(epoch: 2, counter: 10)
        #expect(reader.read(try sealer.seal([2], for: future, epochKey: Self.keyring.newEpochKey()).text, envelope: future) == .waitingForKey(scope: Self.scope, epoch: 2))
        #expect(reader.refusals == [.plaintext: 1, .malformed: 1, .tampered: 1])
    }

    @Test("a record is judged against the version this device holds: the same one again is a re-delivery, an older one a rollback")
    func versions() throws {
        let sealer = RecordSealer(cipher: Self.cipher)
        let key = Self.keyring.newEpochKey()
        var reader = Self.reader(key)
        let held = Self.envelope(epoch: 1, counter: 7, recordID: "summary")
        let heldBody = try sealer.seal(Array("7 000 steps".utf8), for: held, epochKey: key).text
        let version = try Self.version(of: held, body: heldBody)

        // Delivered again — a full resync, a restored server — is no replay: nothing to open, nothing refused.
        #expect(reader.read(heldBody, envelope: held, known: version) == .redelivered)
        // An older version of the record, as a server restored from a backup holds it: refused.
        var older = held
        older.writerCounter = 4
        older.mutationID = MutationID(rawValue: UUID())
        #expect(reader.read(try sealer.seal(Array("3 000 steps".utf8), for: older, epochKey: key).text, envelope: older, known: version)
            == .refused(.rolledBack))
        // The held counter under another mutation: no writer seals two versions with one counter.
        var forged = held
        forged.mutationID = MutationID(rawValue: UUID())
        #expect(reader.read(try sealer.seal([1], for: forged, epochKey: key).text, envelope: forged, known: version) == .refused(.tampered))
        // A record that left with its device does not come back, even as the very version that left.
        #expect(reader.read(heldBody, envelope: held, known: try Self.version(of: held, body: heldBody, withdrawn: true)) == .refused(.rolledBack))
        // A newer version is opened, whatever else its writer wrote meanwhile.
        var newer = held
        newer.writerCounter = 12
        newer.mutationID = MutationID(rawValue: UUID())
        #expect(reader.read(try sealer.seal(Array("9 000 steps".utf8), for: newer, epochKey: key).text, envelope: newer, known: version)
            == .opened(Array("9 000 steps".utf8)))
        // A record that waited for its key opens after later ones of its writer: counters of other records do not judge it.
        let waited = Self.envelope(epoch: 1, counter: 3, recordID: "older-summary")
        #expect(reader.read(try sealer.seal([3], for: waited, epochKey: key).text, envelope: waited) == .opened([3]))
        #expect(reader.refusals == [.rolledBack: 2, .tampered: 1])
    }
}
