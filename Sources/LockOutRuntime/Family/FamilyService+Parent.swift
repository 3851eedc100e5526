import Foundation
import LockOutCore
import LockOutStore

extension FamilyService {
    /// The family's devices, as the server lists them; in an end-to-end family each named as its sealed device
    /// record says (the server knows no names), until that record arrives by the start of its id.
    public func devices() throws -> [RegisteredDevice] {
        let (membership, me) = try member(of: [.parentDevice, .personalDevice, .childDevice])
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        let listed = try client.devices()
        guard try store.isEndToEnd() else { return listed }
        var names = try knownNames(me: me)
        // A device whose record has not been pulled yet (it joined a moment ago): one round fetches it.
        if listed.contains(where: { $0.isActive && names[$0.deviceID] == nil }) {
            _ = sync()
            names = try knownNames(me: me)
        }
        let childNames = try store.childNames()
        return listed.map { device in
            var named = device
            if let name = names[device.deviceID] { named.deviceName = name }
            if let tag = device.childName, let childName = childNames[tag] { named.childName = childName }
            return named
        }
    }

    /// The family's devices: from the server, or — while it cannot be reached — as last pulled, so that a
    /// command can still be queued for a child.
    public func knownDevices() throws -> [RegisteredDevice] {
        do {
            return try devices()
        } catch FamilyClientError.unreachable(let server, let reason) {
            let pulled = try store.records(.device).compactMap { change -> RegisteredDevice? in
                guard let identity = try? SyncJSON.record(DeviceIdentity.self, from: change.body), let mode = identity.mode else { return nil }
                return RegisteredDevice(deviceID: identity.id, deviceName: identity.name, deviceType: mode, parentDeviceID: nil,
                                        registrationDate: change.committedAt, lastSyncDate: nil, isActive: true)
            }
            guard !pulled.isEmpty else { throw FamilyClientError.unreachable(server: server, reason: reason) }
            return pulled
        }
    }

    /// The device `text` names: its id (or the start of it, 4 characters at least) or its name, ignoring case; else
    /// the child it was paired for, when that child has this one device.
    public func resolve(_ text: String, in devices: [RegisteredDevice]) throws -> RegisteredDevice {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        var matches = devices.filter {
            $0.deviceName.lowercased() == wanted || $0.deviceID.description.lowercased() == wanted
                || (wanted.count >= 4 && $0.deviceID.description.lowercased().hasPrefix(wanted))
        }
        if matches.isEmpty { matches = devices.filter { $0.isActive && $0.childName?.lowercased() == wanted } }
        guard matches.count == 1, let device = matches.first else { throw FamilyInputError.unknownDevice(text) }
        return device
    }

    /// The device `text` names among the family's devices (`knownDevices`); when none is named, after one sync round
    /// — a device that joined a moment ago is known by name once its record came.
    func resolveSyncing(_ text: String) throws -> RegisteredDevice {
        do {
            return try resolve(text, in: try knownDevices())
        } catch FamilyInputError.unknownDevice {
            _ = sync()
            return try resolve(text, in: try knownDevices())
        }
    }

    /// Renames a device of the family. In an end-to-end family the name lives in the device's own sealed record,
    /// which only that device writes: it renames itself (`lockout family setup MODE --name`).
    public func rename(_ text: String, to name: String) throws -> RegisteredDevice {
        let name = try DeviceIdentity.validName(name)
        let (membership, _) = try member(of: [.parentDevice])
        let device = try resolve(text, in: try devices())
        guard try !store.isEndToEnd() else {
            throw FamilyInputError.invalidValue(
                "in an end-to-end encrypted family the server never learns a device's name: rename it on the device itself with 'lockout family setup \(device.deviceType.word) --name NAME'"
            )
        }
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        return try client.rename(device.deviceID, to: name)
    }

