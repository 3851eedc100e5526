import Crypto
import CryptoExtras
import Foundation
import LockOutRuntime

/// The parent PIN's stored form: PBKDF2-HMAC-SHA256 over a random 16-byte salt, 210,000 rounds, as
/// `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64). A four-digit PIN has only 10,000 values, so the slow hash is
/// what stands between a copied database and the PIN; the growing wait after wrong tries guards the device.
public struct PINHasher: PINHashing {
    public static let rounds = 210_000

    public init() {}

    /// A fresh salted hash of `pin`.
    public func hash(_ pin: String) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let key = try Self.derive(pin, salt: salt, rounds: Self.rounds)
        return "pbkdf2-sha256$\(Self.rounds)$\(Data(salt).base64EncodedString())$\(key.base64EncodedString())"
    }

    /// Whether `pin` matches `stored`; a stored form it cannot read matches nothing.
    public func verify(_ pin: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds >= Self.rounds,
              let salt = Data(base64Encoded: parts[2]), let expected = Data(base64Encoded: parts[3]),
              let key = try? Self.derive(pin, salt: Array(salt), rounds: rounds) else { return false }
        // Compare every byte, so the time taken says nothing about where they differ.
        guard key.count == expected.count else { return false }
        return zip(key, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func derive(_ pin: String, salt: [UInt8], rounds: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(pin.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }
}
