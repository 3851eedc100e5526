import Foundation
import GRDB
import LockOutAgent
import LockOutCore
import LockOutRuntime
@testable import LockOutServer
import LockOutStore
import Testing

/// A device that just joined an end-to-end family is known by its name at once: it seals its name for the parent
/// that made the code, and the parent opens it as it checks the device's keys — the server sees neither.
@Suite("Family sync: a just-joined device's name")
struct JoinedNameTests {
    @Test("the parent names a child that just joined and sends it a command by its name or its child's, before the child synced again")
    func namedFromTheStart() async throws {
        try await withFamilyServer { port, storage in
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: true)
                _ = parent.syncOnce()
                let child = try TestDevice.make(.childDevice, name: "Kid's laptop")
                _ = try child.family.join(payload: try parent.family.pair(mode: .childDevice, childName: "Kid").payload)
                // The child's own sealed record waits in its outbox for a key; the parent knows its name all the same.
                #expect(try child.store.counts().queued >= 1)
                let devices = try parent.family.devices()
                #expect(devices.map(\.deviceName).sorted() == ["Kid's laptop", "Parent laptop"], "\(devices.map(\.deviceName))")
                #expect(devices.first { $0.deviceName == "Kid's laptop" }?.childName == "Kid")
                _ = try parent.family.send(.snooze(minutes: 7), to: "Kid's laptop")
                _ = try parent.family.send(.snooze(minutes: 9), to: "Kid")
                #expect(throws: FamilyInputError.self) { _ = try parent.family.send(.snooze(minutes: 9), to: "Nobody") }
                #expect(child.syncOnce() == .synced(applied: 2))
            }
            let sealed = try await storage.writer.read { db in try String.fetchAll(db, sql: "SELECT sealedName FROM device WHERE sealedName IS NOT NULL") }
            #expect(sealed.count == 1 && sealed.allSatisfy { $0.hasPrefix(PairingKey.namePrefix) && !$0.contains("Kid") })
            let names = try await storage.writer.read { db in try String.fetchAll(db, sql: "SELECT name FROM device") }
            #expect(!names.contains { $0.contains("Kid") })
        }
    }

    @Test("a sealed name opens only with its pairing key, for its own device and family")
    func sealedName() throws {
        let cipher = SwiftCryptoFamilyCipher()
        let key = PairingKey.make(cipher: cipher), other = PairingKey.make(cipher: cipher)
        let family = FamilyID(rawValue: UUID()), device = DeviceID(rawValue: UUID())
        let sealed = key.sealName("Kid's laptop", family: family, device: device, cipher: cipher)
        #expect(Base64URL.decode(String(sealed.dropFirst(PairingKey.namePrefix.count)))?.count == PairingKey.sealedNameBytes)
        #expect(key.openName(sealed, family: family, device: device, cipher: cipher) == "Kid's laptop")
        #expect(key.sealName("A", family: family, device: device, cipher: cipher).count == sealed.count, "every name seals to one length")
        #expect(other.openName(sealed, family: family, device: device, cipher: cipher) == nil)
        #expect(key.openName(sealed, family: family, device: DeviceID(rawValue: UUID()), cipher: cipher) == nil, "moved to another device")
        #expect(key.openName(sealed, family: FamilyID(rawValue: UUID()), device: device, cipher: cipher) == nil)
        #expect(key.openName("n1.AAAA", family: family, device: device, cipher: cipher) == nil)
    }
}
