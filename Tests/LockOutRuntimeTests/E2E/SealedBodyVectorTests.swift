import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

/// The known-answer vectors in `Tests/Fixtures/e2e-vectors.json`, written by `scripts/e2e-vectors.py` — an
/// implementation of the container and the envelope encoding of its own, over another cryptography library.
@Suite("Sealed bodies: known-answer vectors")
struct SealedBodyVectorTests {
    struct Vectors: Decodable {
        let vectors: [Vector]
    }

    struct Vector: Decodable {
        struct Envelope: Decodable {
            let family: UUID
            let scope: String
            let epoch: UInt32
            let type: RecordType
            let recordID: String
            let mutationID: UUID
            let writer: UUID
            let target: UUID?
            let localDate: String?
            let deleted: Bool
            let writerCounter: UInt64
        }

        let name: String
        let envelope: Envelope
        let epochKey: String
        let salt: String
        let nonce: String
        let plaintext: String
        let associatedData: String
        let body: String
    }

    static let vectors: [Vector] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/e2e-vectors.json")
        guard let data = try? Data(contentsOf: file), let decoded = try? JSONDecoder().decode(Vectors.self, from: data) else { return [] }
        return decoded.vectors
    }()

    @Test("the vectors are there to check")
    func present() {
        #expect(Self.vectors.count == 4)
    }

    @Test("the envelope's associated data, the sealed body, and the plaintext opened again", arguments: vectors)
    func vector(_ vector: Vector) throws {
        let envelope = try Self.envelope(vector.envelope)
        #expect(Self.hex(envelope.associatedData) == vector.associatedData, "\(vector.name)")
        let sealer = RecordSealer(cipher: SwiftCryptoFamilyCipher())
        let epochKey = try Self.bytes(vector.epochKey)
        let sealed = try sealer.seal(
            try Self.bytes(vector.plaintext), for: envelope, epochKey: epochKey, salt: try Self.bytes(vector.salt), nonce: try Self.bytes(vector.nonce)
        )
        #expect(sealed.text == vector.body, "\(vector.name)")
        let parsed = try SealedBody(vector.body)
        #expect(parsed == sealed)
        #expect(Self.hex(try sealer.open(parsed, for: envelope, epochKey: epochKey)) == vector.plaintext)
    }

    static func envelope(_ envelope: Vector.Envelope) throws -> SealedEnvelope {
        SealedEnvelope(
            family: FamilyID(rawValue: envelope.family), scope: try #require(KeyScope(envelope.scope)), epoch: envelope.epoch,
            type: envelope.type, recordID: envelope.recordID, mutationID: MutationID(rawValue: envelope.mutationID),
            writer: DeviceID(rawValue: envelope.writer), target: envelope.target.map(DeviceID.init(rawValue:)),
            localDate: try envelope.localDate.map { try #require(LocalDate(iso: $0)) }, deleted: envelope.deleted,
            writerCounter: envelope.writerCounter
        )
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func bytes(_ hex: String) throws -> [UInt8] {
        let digits = Array(hex.utf8)
        try #require(digits.count % 2 == 0)
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            try #require(UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16))
        }
    }
}

extension SealedBodyVectorTests.Vector: CustomTestStringConvertible {
    var testDescription: String { name }
}
