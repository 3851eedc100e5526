import Foundation
import PropertyBased
import Testing
@testable import LockOutCore
import LockOutRuntime

/// Random envelopes and bodies, each sealed and then attacked the ways a server could: any one envelope
/// field changed, bodies swapped between records, bits flipped, the body cut, the suite changed, another key.
///
/// Seeded like the HTTP fuzzing: PropertyBased's generators over a fixed Xoshiro, the same inputs every run.
@Suite("Sealed bodies: tampering, property-based")
struct SealedBodyTamperTests {
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (0x5365_616C, 0x6564_2042, 0x6F64_7920, 0x5461_6D70)
    /// How many sealed records each run attacks (also in docs/family.md).
    static let count = 200
    static let sealer = RecordSealer(cipher: SwiftCryptoFamilyCipher())

    static let uuids = zip(Gen.uint64(), Gen.uint64()).map { high, low in
        var bytes = (0 ..< 8).map { UInt8(truncatingIfNeeded: high >> ($0 * 8)) } + (0 ..< 8).map { UInt8(truncatingIfNeeded: low >> ($0 * 8)) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
    static let texts = Gen<Character>.letterOrNumber.string(of: 1...40)
    static let envelopes = zip(
        zip(uuids, uuids, uuids, uuids), zip(Gen.int(in: 0...2), Gen.uint32(), Gen<RecordType>.case, texts),
        zip(Gen.bool, Gen.bool, Gen.bool, Gen.uint64()), Gen.int(in: 0...3650)
    ).map { ids, kinds, flags, day in
        let (family, mutation, writer, target) = ids
        let (scopeKind, epoch, type, recordID) = kinds
        let (hasTarget, hasDate, deleted, counter) = flags
        let scopes: [KeyScope] = [.child(DeviceID(rawValue: writer)), .person(String(recordID.prefix(20))), .parents]
        return SealedEnvelope(
            family: FamilyID(rawValue: family), scope: scopes[scopeKind], epoch: epoch, type: type, recordID: recordID,
            mutationID: MutationID(rawValue: mutation), writer: DeviceID(rawValue: writer),
            target: hasTarget ? DeviceID(rawValue: target) : nil,
            localDate: hasDate ? LocalDate(year: 2020 + day / 365, month: 1 + day % 12, day: 1 + day % 28) : nil,
            deleted: deleted, writerCounter: counter
        )
    }
    static let keys = Gen.uint8().array(of: 32)
    static let plaintexts = Gen.uint8().array(of: 0...3000)

    /// Every way to change exactly one field of an envelope.
    static let changes: [(name: String, change: @Sendable (inout SealedEnvelope) -> Void)] = [
        ("family", { $0.family = FamilyID(rawValue: UUID()) }),
        ("scope", { $0.scope = $0.scope == .parents ? .person("x") : .parents }),
        ("epoch", { $0.epoch &+= 1 }),
        ("type", { $0.type = $0.type == .usage ? .command : .usage }),
        ("record id", { $0.recordID += "x" }),
        ("mutation id", { $0.mutationID = MutationID(rawValue: UUID()) }),
        ("writer", { $0.writer = DeviceID(rawValue: UUID()) }),
        ("target", { $0.target = $0.target == nil ? DeviceID(rawValue: UUID()) : nil }),
        ("local date", { $0.localDate = $0.localDate == nil ? LocalDate(year: 2026, month: 11, day: 26) : nil }),
        ("deleted", { $0.deleted.toggle() }),
        ("writer counter", { $0.writerCounter &+= 1 }),
    ]

    @Test("a changed envelope field, a swapped body, flipped bits, a cut body, another suite or another key: never opened")
    func tampering() async throws {
        let inputs = zip(Self.envelopes, Self.envelopes, Self.keys, Self.plaintexts, zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...200)))
        var random = Xoshiro(seed: Self.seed)
        for index in 0..<Self.count {
            // The suites run on the same two threads: a long loop that never yields starves the tests that
            // wait on a server answering from them.
            await Task.yield()
            let (envelope, other, key, plaintext, (position, cut)) = inputs.run(using: &random)
            let sealed = try Self.sealer.seal(plaintext, for: envelope, epochKey: key)
            #expect(try Self.sealer.open(SealedBody(sealed.text), for: envelope, epochKey: key) == plaintext, "input \(index)")

            for (name, change) in Self.changes {
                var changed = envelope
                change(&changed)
                #expect(throws: SealedBodyError.commitmentMismatch, "input \(index): \(name)") {
                    try Self.sealer.open(sealed, for: changed, epochKey: key)
                }
            }
            // Another record's body under the same key, as a server swapping bodies would hand it out.
            let swapped = try Self.sealer.seal(plaintext, for: other, epochKey: key)
            #expect(throws: SealedBodyError.commitmentMismatch, "input \(index): swapped") {
                try Self.sealer.open(swapped, for: envelope, epochKey: key)
            }
            // Another epoch's key: the commitment names the key, so nothing is decrypted.
            var otherKey = key
            otherKey[position % 32] ^= 1
            #expect(throws: SealedBodyError.commitmentMismatch, "input \(index): another key") {
                try Self.sealer.open(sealed, for: envelope, epochKey: otherKey)
            }

            var bytes = Self.containerBytes(sealed)
            let bit = position % (bytes.count * 8)
            bytes[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(throws: SealedBodyError.self, "input \(index): bit \(bit) flipped") {
                try Self.sealer.open(SealedBody(Self.text(bytes)), for: envelope, epochKey: key)
            }
            var suite = Self.containerBytes(sealed)
            suite[0] = UInt8(truncatingIfNeeded: 2 + position % 250)
            #expect(throws: SealedBodyError.unknownSuite(suite[0]), "input \(index): suite") { try SealedBody(Self.text(suite)) }
            let text = sealed.text
            #expect(throws: SealedBodyError.self, "input \(index): cut by \(cut)") {
                try Self.sealer.open(SealedBody(String(text.dropLast(cut))), for: envelope, epochKey: key)
            }
        }
    }

    @Test("a body's size tells only its bucket: 256 B, 1 KiB, then doubling")
    func padding() throws {
        let key = [UInt8](repeating: 7, count: 32)
        var random = Xoshiro(seed: Self.seed)
        let envelope = Self.envelopes.run(using: &random)
        for (length, bucket) in [(0, 256), (255, 256), (256, 1024), (1023, 1024), (1024, 2048), (32767, 32768)] {
            let sealed = try Self.sealer.seal([UInt8](repeating: 0x80, count: length), for: envelope, epochKey: key)
            #expect(sealed.ciphertext.count == bucket, "\(length) bytes")
            #expect(try Self.sealer.open(sealed, for: envelope, epochKey: key) == [UInt8](repeating: 0x80, count: length))
        }
        #expect(throws: SealedBodyError.tooLarge(bytes: 32768)) {
            try Self.sealer.seal([UInt8](repeating: 0, count: 32768), for: envelope, epochKey: key)
        }
        // The largest sealed body still fits what the server stores.
        let largest = try Self.sealer.seal([UInt8](repeating: 1, count: BodyPadding.largestPlaintext), for: envelope, epochKey: key)
        #expect(largest.text.utf8.count <= SyncMutation.maximumBodyBytes)
    }

    static func containerBytes(_ body: SealedBody) -> [UInt8] {
        [SealedBody.suite] + body.salt + body.commitment + body.nonce + body.ciphertext + body.tag
    }

    static func text(_ bytes: [UInt8]) -> String {
        SealedBody.prefix + Base64URL.encode(Data(bytes))
    }
}
