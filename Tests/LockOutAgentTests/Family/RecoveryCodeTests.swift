import Foundation
import LockOutCore
import LockOutRuntime
import LockOutServer
import Testing

/// Every parent device lost: the family's recovery code brings it back on a new device, which reads what the
/// children sent and steers them as the lost parent did; a newer code retires the one before.
@Suite("Family: the recovery code")
struct RecoveryCodeTests {
    @Test("a new parent device recovers the family with the code: it reads the child's records and the child obeys it")
    func recovers() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            try await offPool {
                #expect(throws: FamilyInputError.self) { _ = try child.family.recoveryCode() }
                let code = try parent.family.recoveryCode()
                let text = code.text
                #expect(text.hasPrefix(RecoveryCode.prefix))
                #expect(try RecoveryCode(parsing: " \(text)\n") == code)
                #expect(throws: FamilyInputError.self) { _ = try RecoveryCode(parsing: String(text.dropLast(20))) }
                // The child learns the recovery device from the parent's commits, then sends its day.
                _ = child.syncOnce()
                let childID = try child.store.identity(defaultName: "x").id
                let day = LocalDate(year: 2025, month: 11, day: 24)
                let totals = HealthTotalsRecord(deviceID: childID, deviceName: "Anna's laptop", date: day, steps: 4_321, activeEnergy: 100,
                                                exerciseMinutes: 5, readAt: TestDevice.now)
                try child.store.enqueue(try totals.mutation(id: MutationID(rawValue: UUID())), now: TestDevice.now)
                _ = try parent.family.send(.snooze(minutes: 7), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))

                // Every parent device is lost. A new one, set up afresh, recovers the family.
                let rescue = try TestDevice.make(.parentDevice, name: "New laptop")
                let personal = try TestDevice.make(.childDevice, name: "Somebody")
                #expect(throws: FamilyInputError.self) { _ = try personal.family.recover(code: text) }
                _ = try rescue.family.recover(code: text)
                #expect(try rescue.store.identity(defaultName: "x").id == code.device)
                #expect(rescue.syncOnce() == .synced(applied: 0))
                #expect(try rescue.family.status().encryption?.refused == 0)
                #expect(try rescue.family.devices().map(\.deviceName).contains("Anna's laptop"))
                #expect(try rescue.store.records(.command).contains { $0.body.contains("snooze") }, "it reads what the lost parent sent")
                _ = try rescue.family.send(.snooze(minutes: 9), to: "Anna's laptop")
                #expect(child.syncOnce() == .synced(applied: 1))
                #expect(child.applier.applied.withLock { $0 }.count == 2)
                // The recovered device makes the next code; it stays, and the new code's device joins it.
                let next = try rescue.family.recoveryCode()
                let active = try rescue.family.devices().filter(\.isActive).map(\.deviceID)
                #expect(active.contains(code.device) && active.contains(next.device))
            }
        }
    }

    @Test("a newer recovery code retires the one before: its device is revoked, and the old code recovers nothing")
    func newerCodeRetiresOlder() async throws {
        try await withFamilyServer { port, _ in
            let (parent, _) = try await pairedFamily(server: "http://127.0.0.1:\(port)", endToEnd: true)
            try await offPool {
                let first = try parent.family.recoveryCode()
                let second = try parent.family.recoveryCode()
                let active = try parent.family.devices().filter(\.isActive).map(\.deviceID)
                #expect(active.contains(second.device) && !active.contains(first.device))
                let rescue = try TestDevice.make(.parentDevice, name: "New laptop")
                #expect(throws: FamilyClientError.self) { _ = try rescue.family.recover(code: first.text) }
                #expect(try rescue.store.membership() == nil)
                // Nothing of the retired code was kept: the newer one recovers on the same device.
                _ = try rescue.family.recover(code: second.text)
                #expect(rescue.syncOnce() == .synced(applied: 0))
            }
        }
    }
}
