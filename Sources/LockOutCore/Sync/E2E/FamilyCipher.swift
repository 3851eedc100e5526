import Foundation

/// The cryptography a family's end-to-end encryption needs, and nothing it decides: Core chooses what to
/// seal, under which key and with which associated data; the port only derives, seals and opens. Linux and
/// the Apple apps give it from swift-crypto (`SwiftCryptoFamilyCipher`).
public protocol FamilyCipher: Sendable {
    /// `count` bytes from the system's secure random source.
    func randomBytes(_ count: Int) -> [UInt8]
    /// HKDF-SHA256 of `key` with `salt` and `info`, `count` bytes long.
    func deriveKey(from key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) -> [UInt8]
    /// HMAC-SHA256 of `data` under `key`.
    func authenticationCode(for data: [UInt8], key: [UInt8]) -> [UInt8]
    /// ChaCha20-Poly1305: the ciphertext (as long as `plaintext`) and the 16-byte tag.
    func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]) throws -> (ciphertext: [UInt8], tag: [UInt8])
    /// The plaintext, or an error when the tag does not authenticate the ciphertext and `associatedData`.
    func open(_ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]) throws -> [UInt8]
}

/// Seals and opens record bodies for a scope's epoch key (32 bytes).
///
/// Each record gets keys of its own: HKDF-SHA256 over the epoch key with a fresh 16-byte salt gives a
/// 32-byte encryption key and a 32-byte commitment key, so no two records share a key and a nonce. The
/// commitment, HMAC-SHA256 of the envelope's associated data under the commitment key, is checked before
/// anything is decrypted: a body is opened with exactly the key it names, never by trying keys.
public struct RecordSealer: Sendable {
    /// HKDF's info: binds the derived keys to this use and this suite.
    static let info = Array("lockout/e2e/record-keys/v1".utf8)
    public static let epochKeyLength = 32

    private let cipher: any FamilyCipher

    public init(cipher: any FamilyCipher) {
        self.cipher = cipher
    }

    /// Seals `plaintext` for `envelope` under `epochKey` with a fresh salt and nonce.
    public func seal(_ plaintext: [UInt8], for envelope: SealedEnvelope, epochKey: [UInt8]) throws(SealedBodyError) -> SealedBody {
        try seal(
            plaintext, for: envelope, epochKey: epochKey,
            salt: cipher.randomBytes(SealedBody.saltLength), nonce: cipher.randomBytes(SealedBody.nonceLength)
        )
    }

    /// Seals with the salt and nonce given: for the known-answer vectors only.
    func seal(_ plaintext: [UInt8], for envelope: SealedEnvelope, epochKey: [UInt8], salt: [UInt8], nonce: [UInt8]) throws(SealedBodyError) -> SealedBody {
        let padded = try BodyPadding.pad(plaintext)
        let keys = recordKeys(epochKey: epochKey, salt: salt)
        let associatedData = envelope.associatedData
        let sealed: (ciphertext: [UInt8], tag: [UInt8])
        do {
            sealed = try cipher.seal(padded, key: keys.encryption, nonce: nonce, associatedData: associatedData)
        } catch {
            // Only a key or nonce of the wrong length fails here, and both are this type's own.
            preconditionFailure("sealing failed: \(error)")
        }
        return SealedBody(
            salt: salt, commitment: cipher.authenticationCode(for: associatedData, key: keys.commitment),
            nonce: nonce, ciphertext: sealed.ciphertext, tag: sealed.tag
        )
    }

    /// Opens `body` as the record `envelope` describes under `epochKey`: checks the key commitment, then the
    /// AEAD, then the padding.
    public func open(_ body: SealedBody, for envelope: SealedEnvelope, epochKey: [UInt8]) throws(SealedBodyError) -> [UInt8] {
        let keys = recordKeys(epochKey: epochKey, salt: body.salt)
        let associatedData = envelope.associatedData
        guard Self.constantTimeEqual(cipher.authenticationCode(for: associatedData, key: keys.commitment), body.commitment) else {
            throw .commitmentMismatch
        }
        let padded: [UInt8]
        do {
            padded = try cipher.open(body.ciphertext, tag: body.tag, key: keys.encryption, nonce: body.nonce, associatedData: associatedData)
        } catch {
            throw .authenticationFailed
        }
        return try BodyPadding.unpad(padded)
    }

    private func recordKeys(epochKey: [UInt8], salt: [UInt8]) -> (encryption: [UInt8], commitment: [UInt8]) {
        precondition(epochKey.count == Self.epochKeyLength, "an epoch key is \(Self.epochKeyLength) bytes")
        let both = cipher.deriveKey(from: epochKey, salt: salt, info: Self.info, count: 64)
        return (Array(both[..<32]), Array(both[32...]))
    }

    /// Whether `a` and `b` are equal, in a time that does not depend on where they differ.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
