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

extension SwiftCryptoFamilyCipher: FamilyKeyCipher {
    public func newDeviceKeys() -> DevicePrivateKeys {
        let agreement = Curve25519.KeyAgreement.PrivateKey()
        let signing = Curve25519.Signing.PrivateKey()
        // Two 32-byte raw keys always make public keys.
        guard let publicKeys = try? DevicePublicKeys(agreement: Array(agreement.publicKey.rawRepresentation), signing: Array(signing.publicKey.rawRepresentation))
        else { preconditionFailure("Curve25519 public keys are 32 bytes") }
        return DevicePrivateKeys(agreement: Array(agreement.rawRepresentation), signing: Array(signing.rawRepresentation), publicKeys: publicKeys)
    }

    public func deviceKeys(agreement: [UInt8], signing: [UInt8]) throws(FamilyKeyError) -> DevicePrivateKeys {
        guard let agreementKey = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: agreement),
              let signingKey = try? Curve25519.Signing.PrivateKey(rawRepresentation: signing),
              let publicKeys = try? DevicePublicKeys(agreement: Array(agreementKey.publicKey.rawRepresentation),
                                                     signing: Array(signingKey.publicKey.rawRepresentation))
        else { throw .malformedPrivateKeys }
        return DevicePrivateKeys(agreement: agreement, signing: signing, publicKeys: publicKeys)
    }

    public func sign(_ data: [UInt8], with keys: DevicePrivateKeys) throws(FamilyKeyError) -> [UInt8] {
        do {
            return Array(try Curve25519.Signing.PrivateKey(rawRepresentation: keys.signing).signature(for: data))
        } catch {
            throw .malformedPrivateKeys
        }
    }

    public func isValidSignature(_ signature: [UInt8], for data: [UInt8], by keys: DevicePublicKeys) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keys.signing) else { return false }
        return key.isValidSignature(signature, for: data)
    }

    public func wrap(_ secret: [UInt8], to recipient: DevicePublicKeys, info: [UInt8]) throws(FamilyKeyError) -> (encapsulatedKey: [UInt8], ciphertext: [UInt8]) {
        do {
            let key = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: recipient.agreement)
            var sender = try HPKE.Sender(recipientKey: key, ciphersuite: .Curve25519_SHA256_ChachaPoly, info: Data(info))
            let ciphertext = try sender.seal(secret)
            return (Array(sender.encapsulatedKey), Array(ciphertext))
        } catch {
            throw .malformedPublicKeys
        }
    }

    public func unwrap(encapsulatedKey: [UInt8], ciphertext: [UInt8], with keys: DevicePrivateKeys, info: [UInt8]) throws(FamilyKeyError) -> [UInt8] {
        let key: Curve25519.KeyAgreement.PrivateKey
        do {
            key = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: keys.agreement)
        } catch {
            throw .malformedPrivateKeys
        }
        do {
            var recipient = try HPKE.Recipient(privateKey: key, ciphersuite: .Curve25519_SHA256_ChachaPoly, info: Data(info), encapsulatedKey: Data(encapsulatedKey))
            return Array(try recipient.open(ciphertext))
        } catch {
            throw .unwrapFailed
        }
    }

    public func digest(_ data: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: data))
    }
}
