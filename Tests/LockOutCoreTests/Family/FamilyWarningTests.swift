import Foundation
import LockOutCore
import Testing

@Suite("An end-to-end family's status in words")
struct FamilyWarningTests {
    static let now = Date(timeIntervalSince1970: 1_764_000_000)
    static let anna = DeviceID(rawValue: UUID())
    static let me = DeviceID(rawValue: UUID())

    static func status(waiting: Int, from: [String] = [], warnings: [FamilyEncryptionStatus.Notice] = []) -> FamilyEncryptionStatus {
        FamilyEncryptionStatus(epochs: [SyncAPI.ScopeEpoch(scope: .parents, epoch: 1)], waitingForKey: waiting, refused: 0, waitingFrom: from,
                               warnings: warnings)
    }

    @Test("counts agree with their nouns and verbs: 1 record waits, 2 records wait")
    func grammar() {
        #expect(Self.status(waiting: 1).line == "end-to-end encrypted — keys: parents at epoch 1; 1 record waits for a key")
        #expect(Self.status(waiting: 2).line == "end-to-end encrypted — keys: parents at epoch 1; 2 records wait for a key")
        #expect(Counted.words(1, "day") == "1 day" && Counted.words(3, "day") == "3 days")
        #expect(DurationParser.waited(30) == "under a minute" && DurationParser.waited(7_200) == "2 h" && DurationParser.waited(86_400) == "1 day")
    }

    @Test("a rollback names the device, since when, and what to do")
    func rollback() {
        let warning = FamilyWarning(kind: .rolledBack, device: Self.anna, count: 3, since: Self.now)
        let notices = Self.status(waiting: 0, warnings: [.init(warning: warning, name: "Anna's laptop", isMe: false)])
            .notices { _ in "2025-11-24 16:00" }
        #expect(notices == [
            "The server sent older versions of 3 records of Anna's laptop than this device holds (since 2025-11-24 16:00): they were refused and "
                + "the newer copies kept. The server may have been restored from a backup: ask whoever runs it. If it was not, the server is "
                + "changing your family's data.",
        ])
    }

    @Test("records waiting for a key say why: this device's own keys changed on the server, or no parent shared the key yet")
    func waitingCause() {
        let changed = FamilyWarning(kind: .changedKeys, device: Self.me, since: Self.now)
        let mine = Self.status(waiting: 3, from: ["Anna's laptop"], warnings: [.init(warning: changed, name: "Parent desk", isMe: true)])
            .notices { _ in "today" }
        #expect(mine.count == 2)
        #expect(mine[0].hasPrefix("The server lists other keys for this device than its own (since today)"))
        #expect(mine[0].contains("pair it again"))
        #expect(mine[1] == "3 records of Anna's laptop wait for a key no device can share with this one while the server lists other keys for it.")
        let notYet = Self.status(waiting: 1, from: ["Anna's laptop"]).notices { _ in "today" }
        #expect(notYet == ["1 record of Anna's laptop waits for a key a parent device has not shared with this one yet: it does at its next sync. "
            + "If it keeps waiting, read a parent device's family status."])
    }

    @Test("another device's changed keys say that nothing new is shared with it until it is paired again; a warning fades a week after it was last seen")
    func changedKeys() {
        let warning = FamilyWarning(kind: .changedKeys, device: Self.anna, since: Self.now)
        let text = warning.sentence(name: "Anna's laptop", isMe: false, sinceText: "today")
        #expect(text.contains("other keys for Anna's laptop") && text.contains("lockout family remove Anna's laptop"))
        #expect(warning.isShown(at: Self.now.addingTimeInterval(6 * 86_400)))
        #expect(!warning.isShown(at: Self.now.addingTimeInterval(7 * 86_400)))
    }

    @Test("a pending command says how long it waited, and that the server may have lost it once its device synced a day after")
    func pendingCommand() {
        let command = ConfigurationCommand(commandID: CommandID(rawValue: UUID()), targetDeviceID: Self.anna, change: .snooze(minutes: 7),
                                           createdAt: Self.now)
        let sent = SentCommand(command: command, status: .pending, reason: nil, executedAt: nil)
        #expect(sent.waitingText(now: Self.now.addingTimeInterval(3 * 3_600), targetLastSync: Self.now.addingTimeInterval(3_600)) == "for 3 h")
        let later = Self.now.addingTimeInterval(26 * 3_600)
        #expect(!sent.mayBeLost(now: later, targetLastSync: Self.now.addingTimeInterval(-60)), "the device has not synced since")
        #expect(sent.mayBeLost(now: later, targetLastSync: Self.now.addingTimeInterval(3_600)))
        let text = sent.waitingText(now: later, targetLastSync: Self.now.addingTimeInterval(3_600)) ?? ""
        #expect(text.hasPrefix("for 1 day, though the device synced since: the server may have lost it"))
        #expect(text.hasSuffix("'lockout family resend \(command.commandID.description.prefix(8).lowercased())'"))
        let applied = SentCommand(command: command, status: .applied, reason: nil, executedAt: Self.now)
        #expect(applied.waitingText(now: later, targetLastSync: later) == nil && !applied.mayBeLost(now: later, targetLastSync: later))
    }
}
