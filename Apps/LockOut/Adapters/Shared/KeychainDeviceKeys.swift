import Foundation
import LockOutCore
import LockOutRuntime
import Security

/// The device's private keys in the Keychain: one generic password item, this device only and readable after
/// the first unlock (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: a background refresh runs while the phone
/// is locked), in a keychain access group that only this app is in — not the App Group, which the extensions
/// share. The item's account is the data directory's slot (`DeviceKeySlot`), so the keys go with the database
/// as the Linux file does: an app installed again, whose Keychain items outlive it, starts afresh.
///
/// The contract is `DeviceKeyStoring`'s (tested on Linux with `DeviceKeyStoreContract`): made once, and when two
/// launches race, the item added second is refused as a duplicate and the first one's keys are read back; an item
/// that is there but cannot be read is reported, never replaced.
struct KeychainDeviceKeys: DeviceKeyStoring {
    /// The item's service, one per app.
    static let service = "org.lockout.LockOut.device-keys"
    /// The Info.plist key naming the access group (`$(AppIdentifierPrefix)org.lockout.LockOut.keys`, also in the
    /// app's `keychain-access-groups` entitlement): the team prefix is known only at signing.
    static let accessGroupKey = "LockOutKeychainAccessGroup"

    let directory: URL
    let accessGroup: String?

    /// The keys of the data in `directory`, in the access group the app's Info.plist names.
    init(directory: URL, bundle: Bundle = .main) {
        self.directory = directory
        accessGroup = bundle.object(forInfoDictionaryKey: Self.accessGroupKey) as? String
    }

    func keys(orMake make: () -> DevicePrivateKeys) throws -> DevicePrivateKeys {
        let account = try DeviceKeySlot.name(in: directory)
        let query = try baseQuery(account: account)
        if let keys = try read(query) { return keys }
        let keys = make()
        let data: Data
        do {
            data = try JSONEncoder().encode(keys)
        } catch {
            throw DeviceKeyStoreError.unavailable(
                reason: String(localized: "the keys could not be written out: \(String(describing: error))"))
        }
        var item = query
        item[kSecValueData as String] = data
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        switch status {
        case errSecSuccess:
            return keys
        case errSecDuplicateItem:
            // Another launch (or thread) added them first: theirs are the device's.
            guard let theirs = try read(query) else { throw Self.failure(status) }
            return theirs
        default:
            throw Self.failure(status)
        }
    }

    /// The query naming the item: class, service, account, access group, and the data protection keychain on the
    /// Mac (where the access group and the accessibility apply only to it; iOS ignores the key).
    private func baseQuery(account: String) throws -> [String: Any] {
        guard let accessGroup, !accessGroup.isEmpty, !accessGroup.hasPrefix("$(") else {
            throw DeviceKeyStoreError.unavailable(
                reason: String(localized: "this build names no keychain access group for them (\(Self.accessGroupKey))"))
        }
        return [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: account,
            kSecAttrAccessGroup as String: accessGroup,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    /// The keys the item holds, nil when there is no item.
    private func read(_ query: [String: Any]) throws -> DevicePrivateKeys? {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else {
                throw DeviceKeyStoreError.unreadable(reason: String(localized: "the keychain item holds no data"))
            }
            do {
                return try JSONDecoder().decode(DevicePrivateKeys.self, from: data)
            } catch {
                throw DeviceKeyStoreError.unreadable(reason: String(localized: "the keychain item does not hold a device's keys"))
            }
        case errSecItemNotFound:
            return nil
        default:
            throw Self.failure(status)
        }
    }

    /// A Keychain status as the port's error: locked until the first unlock, or why the Keychain refused.
    private static func failure(_ status: OSStatus) -> DeviceKeyStoreError {
        if status == errSecInteractionNotAllowed { return .locked }
        let words = SecCopyErrorMessageString(status, nil) as String? ?? "OSStatus \(status)"
        return .unavailable(reason: String(localized: "the keychain refused (\(status): \(words))"))
    }
}

extension FamilyEncryption {
    /// An end-to-end family's keys on iPhone, iPad and Mac: the private keys in the Keychain, swift-crypto (CryptoKit's
    /// API) for the rest, as on Linux.
    static func keychain(directory: URL) -> FamilyEncryption {
        let cipher = SwiftCryptoFamilyCipher()
        return FamilyEncryption(keys: KeychainDeviceKeys(directory: directory), cipher: cipher, keyCipher: cipher)
    }
}
