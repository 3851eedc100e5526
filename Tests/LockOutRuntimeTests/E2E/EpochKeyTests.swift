import Foundation
import Testing
@testable import LockOutCore
import LockOutRuntime

@Suite("Device keys, epoch key wraps, the epoch chain and signatures")
struct EpochKeyTests {
    static let cipher = SwiftCryptoFamilyCipher()
    static let keyring = EpochKeyring(cipher: cipher, keys: cipher)
    static let family = FamilyID(rawValue: UUID(uuidString: "6F1C2A3B-4D5E-4F60-8172-93A4B5C6D7E8") ?? UUID())
    static let child = DeviceID(rawValue: UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9") ?? UUID())
    static let sibling = DeviceID(rawValue: UUID(uuidString: "1A1B2C3D-4E5F-4061-8273-8495A6B7C8D9") ?? UUID())

    @Test("a wrap opens for its device only, and only as the key of its family, scope and epoch")
    func wraps() throws {
        let childKeys = Self.cipher.newDeviceKeys()
        let siblingKeys = Self.cipher.newDeviceKeys()
        let epochKey = Self.keyring.newEpochKey()
        #expect(epochKey.count == 32)
        let scope = KeyScope.child(Self.child)
        let wrap = try Self.keyring.wrap(epochKey, family: Self.family, scope: scope, epoch: 2, for: Self.child, keys: childKeys.publicKeys)
        #expect(try Self.keyring.unwrap(wrap, family: Self.family, scope: scope, epoch: 2, as: Self.child, keys: childKeys) == epochKey)

        // The sibling, with its own keys, or pretending to be the child.
        #expect(throws: FamilyKeyError.unwrapFailed) {
            try Self.keyring.unwrap(wrap, family: Self.family, scope: scope, epoch: 2, as: Self.sibling, keys: siblingKeys)
        }
        #expect(throws: FamilyKeyError.unwrapFailed) {
            try Self.keyring.unwrap(wrap, family: Self.family, scope: scope, epoch: 2, as: Self.child, keys: siblingKeys)
        }
        // Moved by a server to another epoch, scope or family.
        #expect(throws: FamilyKeyError.unwrapFailed) {
            try Self.keyring.unwrap(wrap, family: Self.family, scope: scope, epoch: 3, as: Self.child, keys: childKeys)
        }
        #expect(throws: FamilyKeyError.unwrapFailed) {
            try Self.keyring.unwrap(wrap, family: Self.family, scope: .parents, epoch: 2, as: Self.child, keys: childKeys)
        }
        #expect(throws: FamilyKeyError.unwrapFailed) {
            try Self.keyring.unwrap(wrap, family: FamilyID(rawValue: UUID()), scope: scope, epoch: 2, as: Self.child, keys: childKeys)
        }
        var tampered = wrap.ciphertext
        tampered[0] ^= 1
        #expect(throws: FamilyKeyError.unwrapFailed) {
            try Self.keyring.unwrap(
                EpochKeyWrap(recipient: Self.child, encapsulatedKey: wrap.encapsulatedKey, ciphertext: tampered),
                family: Self.family, scope: scope, epoch: 2, as: Self.child, keys: childKeys
            )
        }
    }

    @Test("the newest key opens every earlier one through the chain, and a link opens only at its epoch")
    func chain() throws {
        let scope = KeyScope.parents
        let keys = (1...4).map { _ in Self.keyring.newEpochKey() }
        let links = try (1..<4).map { index in
            try Self.keyring.chain(previous: keys[index - 1], under: keys[index], family: Self.family, scope: scope, epoch: UInt32(index + 1))
        }
        var key = keys[3]
        for epoch in stride(from: 4, to: 1, by: -1) {
            key = try Self.keyring.previousKey(from: links[epoch - 2], under: key, family: Self.family, scope: scope, epoch: UInt32(epoch))
            #expect(key == keys[epoch - 2])
        }
        #expect(throws: SealedBodyError.commitmentMismatch) {
            try Self.keyring.previousKey(from: links[2], under: keys[3], family: Self.family, scope: scope, epoch: 3)
        }
        #expect(throws: SealedBodyError.commitmentMismatch) {
            try Self.keyring.previousKey(from: links[2], under: keys[3], family: Self.family, scope: .child(Self.child), epoch: 4)
        }
    }

    @Test("a signature verifies with its signer's public key, over exactly what was signed")
    func signatures() throws {
        let parent = Self.cipher.newDeviceKeys()
        let other = Self.cipher.newDeviceKeys()
        let statement = Array("end-to-end on".utf8)
        let signature = try Self.cipher.sign(statement, with: parent)
        #expect(Self.cipher.isValidSignature(signature, for: statement, by: parent.publicKeys))
        #expect(!Self.cipher.isValidSignature(signature, for: Array("end-to-end off".utf8), by: parent.publicKeys))
        #expect(!Self.cipher.isValidSignature(signature, for: statement, by: other.publicKeys))
        #expect(!Self.cipher.isValidSignature(Array(signature.dropLast()), for: statement, by: parent.publicKeys))
    }

    @Test("public keys: exactly 32 bytes each, base64url in JSON, and a fingerprint a person can compare")
    func publicKeys() throws {
        #expect(throws: FamilyKeyError.malformedPublicKeys) { try DevicePublicKeys(agreement: [1, 2], signing: Array(repeating: 0, count: 32)) }
        let keys = try DevicePublicKeys(agreement: Array(0..<32), signing: Array(32..<64))
        // SHA-256 over the label and both keys, its first 16 bytes as 8 groups of 4 hex digits (worked out apart).
        #expect(keys.fingerprint(using: Self.cipher) == "4a83-9930-b0a2-5cd4-6843-fe1f-f1b7-040c")
        let json = try JSONEncoder().encode(keys)
        #expect(try JSONDecoder().decode(DevicePublicKeys.self, from: json) == keys)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DevicePublicKeys.self, from: Data(#"{"agreement":"AAEC","signing":"AAEC"}"#.utf8))
        }
        let fresh = Self.cipher.newDeviceKeys()
        #expect(fresh.publicKeys.fingerprint(using: Self.cipher) != Self.cipher.newDeviceKeys().publicKeys.fingerprint(using: Self.cipher))
    }
}
