import Foundation
import LockOutCore
import LockOutStore

/// What `lockout family …` does: choose the device's mode, start or join a family, pair devices, send a
/// child configuration, read a child's days, and sync — through the running agent when one runs.
public struct FamilyService: Sendable {
    let store: GRDBFamilyStore
    let directory: URL
    let applier: any ConfigurationApplying
    let now: @Sendable () -> Date
    let sharedSettings: (@Sendable () throws -> SharedSettings)?
    /// How this platform reaches the family server.
    let connector: FamilyConnector
    /// A round by the running agent, which applies commands to its engines; nil when none runs.
    let agentRound: (@Sendable () -> SyncRoundOutcome?)?
    /// How an end-to-end family's keys are kept here; nil: plaintext families only.
    let encryption: FamilyEncryption?

    /// The family side of the device whose data is in `directory`; `applier` carries out commands when no agent
    /// runs, and `sharedSettings` reads the settings a personal device shares.
    public init(
        store: GRDBFamilyStore, directory: URL, applier: any ConfigurationApplying, connector: FamilyConnector,
        now: @escaping @Sendable () -> Date, sharedSettings: (@Sendable () throws -> SharedSettings)? = nil,
        agentRound: (@Sendable () -> SyncRoundOutcome?)? = nil, encryption: FamilyEncryption? = nil
    ) {
        self.encryption = encryption
        self.connector = connector
        self.agentRound = agentRound
        self.store = store
        self.directory = directory
        self.applier = applier
        self.now = now
        self.sharedSettings = sharedSettings
    }

    /// This device.
    public func identity() throws -> DeviceIdentity {
        try store.identity(defaultName: DeviceNames.host())
    }

