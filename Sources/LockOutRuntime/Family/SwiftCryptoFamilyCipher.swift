import Crypto
import Foundation
import LockOutCore

/// `FamilyCipher` from swift-crypto: BoringSSL on Linux, CryptoKit on the Apple platforms.
public struct SwiftCryptoFamilyCipher: FamilyCipher {
    public init() {}

    public func randomBytes(_ count: Int) -> [UInt8] {
        // The system generator is the kernel's secure one (getrandom on Linux, the platform's on Apple).
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    public func deriveKey(from key: [UInt8], salt: [UInt8], info: [UInt8], count: Int) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: key), salt: salt, info: info, outputByteCount: count)
            .withUnsafeBytes { Array($0) }
    }

    public func authenticationCode(for data: [UInt8], key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)))
    }

    public func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]) throws -> (ciphertext: [UInt8], tag: [UInt8]) {
        let box = try ChaChaPoly.seal(plaintext, using: SymmetricKey(data: key), nonce: ChaChaPoly.Nonce(data: nonce), authenticating: associatedData)
        return (Array(box.ciphertext), Array(box.tag))
    }

    public func open(_ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], associatedData: [UInt8]) throws -> [UInt8] {
        let box = try ChaChaPoly.SealedBox(nonce: ChaChaPoly.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
        return Array(try ChaChaPoly.open(box, using: SymmetricKey(data: key), authenticating: associatedData))
    }
}
