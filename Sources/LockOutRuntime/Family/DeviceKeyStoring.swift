import Foundation
import LockOutCore

/// Where a device keeps its private keys: a 0600 file in the data directory on Linux (`DeviceKeyFile`), the
/// Keychain in the Apple apps.
public protocol DeviceKeyStoring: Sendable {
    /// The device's keys, made and kept by `make` the first time; the same keys ever after. A store that holds
    /// keys it cannot read throws rather than replace them: losing keys means pairing again.
    func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys
}
