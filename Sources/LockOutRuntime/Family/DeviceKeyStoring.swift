import Foundation
import LockOutCore

/// Where a device keeps its private keys: a 0600 file in the data directory on Linux (`DeviceKeyFile`), the
/// Keychain in the Apple apps. `DeviceKeyStoreContract` checks the promises below against any of them.
public protocol DeviceKeyStoring: Sendable {
    /// The device's keys, made and kept by `make` the first time; the same keys ever after, even when two
    /// processes or threads ask at once (one of them makes the keys, every one gets those). A store that holds
    /// keys it cannot read throws rather than replace them: losing keys means pairing again.
    func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys
}

/// Why a key store (the Keychain, a test's double) could not give the device's keys.
public enum DeviceKeyStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The device has not been unlocked since it started: the keys can be read after its first unlock.
    case locked
    /// Keys are there but cannot be used; they are kept as they are.
    case unreadable(reason: String)
    /// The store could not be reached or written (an entitlement missing, no keychain).
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case .locked:
            "this device's private keys cannot be read until the device is unlocked once after it started"
        case .unreadable(let reason):
            "this device's private keys cannot be used: \(reason); they are kept as they are, pair this device again to start over"
        case .unavailable(let reason):
            "this device's private keys cannot be kept: \(reason)"
        }
    }
}

/// A key store's failure as a family round or command reports it: what the store said, and that nothing of an
/// end-to-end family goes out meanwhile (nothing is ever sent in plaintext instead).
public struct DeviceKeysUnavailable: Error, Sendable, CustomStringConvertible {
    /// What the store said.
    public let reason: String

    public init(_ error: any Error) {
        reason = "\(error)"
    }

    public var description: String {
        "\(reason) — nothing is sent or read until this device can read its keys"
    }
}

extension FamilyEncryption {
    /// The device's private keys, made the first time; a store's failure becomes `DeviceKeysUnavailable`.
    func deviceKeys(orMake make: (() -> DevicePrivateKeys)? = nil) throws(DeviceKeysUnavailable) -> DevicePrivateKeys {
        do {
            return try keys.keys(orMake: make ?? keyCipher.newDeviceKeys)
        } catch {
            throw DeviceKeysUnavailable(error)
        }
    }
}
