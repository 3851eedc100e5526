import Foundation

/// The port that keeps the parent PIN's stored form: a slow salted hash, and its check. Linux derives it with
/// swift-crypto's PBKDF2 (LockOutAgent's `PINHasher`); an Apple app may use CommonCrypto's, in the same format.
public protocol PINHashing: Sendable {
    /// A fresh salted hash of `pin`, as stored.
    func hash(_ pin: String) throws -> String
    /// Whether `pin` matches `stored`; a stored form it cannot read matches nothing.
    func verify(_ pin: String, against stored: String) -> Bool
}