    /// Revokes a device's token at once; its data stays. In an end-to-end family the revocation carries the next
    /// epoch of every scope the device was in, so nothing written after it opens with the keys it kept; another
    /// parent rotating or revoking meanwhile makes the server refuse it (409 `stale_epoch` or `roster_changed`),
    /// and it is built again on the newest epochs and devices once.
    public func revoke(_ text: String) throws -> RegisteredDevice {
        let (membership, _) = try member(of: [.parentDevice])
        let device = try resolve(text, in: try devices())
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        let sync = FamilySync(store: store, applier: applier, connector: connector, now: now, encryption: encryption)
        defer { sync.shutdown() }
        do {
            try client.revoke(device.deviceID, rotations: try sync.rotations(revoking: device.deviceID, client: client))
        } catch FamilyClientError.refused(409, let code, _, _) where code == "stale_epoch" || code == "roster_changed" {
            try client.revoke(device.deviceID, rotations: try sync.rotations(revoking: device.deviceID, client: client))
        }
        return device
    }

    /// What the parent types to turn its family end-to-end encrypted.
    public static let encryptConfirmation = "encrypt"

    /// Turns this plaintext family end-to-end encrypted, after the typed confirmation (`encrypt`): every other
    /// device is deleted from the server with its data — the plaintext the server held of it goes with it — and is
    /// paired again with a new code; this device's name leaves the server, and its records go sealed from now on.
    /// Answers the devices removed. Run again after a failure, it goes on where it stopped.
    public func encrypt(confirmation: String?) throws -> [RegisteredDevice] {
        let (membership, me) = try member(of: [.parentDevice])
        guard encryption != nil else { throw FamilyInputError.invalidValue("this device cannot keep a family's keys") }
        guard try !store.isEndToEnd() else { throw FamilyInputError.invalidValue("this family is end-to-end encrypted already") }
        guard confirmation?.trimmingCharacters(in: .whitespaces) == Self.encryptConfirmation else {
            throw FamilyInputError.confirmationMismatch(expected: Self.encryptConfirmation)
        }
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        let others = try client.devices().filter { $0.deviceID != me.id }
        for device in others { try client.delete(device.deviceID) }
        _ = try client.rename(me.id, to: DeviceNames.shownToServer(me.id))
        try store.setEndToEnd(true)
        // The plaintext registration on the server is replaced by a sealed one.
        try store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .device, recordID: me.id.description, body: try SyncJSON.body(me)),
                          now: now())
        _ = sync()
        return others
    }

    /// Deletes a device and everything it synced, after the typed confirmation (its name).
    public func remove(_ text: String, confirmation: String?) throws -> RegisteredDevice {
        let (membership, me) = try member(of: [.parentDevice])
        let device = try resolve(text, in: try devices())
        guard device.deviceID != me.id else { throw FamilyInputError.invalidValue("this is your own device: 'lockout family delete' deletes the family") }
        guard confirmation?.trimmingCharacters(in: .whitespaces) == device.deviceName else {
            throw FamilyInputError.confirmationMismatch(expected: device.deviceName)
        }
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        try client.delete(device.deviceID)
        _ = sync()
        return device
    }

    /// Deletes the family with everything in it on the server, after the typed confirmation, and leaves it.
    public func deleteFamily(confirmation: String?) throws {
        guard confirmation?.trimmingCharacters(in: .whitespaces) == Self.deleteFamilyConfirmation else {
            throw FamilyInputError.confirmationMismatch(expected: Self.deleteFamilyConfirmation)
        }
        let (membership, _) = try member(of: [.parentDevice])
        let client = FamilyClient(server: membership.server, token: membership.token, connector: connector)
        defer { client.shutdown() }
        try client.deleteFamily()
        try store.reset()
        _ = sync()
    }

    /// What `lockout family delete` asks to be typed.
    public static let deleteFamilyConfirmation = "delete family"

    /// A device's day summaries of the last `days` days, newest last, after a sync.
    public func usage(_ text: String, days: Int, today: LocalDate, calendar: Calendar) throws -> (RegisteredDevice, [DailySummary]) {
        _ = try member(of: [.parentDevice])
        let device = try resolveSyncing(text)
        _ = sync()
        let first = today.adding(days: -(days - 1), in: calendar)
        let summaries = try store.records(.dailySummary, owner: device.deviceID)
            .compactMap { try? SyncJSON.record(DailySummary.self, from: $0.body) }
            .filter { $0.date >= first && $0.date <= today }
            .sorted { $0.date < $1.date }
        return (device, summaries)
    }

    /// A child's rewards as its newest day summary carried them, after a sync; nil when it sent none yet.
    public func rewards(_ text: String) throws -> (RegisteredDevice, RewardsSnapshot?, Date?) {
        _ = try member(of: [.parentDevice])
        let device = try resolveSyncing(text)
        _ = sync()
        let newest = try store.records(.dailySummary, owner: device.deviceID)
            .compactMap { try? SyncJSON.record(DailySummary.self, from: $0.body) }
            .filter { $0.rewards != nil }
            .max { $0.lastUpdated < $1.lastUpdated }
        return (device, newest?.rewards, newest?.lastUpdated)
    }

    /// Sends `change` to a child device: queued, then pushed at once (it waits in the outbox while the
    /// server cannot be reached).
    public func send(_ change: ConfigurationChange, to text: String) throws -> (RegisteredDevice, ConfigurationCommand, SyncRoundOutcome) {
        try change.validate()
        _ = try member(of: [.parentDevice])
        let device = try resolveSyncing(text)
        guard device.isActive else { throw FamilyInputError.invalidValue("\(device.deviceName) is revoked") }
        guard device.deviceType != .parentDevice else { throw FamilyInputError.invalidValue("configuration goes to a child or personal device") }
        let command = ConfigurationCommand(commandID: CommandID(rawValue: UUID()), targetDeviceID: device.deviceID, change: change, createdAt: now())
        try store.enqueue(SyncMutation(
            id: MutationID(rawValue: UUID()), type: .command, recordID: command.commandID.description, target: device.deviceID,
            body: try SyncJSON.body(command)
        ), now: now())
        return (device, command, sync())
    }

    /// Sends a pending command again (`text`: its id, or the start of it, 8 characters at least): the same command,
    /// under a new mutation, so a device that carried it out already does not again, and one the server never gave
    /// it gets it now.
    public func resend(_ text: String) throws -> (SentCommand, SyncRoundOutcome) {
        _ = try member(of: [.parentDevice])
        _ = sync()
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = try sentCommands().filter { sent in
            let id = sent.command.commandID.description.lowercased()
            return id == wanted || (wanted.count >= 8 && id.hasPrefix(wanted))
        }
        guard matches.count == 1, let sent = matches.first else {
            throw FamilyInputError.invalidValue("no command '\(text)' was sent from this device: 'lockout family commands' lists them")
        }
        guard sent.status == .pending else {
            throw FamilyInputError.invalidValue("that command was \(sent.status == .applied ? "applied" : "refused") already: nothing to send again")
        }
        try store.enqueue(SyncMutation(
            id: MutationID(rawValue: UUID()), type: .command, recordID: sent.command.commandID.description, target: sent.command.targetDeviceID,
            body: try SyncJSON.body(sent.command)
        ), now: now())
        return (sent, sync())
    }

    /// The commands sent from this device (to `device`, when given), with their acknowledgements, as last pulled.
    public func sentCommands(to device: DeviceID? = nil) throws -> [SentCommand] {
        let acks = try store.records(.commandAck).compactMap { try? SyncJSON.record(CommandAcknowledgement.self, from: $0.body) }
        let byCommand = Dictionary(acks.map { ($0.commandID, $0) }, uniquingKeysWith: { first, _ in first })
        return try store.records(.command, target: device)
            .compactMap { try? SyncJSON.record(ConfigurationCommand.self, from: $0.body) }
            .map { command in
                let ack = byCommand[command.commandID]
                return SentCommand(command: command, status: ack?.status ?? .pending, reason: ack?.reason, executedAt: ack?.executedAt)
            }
    }
}