    /// Chooses the device's mode (and name); a device in a family keeps its mode until it is reset. A new name of
    /// a device in a family goes out in its device record, which is how an end-to-end family learns it.
    public func setup(_ mode: DeviceMode, name: String?) throws -> DeviceIdentity {
        let name = try name.map(DeviceIdentity.validName)
        let before = try identity()
        let member = try store.membership() != nil
        if member, before.mode != mode { throw FamilyInputError.alreadyPaired }
        let identity = try store.setMode(mode, name: name, defaultName: DeviceNames.host())
        if member, identity.name != before.name {
            try store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: identity.id.description,
                                           body: try SyncJSON.body(identity)), now: now())
            _ = sync()
        }
        return identity
    }

    /// Starts a family on `serverText` with this device (a parent or personal device) as its first member.
    /// With `endToEnd` — by default, where this device can keep keys — the family keeps its data end-to-end
    /// encrypted from its first record (docs/family.md).
    public func create(server serverText: String, endToEnd chosen: Bool? = nil) throws -> FamilyMembership {
        let endToEnd = chosen ?? (encryption != nil)
        let server = try ServerAddress.validated(serverText)
        let device = try identity()
        guard let mode = device.mode, mode != .childDevice else {
            throw FamilyInputError.wrongMode(needed: [.parentDevice, .personalDevice], actual: device.mode)
        }
        guard try store.membership() == nil else { throw FamilyInputError.alreadyPaired }
        guard !endToEnd || encryption != nil else { throw FamilyInputError.invalidValue("this device cannot keep a family's keys") }
        try store.setEndToEnd(endToEnd)
        let client = FamilyClient(server: server, token: nil, connector: connector)
        defer { client.shutdown() }
        // An end-to-end family's server never learns a device's name: it travels in the sealed device record.
        let name = endToEnd ? DeviceNames.shownToServer(device.id) : device.name
        let credentials = try client.createFamily(SyncAPI.CreateFamily(deviceID: device.id, deviceName: name, mode: mode))
        return try joined(server: server, credentials: credentials, device: device)
    }

    /// Asks the server for a pairing code for a device of `mode` (a parent pairs children and personal devices); a
    /// child's device may be given the name of its child, which makes it one of that child's devices: they read
    /// each other's health totals.
    public func pair(mode: DeviceMode, childName typed: String? = nil) throws -> SyncAPI.Pairing {
        let childName: String?
        do {
            childName = try typed.map(DeviceIdentity.validName)
        } catch {
            throw FamilyInputError.invalidValue("a child name follows the rule of device names: \(error)")
        }
        if childName != nil, mode != .childDevice {
            throw FamilyInputError.invalidValue("only a child's device is paired with a child name: --child goes with --mode child")
        }
        let (membership, device) = try member(of: [.parentDevice, .personalDevice])
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        guard try store.isEndToEnd(), let encryption else { return try client.createPairing(mode: mode, childName: childName) }
        // The server is told a keyed tag of the child's name, never the name, which stays here to be shown.
        var serverChildName: String?
        if let childName {
            let sync = FamilySync(store: store, applier: applier, connector: connector, now: now, encryption: encryption)
            defer { sync.shutdown() }
            guard var state = try sync.prepareKeys(client, membership: membership, identity: device),
                  let tag = state.childTag(for: childName)
            else {
                throw FamilyInputError.invalidValue("this parent device holds no key of the family yet: run 'lockout family sync', then pair again")
            }
            try store.saveChildName(childName, tag: tag)
            serverChildName = tag
        }
        // An end-to-end family's code carries a pairing key the server never sees, and this device's fingerprint.
        // The welcome, sealed with the key, gives the joining device the parents' keys on this device's word.
        let keys = try encryption.deviceKeys()
        let me = SyncAPI.DeviceKey(deviceID: device.id, mode: device.mode ?? .parentDevice, publicKeys: keys.publicKeys)
        let parents = (try store.keySnapshot()?.pinned ?? []).filter { $0.mode == .parentDevice && $0.deviceID != device.id }
        let welcome = try PairingWelcome.signed(family: membership.family, issuer: device.id, roster: parents + [me], keys: keys,
                                                cipher: encryption.keyCipher)
        let key = PairingKey.make(cipher: encryption.cipher)
        let pairing = try client.createPairing(mode: mode, childName: serverChildName, welcome: welcome.sealed(with: key, cipher: encryption.cipher))
        try store.addPendingPairing(PendingPairing(key: key, mode: mode, childName: serverChildName, expiresAt: pairing.expiresAt),
                                    id: Base64URL.encode(Data(key.id(cipher: encryption.cipher))))
        let payload = try PairingPayload(parsing: pairing.payload)
            .carrying(key, parentFingerprint: keys.publicKeys.fingerprint(using: encryption.keyCipher))
        return SyncAPI.Pairing(secret: pairing.secret, mode: pairing.mode, expiresAt: pairing.expiresAt, payload: payload.text)
    }

    /// Joins the family a pairing code names, as this device: a child's, a personal one, or another parent device
    /// (which a parent pairs with `pair(mode: .parentDevice)`); the server refuses a code made for another mode.
    public func join(payload text: String) throws -> FamilyMembership {
        let payload = try PairingPayload(parsing: text)
        let device = try identity()
        guard let mode = device.mode else { throw FamilyInputError.noMode }
        guard try store.membership() == nil else { throw FamilyInputError.alreadyPaired }
        let client = FamilyClient(server: payload.server, token: nil, connector: connector)
        defer { client.shutdown() }
        guard let key = payload.key, let fingerprint = payload.parentFingerprint else {
            try store.setEndToEnd(false)
            let credentials = try client.redeem(SyncAPI.Redeem(
                familyID: payload.family, secret: payload.secret, deviceID: device.id, deviceName: device.name, mode: mode
            ))
            return try joined(server: payload.server, credentials: credentials, device: device)
        }
        guard let encryption else { throw FamilyInputError.invalidValue("this device cannot keep a family's keys") }
        // The keys go with the redeem, with the proof the parent checks; the welcome that comes back must open with
        // the code's key and be signed by the parent whose fingerprint the code carries.
        let keys = try encryption.deviceKeys()
        let proof = key.proof(family: payload.family, device: device.id, mode: mode, keys: keys.publicKeys, cipher: encryption.cipher)
        // The name goes with the redeem, sealed for the parent that made the code: it names the device from its next round.
        let credentials = try client.redeem(SyncAPI.Redeem(
            familyID: payload.family, secret: payload.secret, deviceID: device.id, deviceName: DeviceNames.shownToServer(device.id), mode: mode,
            publicKeys: keys.publicKeys, pairingProof: proof,
            sealedName: key.sealName(device.name, family: payload.family, device: device.id, cipher: encryption.cipher)
        ))
        guard let sealed = credentials.welcome else { throw FamilyKeyError.welcomeRefused }
        let roster = try PairingWelcome.open(sealed, with: key, family: payload.family, cipher: encryption.cipher)
            .verified(family: payload.family, fingerprint: fingerprint, cipher: encryption.keyCipher)
        try store.setEndToEnd(true)
        var state = FamilyKeyState(family: payload.family, me: device.id, keys: keys, cipher: encryption.cipher, keyCipher: encryption.keyCipher)
        state.pin(welcome: roster)
        return try joined(server: payload.server, credentials: credentials, device: device, keys: state.snapshot)
    }

    func joined(
        server: URL, credentials: SyncAPI.Credentials, device: DeviceIdentity, keys: FamilyKeyState.Snapshot? = nil
    ) throws -> FamilyMembership {
        let membership = FamilyMembership(server: server, family: credentials.familyID, token: credentials.token, joinedAt: now())
        let registration = SyncMutation(
            id: MutationID(rawValue: UUID()), type: .device, recordID: device.id.description, body: try SyncJSON.body(device)
        )
        try store.join(membership, registration: registration, now: now())
        if let keys { try store.saveKeySnapshot(keys) }
        _ = sync()
        return membership
    }

    /// The family sync status: mode, server, family, last sync, the outbox's counts and the state.
    public func status() throws -> FamilySyncStatus {
        let device = try identity()
        let membership = try store.membership()
        let progress = try store.progress()
        let counts = try store.counts()
        let activity: SyncActivity = membership == nil ? .idle : progress.activity(now: now())
        var encryption: FamilyEncryptionStatus?
        if membership != nil, try store.isEndToEnd() {
            encryption = try encryptionStatus(me: device)
        }
        return FamilySyncStatus(
            device: device, server: membership?.server, family: membership?.family, lastSync: progress.lastSync,
            queued: counts.queued, failed: counts.failed, activity: activity, nextAttempt: progress.nextAttempt, encryption: encryption
        )
    }

    /// An end-to-end family's side of the status: the keys held, what waits for a key and whose it is, and the
    /// warnings still shown, each naming its device as this device knows it.
    func encryptionStatus(me: DeviceIdentity) throws -> FamilyEncryptionStatus {
        let snapshot = try store.keySnapshot()
        let waiting = try store.waitingForKey()
        let names = try knownNames(me: me)
        func name(_ device: DeviceID) -> String { names[device] ?? DeviceNames.shownToServer(device) }
        let warnings = try store.warnings(shownAt: now()).map { warning in
            var shown = warning
            shown.detail = warning.detail.map { detail in
                detail.components(separatedBy: ", ").compactMap(KeyScope.init).map { scope in
                    switch scope {
                    case .parents: "the parents' records"
                    case .child(let device): "\(name(device))'s records"
                    case .person: "a person's shared records"
                    }
                }.joined(separator: ", ")
            }
            return FamilyEncryptionStatus.Notice(warning: shown, name: name(warning.device), isMe: warning.device == me.id)
        }
        var writers: [DeviceID] = []
        for change in waiting where !writers.contains(change.owner) { writers.append(change.owner) }
        return FamilyEncryptionStatus(epochs: snapshot?.epochs ?? [], waitingForKey: waiting.count, refused: snapshot?.refused ?? 0,
                                      waitingFrom: writers.map(name), warnings: warnings)
    }

    /// The names of the family's devices as pulled (an end-to-end family's from their sealed records), this one's own;
    /// before a device's record came, the name it sealed for this parent as it joined.
    func knownNames(me: DeviceIdentity) throws -> [DeviceID: String] {
        var names = try store.joinedNames()
        for change in try store.records(.device) {
            guard let identity = try? SyncJSON.record(DeviceIdentity.self, from: change.body), identity.id == change.owner else { continue }
            names[identity.id] = identity.name
        }
        names[me.id] = me.name
        return names
    }

    /// One sync round: by the running agent when there is one (it applies commands to its engines), else here,
    /// within `budget` when there is one (`RoundBudget`: a background refresh's round).
    public func sync(within budget: RoundBudget? = nil) -> SyncRoundOutcome {
        if let outcome = agentRound?() { return outcome }
        let sync = FamilySync(store: store, applier: applier, connector: connector, now: now, sharedSettings: sharedSettings, encryption: encryption)
        defer { sync.shutdown() }
        return sync.syncOnce(within: budget)
    }

    /// Queues every failed item again and syncs.
    public func retry() throws -> (count: Int, outcome: SyncRoundOutcome) {
        let count = try store.retryFailed()
        return (count, sync())
    }

    /// Leaves the family and forgets the mode after the typed confirmation; the local history stays.
    public func reset(confirmation: String?) throws {
        try DeviceReset.confirm(confirmation)
        try store.reset()
        _ = sync()  // a running agent stops its stream
    }

    /// The membership, for a device whose mode is one of `modes`.
    func member(of modes: [DeviceMode]) throws -> (FamilyMembership, DeviceIdentity) {
        let device = try identity()
        guard let mode = device.mode, modes.contains(mode) else { throw FamilyInputError.wrongMode(needed: modes, actual: device.mode) }
        guard let membership = try store.membership() else { throw FamilyInputError.notPaired }
        return (membership, device)
    }
}
