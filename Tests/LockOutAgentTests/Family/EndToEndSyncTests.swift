import Foundation
import GRDB
import LockOutCore
import LockOutRuntime
@testable import LockOutServer
import LockOutStore
import Testing

/// Family sync of an end-to-end family through a live server: the devices' keys in their data directories,
/// records sealed at send and opened at pull, and a server that holds none of their words.
@Suite("Family sync: end-to-end encrypted")
struct EndToEndSyncTests {
    /// One column of every row of a table the server keeps, read straight from its database.
    static func stored(_ column: String, of table: String, in storage: SQLiteFamilyStorage) async throws -> [String] {
        try await storage.writer.read { db in try String.fetchAll(db, sql: "SELECT \(column) FROM \(table)") }
    }

    @Test("a child waits for its keys; the parent commits them; commands and acknowledgements travel sealed and apply once")
    func commandsRoundTrip() async throws {
        try await withFamilyServer { port, storage in
            try await offPool {
                // The family is end-to-end from its creation; the pairing code says so to the child.
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: true)
                let pairing = try parent.family.pair(mode: .childDevice)
                #expect(try PairingPayload(parsing: pairing.payload).endToEnd == true)
                let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
                _ = try child.family.join(payload: pairing.payload)
                #expect(try child.store.isEndToEnd())
                // The child's registration waits in its outbox: no parent has given its scope a key yet.
                guard case .waiting(let reason, _) = child.syncOnce() else {
                    Issue.record("the child did not wait for its keys")
                    return
                }
                #expect(reason.contains("waiting for the family's keys"), "\(reason)")
                #expect(try child.store.counts().queued >= 1)

                #expect(parent.syncOnce() == .synced(applied: 0))
                #expect(child.syncOnce() == .synced(applied: 0))
                #expect(try child.store.counts().queued == 0)
                // The keys stay in the data directory, private to the user.
                let keyFile = child.directory.appendingPathComponent("device-keys.json").path
                let permissions = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
                #expect(permissions == 0o600)

                let changes: [ConfigurationChange] = [.snooze(minutes: 7), .breakKind(.eye, intervalMinutes: 25, durationSeconds: nil, enabled: nil)]
                for change in changes { _ = try parent.family.send(change, to: "Anna's laptop") }
                #expect(child.syncOnce() == .synced(applied: 2))
                #expect(child.applier.applied.withLock { $0 } == changes.map(\.localCommand))
                #expect(child.syncOnce() == .synced(applied: 0))
                _ = parent.family.sync()
                #expect(try parent.family.sentCommands().map(\.status) == [.applied, .applied])
                // Both say so in their status, with the keys they hold.
                let childID = try child.store.identity(defaultName: "x").id
                let parentSays = try #require(try parent.family.status().encryption)
                #expect(parentSays.epochs.map(\.scope) == [.child(childID), .parents, PersonScope.child(device: childID)])
                #expect(parentSays.waitingForKey == 0 && parentSays.refused == 0)
                #expect(try child.family.status().encryption?.line
                    == "end-to-end encrypted — keys: child:\(childID) at epoch 1, \(PersonScope.child(device: childID)) at epoch 1")
            }
            // The server holds sealed bodies only: no command, acknowledgement or device name in any of them.
            let bodies = try await Self.stored("body", of: "record", in: storage)
            #expect(bodies.contains { $0.hasPrefix(SealedBody.prefix) })
            for word in ["snooze", "intervalMinutes", "commandID", "applied", "Anna's laptop"] {
                #expect(!bodies.contains { $0.contains(word) }, "the server's database holds '\(word)'")
            }
        }
    }

    @Test("revoking one of a child's two devices rotates the child's person scope for the other alone; its next totals go under the new epoch")
    func revocationRotates() async throws {
        try await withFamilyServer { port, storage in
            let (parent, laptop, phone) = try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: true)
                var devices: [TestDevice] = []
                for name in ["Anna's laptop", "Anna's phone"] {
                    let pairing = try parent.family.pair(mode: .childDevice, childName: "Anna")
                    let device = try TestDevice.make(.childDevice, name: name)
                    _ = try device.family.join(payload: pairing.payload)
                    devices.append(device)
                }
                for device in devices { _ = device.syncOnce() }
                #expect(parent.syncOnce() == .synced(applied: 0))
                for device in devices { #expect(device.syncOnce() == .synced(applied: 0)) }
                _ = try parent.family.revoke("Anna's phone")
                return (parent, devices[0], devices[1])
            }
            let family = try #require(try laptop.store.membership()).family
            let laptopID = try laptop.store.identity(defaultName: "x").id, phoneID = try phone.store.identity(defaultName: "x").id
            let laptopCaller = Caller(device: laptopID, family: family, mode: .childDevice)
            // The server knows the child by a keyed tag, never by its name, which the parent still shows.
            let parentCaller = Caller(device: try parent.store.identity(defaultName: "x").id, family: family, mode: .parentDevice)
            let onServer = try await storage.devices(caller: parentCaller, now: TestDevice.now).compactMap(\.childName)
            #expect(onServer.count == 2 && Set(onServer).count == 1 && !onServer.contains { $0.contains("Anna") }, "\(onServer)")
            let tag = try #require(onServer.first)
            #expect(try await offPool { try parent.family.devices().filter { $0.deviceID == laptopID }.map(\.childName) } == ["Anna"])
            let person = PersonScope.child(named: tag, family: family, digest: SwiftCryptoFamilyCipher().digest)
            // Epoch 1 for the laptop, 2 with the phone beside it (paired after the parent's first round), 3 without it.
            let epochs = try await storage.keys(caller: laptopCaller).epochs.filter { $0.scope == person }
            #expect(epochs.map(\.epoch) == [1, 2, 3])
            #expect(epochs.dropLast().last.map { $0.members.contains(phoneID) } == true)
            #expect(epochs.last.map { !$0.members.contains(phoneID) && $0.members.contains(laptopID) } == true)

            try await offPool {
                let day = LocalDate(year: 2025, month: 11, day: 24)
                let totals = HealthTotalsRecord(deviceID: laptopID, deviceName: "Anna's laptop", date: day, steps: 9_000, activeEnergy: 200,
                                                exerciseMinutes: 10, readAt: TestDevice.now)
                try laptop.store.enqueue(try totals.mutation(id: MutationID(rawValue: UUID())), now: TestDevice.now)
                #expect(laptop.syncOnce() == .synced(applied: 0))
                _ = parent
            }
            let sent = try await storage.changes(caller: laptopCaller, since: 0, limit: 500).changes.filter { $0.type == .healthTotals }
            #expect(sent.map(\.keyEpoch) == [3])
        }
    }

    @Test("the server never learns a device's name: the parent reads it from the sealed device record, and a device renames itself")
    func namesStayOnTheDevices() async throws {
        try await withFamilyServer { port, storage in
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)")
                let child = try TestDevice.make(.childDevice, name: "Anna's laptop")
                _ = try child.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                _ = parent.syncOnce()
                _ = child.syncOnce()
                _ = parent.syncOnce()
                #expect(try parent.family.devices().map(\.deviceName).sorted() == ["Anna's laptop", "Parent laptop"])
                _ = try parent.family.send(.snooze(minutes: 7), to: "Anna's laptop")

                // A parent cannot rename a child's device here: the name is the device's own sealed record.
                #expect(throws: FamilyInputError.self) { _ = try parent.family.rename("Anna's laptop", to: "Anna's old laptop") }
                _ = try child.family.setup(.childDevice, name: "Anna's desk")
                _ = child.syncOnce()
                _ = parent.syncOnce()
                #expect(try parent.family.devices().map(\.deviceName).sorted() == ["Anna's desk", "Parent laptop"])
            }
            let names = try await Self.stored("name", of: "device", in: storage)
            #expect(names.count == 2)
            for name in ["Anna", "Parent laptop", "laptop", "desk"] {
                #expect(!names.contains { $0.contains(name) }, "the server's device table holds '\(name)': \(names)")
            }
        }
    }

    @Test("a parent turns a plaintext family end-to-end: the other devices leave with their plaintext, pair again and sync sealed")
    func encryptExistingFamily() async throws {
        try await withFamilyServer { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            let family = try #require(try parent.store.membership()).family
            try await offPool {
                _ = try parent.family.send(.snooze(minutes: 7), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(throws: FamilyInputError.confirmationMismatch(expected: "encrypt")) { _ = try parent.family.encrypt(confirmation: "yes") }
                #expect(throws: FamilyInputError.self) { _ = try child.family.encrypt(confirmation: "encrypt") }
                let removed = try parent.family.encrypt(confirmation: "encrypt")
                #expect(removed.map(\.deviceName) == ["Anna's laptop"])
                #expect(throws: FamilyInputError.self) { _ = try parent.family.encrypt(confirmation: "encrypt") }
                // The removed child is told at its next round, and pairs again.
                guard case .refused = child.syncOnce() else {
                    Issue.record("the removed child was not refused")
                    return
                }
                try child.family.reset(confirmation: "reset")
                _ = try child.family.setup(.childDevice, name: "Anna's laptop")
                _ = try child.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                _ = parent.syncOnce()
                _ = child.syncOnce()
                _ = try parent.family.send(.snooze(minutes: 9), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(try child.family.status().encryption != nil)
            }
            // Nothing of the plaintext family is left on the server: every record is sealed, and no name is there.
            let parentCaller = Caller(device: try parent.store.identity(defaultName: "x").id, family: family, mode: .parentDevice)
            let changes = try await storage.changes(caller: parentCaller, since: 0, limit: 500).changes
            #expect(!changes.isEmpty)
            #expect(changes.allSatisfy { $0.sealing != nil || ($0.type == .device && $0.deleted) }, "\(changes.map(\.type))")
            let names = try await storage.devices(caller: parentCaller, now: TestDevice.now).map(\.deviceName)
            #expect(!names.contains { $0.contains("laptop") }, "\(names)")
        }
    }

    @Test("a family that is not end-to-end syncs as before: plaintext, no keys sent")
    func plaintextUnchanged() async throws {
        try await withFamilyServer { port, storage in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            try await offPool {
                _ = try parent.family.send(.snooze(minutes: 7), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(try child.family.status().encryption == nil)
            }
            let keys = try await storage.keys(caller: Caller(device: try parent.store.identity(defaultName: "x").id,
                                                             family: try #require(try parent.store.membership()).family, mode: .parentDevice))
            #expect(keys.devices.isEmpty && keys.epochs.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: child.directory.appendingPathComponent("device-keys.json").path))
        }
    }
}
