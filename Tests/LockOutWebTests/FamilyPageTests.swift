import Foundation
import LockOutCore
import Testing
@testable import LockOutWeb

/// A parent's Family page in an end-to-end family whose server misbehaved: the warnings in words, and a command
/// the server may have lost offered to be sent again.
@Suite("Family page: what the server did, in words")
struct FamilyPageTests {
    static let now = RewardsPageFixture.now
    static let anna = DeviceID(rawValue: UUID())

    static func page(commandAge: TimeInterval, annaSynced: Date?) -> String {
        let me = DeviceIdentity(id: DeviceID(rawValue: UUID()), name: "Parent laptop", mode: .parentDevice)
        let warning = FamilyWarning(kind: .rolledBack, device: anna, count: 2, since: now.addingTimeInterval(-3_600))
        let encryption = FamilyEncryptionStatus(
            epochs: [SyncAPI.ScopeEpoch(scope: .parents, epoch: 1)], waitingForKey: 1, refused: 2, waitingFrom: ["Anna's laptop"],
            warnings: [.init(warning: warning, name: "Anna's <laptop>", isMe: false)]
        )
        let status = FamilySyncStatus(device: me, server: URL(string: "http://127.0.0.1:8443"), family: FamilyID(rawValue: UUID()), lastSync: now,
                                      queued: 0, failed: 0, activity: .synced, nextAttempt: nil, encryption: encryption)
        let device = RegisteredDevice(deviceID: anna, deviceName: "Anna's laptop", deviceType: .childDevice, parentDeviceID: me.id,
                                      registrationDate: now.addingTimeInterval(-86_400 * 3), lastSyncDate: annaSynced, isActive: true)
        let command = ConfigurationCommand(commandID: CommandID(rawValue: UUID()), targetDeviceID: anna, change: .snooze(minutes: 7),
                                           createdAt: now.addingTimeInterval(-commandAge))
        return FamilyPage.render(
            .parent(devices: [device], unreachable: nil, commands: [SentCommand(command: command, status: .pending, reason: nil, executedAt: nil)],
                    status: status),
            chrome: RewardsPageFixture.chrome(.family), calendar: RewardsPageFixture.calendar
        )
    }

    @Test("the warnings and why records wait are listed, escaped, with 1 record that waits")
    func warnings() {
        let html = Self.page(commandAge: 600, annaSynced: Self.now)
        #expect(html.contains(#"id="family-warnings""#))
        #expect(html.contains("The server sent older versions of 2 records of Anna's &lt;laptop&gt; than this device holds"))
        #expect(html.contains("1 record waits for a key"))
        #expect(html.contains("1 record of Anna's laptop waits for a key a parent device has not shared with this one yet"))
    }

    @Test("a pending command says how long it waited; a day later, with its device synced since, it may be lost and can be sent again")
    func lostCommand() {
        let fresh = Self.page(commandAge: 600, annaSynced: Self.now)
        #expect(fresh.contains("waiting for the device for 10 min") && !fresh.contains(#"value="resend""#))
        let stale = Self.page(commandAge: 26 * 3_600, annaSynced: Self.now.addingTimeInterval(-3_600))
        #expect(stale.contains("waiting for the device for 1 day, though it synced since: the server may have lost it"))
        #expect(stale.contains(#"value="resend""#) && stale.contains(#"name="commandID""#))
        let offline = Self.page(commandAge: 26 * 3_600, annaSynced: Self.now.addingTimeInterval(-30 * 3_600))
        #expect(!offline.contains(#"value="resend""#), "a device that has not synced since may simply be away")
    }
}
