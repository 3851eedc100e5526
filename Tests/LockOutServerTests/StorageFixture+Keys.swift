import Foundation
import LockOutCore
import LockOutRuntime
import Testing
@testable import LockOutServer

/// Device keys and epoch commits for the storage tests, made as the devices make them.
struct FamilyKeys {
    static let cipher = SwiftCryptoFamilyCipher()
    static let keyring = EpochKeyring(cipher: cipher, keys: cipher)

    let family: FamilyFixture
    /// Each device's private keys, by device.
    var keys: [DeviceID: DevicePrivateKeys] = [:]

    /// Keys for `devices`, sent to the server.
    static func make(_ family: FamilyFixture, for devices: [Caller]) async throws -> FamilyKeys {
        var made = FamilyKeys(family: family)
        for device in devices { try await made.send(for: device) }
        return made
    }

    /// New keys for `device`, sent to the server.
    mutating func send(for device: Caller) async throws {
        let keys = Self.cipher.newDeviceKeys()
        try await family.storage.setPublicKeys(caller: device, keys: keys.publicKeys, now: FamilyFixture.now)
        self.keys[device.device] = keys
    }

    /// An epoch of `scope` for `members`, signed by `signer`, with the chain link from `previous` when given.
    /// `claimed` names other public keys for some members than the ones they sent, as the commit's key digests say.
    func commit(
        _ scope: KeyScope, epoch: UInt32, members: [DeviceID], by signer: Caller, previous: [UInt8]? = nil,
        claimed: [DeviceID: DevicePublicKeys] = [:]
    ) throws -> (commit: EpochCommit, key: [UInt8]) {
        let key = Self.keyring.newEpochKey()
        var memberKeys: [DeviceID: DevicePublicKeys] = [:]
        let wraps = try members.map { member in
            let keys = try claimed[member] ?? #require(keys[member]).publicKeys
            memberKeys[member] = keys
            return try Self.keyring.wrap(key, family: family.parent.family, scope: scope, epoch: epoch, for: member, keys: keys)
        }
        let chain = try previous.map { try Self.keyring.chain(previous: $0, under: key, family: family.parent.family, scope: scope, epoch: epoch) }
        let commit = try EpochCommit.signed(family: family.parent.family, scope: scope, epoch: epoch, wraps: wraps, memberKeys: memberKeys, chain: chain,
                                            signer: signer.device, keys: try #require(keys[signer.device]), cipher: Self.cipher)
        return (commit, key)
    }
}
