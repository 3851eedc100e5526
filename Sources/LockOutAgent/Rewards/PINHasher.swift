import Crypto
import CryptoExtras
import Foundation
import LockOutRuntime

/// The parent PIN's stored form (``PBKDF2PINHashing``), derived with swift-crypto's PBKDF2.
public struct PINHasher: PINHashing {
    public static let rounds = PBKDF2PINHashing.rounds

    private let format = PBKDF2PINHashing { password, salt, rounds in
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: password, salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }

    public init() {}

    /// A fresh salted hash of `pin`.
    public func hash(_ pin: String) throws -> String { try format.hash(pin) }

    /// Whether `pin` matches `stored`; a stored form it cannot read matches nothing.
    public func verify(_ pin: String, against stored: String) -> Bool { format.verify(pin, against: stored) }
}
