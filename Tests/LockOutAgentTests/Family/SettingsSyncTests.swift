import Foundation
import LockOutAgent
import LockOutCore
import Testing

@Suite("Settings sync between one person's devices")
struct SettingsSyncTests {
    @Test("a joining device adopts the person's settings; a change on either reaches the other and reschedules through the engine")
    func shareAndFollow() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let desk = try EngineDevice.make(.personalDevice, name: "Desk")
                _ = try desk.breaks.perform(.setKind(.eye, intervalMinutes: 25, durationSeconds: nil, enabled: nil))
                _ = try desk.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false)
                let laptop = try EngineDevice.make(.personalDevice, name: "Laptop")
                _ = try laptop.family.join(payload: try desk.family.pair(mode: .personalDevice).payload)
                #expect(try laptop.settings.eye.intervalMinutes == 25)
                _ = try laptop.breaks.perform(.setSnooze(minutes: 10))
                _ = laptop.family.sync()
                #expect(desk.family.sync() == .synced(applied: 0))
                #expect(try desk.settings.snoozeMinutes == 10)
                #expect(try desk.settings.eye.intervalMinutes == 25)
            }
        }
    }

    @Test("two devices change one field: the one the server commits last wins on both, whatever their clocks say")
    func lastCommitWins() async throws {
        try await withFamilyServer { port, _ in
            try await offPool {
                let desk = try EngineDevice.make(.personalDevice, name: "Desk")
                _ = try desk.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false)
                let laptop = try EngineDevice.make(.personalDevice, name: "Laptop")
                _ = try laptop.family.join(payload: try desk.family.pair(mode: .personalDevice).payload)
                _ = desk.family.sync()
                _ = try desk.breaks.perform(.setKind(.micro, intervalMinutes: 40, durationSeconds: nil, enabled: nil))
                _ = try laptop.breaks.perform(.setKind(.micro, intervalMinutes: 45, durationSeconds: nil, enabled: nil))
                _ = try laptop.breaks.perform(.setRetention(days: 30))
                _ = desk.family.sync()      // commits 40 first
                _ = laptop.family.sync()    // commits 45 after it
                _ = desk.family.sync()
                #expect(try desk.settings.micro.intervalMinutes == 45)
                #expect(try laptop.settings.micro.intervalMinutes == 45)
                #expect(try desk.settings.retentionDays == 30)
            }
        }
    }
}
