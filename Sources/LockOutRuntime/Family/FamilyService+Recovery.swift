import Foundation
import LockOutCore
import LockOutStore

extension FamilyService {
    /// Makes the end-to-end family's recovery code (`RecoveryCode`): a parent device of the family that no
    /// hardware holds, paired by this parent with keys made here, which the next round gives a wrap of every
    /// scope's epoch. A code made before stops working: its device is revoked, with the rotations that shut it
    /// out. Shown once: nothing of it but its device stays here.
    public func recoveryCode() throws -> RecoveryCode {
        let (membership, me) = try member(of: [.parentDevice])
        guard let encryption, try store.isEndToEnd() else {
            throw FamilyInputError.invalidValue("a recovery code is for an end-to-end encrypted family: another parent device can always pair a plaintext family's devices again")
        }
        let myKeys = try encryption.deviceKeys()
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        let previous = try client.devices().filter { $0.isActive && RecoveryCode.isRecoveryDevice($0) && $0.deviceID != me.id }

        // Paired as any parent device is, by this device, which checks the proof and pins the keys on its next round.
        let recoveryKeys = encryption.keyCipher.newDeviceKeys()
        let recoveryID = DeviceID(rawValue: UUID())
        let key = PairingKey.make(cipher: encryption.cipher)
        let pairing = try client.createPairing(mode: .parentDevice)
        try store.addPendingPairing(PendingPairing(key: key, mode: .parentDevice, childName: nil, expiresAt: pairing.expiresAt),
                                    id: Base64URL.encode(Data(key.id(cipher: encryption.cipher))))
        let redeemer = FamilyClient(server: membership.server, token: nil, connector: connector)
        defer { redeemer.shutdown() }
        let credentials = try redeemer.redeem(SyncAPI.Redeem(
            familyID: membership.family, secret: try PairingPayload(parsing: pairing.payload).secret, deviceID: recoveryID,
            deviceName: RecoveryCode.serverName(recoveryID), mode: .parentDevice, publicKeys: recoveryKeys.publicKeys,
            pairingProof: key.proof(family: membership.family, device: recoveryID, mode: .parentDevice, keys: recoveryKeys.publicKeys,
                                    cipher: encryption.cipher)
        ))
        _ = sync()
        for old in previous { _ = try revoke(old.deviceID.description) }
        return RecoveryCode(
            server: membership.server, family: membership.family, device: recoveryID, token: credentials.token, keys: recoveryKeys,
            issuer: SyncAPI.DeviceKey(deviceID: me.id, mode: .parentDevice, publicKeys: myKeys.publicKeys)
        )
    }

    /// Brings an end-to-end family back on this parent device with its recovery code: the device becomes the
    /// code's device — its id, token and keys — pins the parent that made the code, and reads the family through
    /// the wraps the code's device was given. Needs a parent device that is in no family and holds no keys yet.
    public func recover(code text: String) throws -> FamilyMembership {
        let code = try RecoveryCode(parsing: text)
        let device = try identity()
        guard device.mode == .parentDevice else { throw FamilyInputError.wrongMode(needed: [.parentDevice], actual: device.mode) }
        guard try store.membership() == nil else { throw FamilyInputError.alreadyPaired }
        guard let encryption else { throw FamilyInputError.invalidValue("this device cannot keep a family's keys") }
        // First the server, which refuses a retired code before anything is kept here. The device is someone's
        // now, no longer the family's recovery code: a new code leaves it be.
        let client = FamilyClient(server: code.server, token: code.token, connector: connector)
        defer { client.shutdown() }
        _ = try client.rename(code.device, to: DeviceNames.shownToServer(code.device))
        let keys = try encryption.keyCipher.deviceKeys(agreement: code.agreement, signing: code.signing)
        guard try encryption.deviceKeys(orMake: { keys }) == keys else {
            throw FamilyInputError.invalidValue("this device holds keys of its own: recover on a device set up afresh (a new data directory)")
        }
        try store.adoptIdentity(code.device)
        try store.setEndToEnd(true)
        var state = FamilyKeyState(family: code.family, me: code.device, keys: keys, cipher: encryption.cipher, keyCipher: encryption.keyCipher)
        state.pin(welcome: [code.issuer])
        return try joined(server: code.server, credentials: SyncAPI.Credentials(familyID: code.family, deviceID: code.device, token: code.token),
                          device: try identity(), keys: state.snapshot)
    }
}
