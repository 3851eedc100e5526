import Foundation

/// The port that keeps the parent PIN's stored form: a slow salted hash, and its check. Linux derives it with
/// swift-crypto's PBKDF2 (LockOutAgent's `PINHasher`), the Apple apps with CommonCrypto's: both through
/// ``PBKDF2PINHashing``, so the format is one.
public protocol PINHashing: Sendable {
    /// A fresh salted hash of `pin`, as stored.
    func hash(_ pin: String) throws -> String
    /// Whether `pin` matches `stored`; a stored form it cannot read matches nothing.
    func verify(_ pin: String, against stored: String) -> Bool
}

/// The parent PIN's stored form on every platform: PBKDF2-HMAC-SHA256 over a random 16-byte salt, 210,000
/// rounds, as `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64). A four-digit PIN has only 10,000 values, so the slow
/// hash is what stands between a copied database and the PIN; the growing wait after wrong tries guards the
/// device. The platform gives only the derivation (swift-crypto on Linux, CommonCrypto on Apple platforms), so
/// a PIN set on one verifies on the other.
public struct PBKDF2PINHashing: PINHashing {
    /// The rounds of every new hash; fewer are refused when verifying.
    public static let rounds = 210_000
    /// The 32-byte PBKDF2-HMAC-SHA256 key of `password` with `salt` after `rounds` rounds.
    public typealias Derive = @Sendable (_ password: [UInt8], _ salt: [UInt8], _ rounds: Int) throws -> Data

    private let derive: Derive

    /// Hashes with the platform's `derive`.
    public init(derive: @escaping Derive) {
        self.derive = derive
    }

    public func hash(_ pin: String) throws -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = generator.next() }
        let key = try derive(Array(pin.utf8), salt, Self.rounds)
        return "pbkdf2-sha256$\(Self.rounds)$\(Data(salt).base64EncodedString())$\(key.base64EncodedString())"
    }

    public func verify(_ pin: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds >= Self.rounds,
              let salt = Data(base64Encoded: parts[2]), let expected = Data(base64Encoded: parts[3]),
              let key = try? derive(Array(pin.utf8), Array(salt), rounds) else { return false }
        // Compare every byte, so the time taken says nothing about where they differ.
        guard key.count == expected.count else { return false }
        return zip(key, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
