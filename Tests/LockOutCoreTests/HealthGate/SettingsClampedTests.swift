import Foundation
import Testing
@testable import LockOutCore

/// Stored settings are brought into their ranges when read, and say what changed.
@Suite("Settings clamped into their ranges when read")
struct SettingsClampedTests {
    @Test("valid gate, break and focus settings read back unchanged, with nothing to report")
    func validUnchanged() {
        var gate = GateSettings(blockedApps: [BlockedApp(executable: "steam")])
        gate.unlockTime = GateGoal(isEnabled: true, target: 1_439, schedule: .chosen(days: [.monday]))
        #expect(gate.clamped().settings == gate)
        #expect(gate.clamped().corrections.isEmpty)
        #expect(BreakSettings.defaults.clamped().corrections.isEmpty)
        #expect(FocusSettings.defaults.clamped().corrections.isEmpty)
    }

    @Test("an unlock time stored as 2000 minutes reads as 23:59, and says so")
    func unlockTime() throws {
        var settings = GateSettings.defaults
        settings.unlockTime = GateGoal(isEnabled: true, target: 2_000)
        let (clamped, corrections) = settings.clamped()
        #expect(clamped.unlockTime.target == 1_439)
        #expect(try clamped.validate() == ())
        #expect(corrections.map(\.description) == ["gate unlock-time: stored 33:20 is outside 00:00...23:59, read as 23:59"])
    }

    @Test("every goal's target is clamped into its range", arguments: [
        (GateGoalKind.steps, 200, 500), (.steps, 250_000, 100_000), (.energy, 0, 10), (.energy, 9_000, 5_000),
        (.exercise, -3, 1), (.exercise, 1_000, 600), (.unlockTime, -10, 0),
    ])
    func targets(kind: GateGoalKind, stored: Int, read: Int) {
        var settings = GateSettings.defaults
        settings[kind].target = stored
        let (clamped, corrections) = settings.clamped()
        #expect(clamped[kind].target == read)
        #expect(corrections.count == 1)
    }

    @Test("steps off the 500-step increment round to the nearest multiple, halves up", arguments: [
        (8_250, 8_500), (8_249, 8_000), (8_499, 8_500), (99_999, 100_000),
    ])
    func stepsIncrement(stored: Int, read: Int) {
        var settings = GateSettings.defaults
        settings.steps.target = stored
        let (clamped, corrections) = settings.clamped()
        #expect(clamped.steps.target == read)
        #expect(corrections.map(\.reason) == ["not a multiple of 500"])
    }

    @Test("an empty set of chosen days reads as every day; protected, malformed and repeated blocked apps are left out")
    func daysAndApps() throws {
        var settings = GateSettings.defaults
        settings.energy.schedule = .chosen(days: [])
        settings.blockedApps = ["steam", "bash", "/usr/bin/x", "steam", "firefox"].map { BlockedApp(executable: $0) }
        let (clamped, corrections) = settings.clamped()
        #expect(clamped.energy.schedule == .everyDay)
        #expect(clamped.blockedApps.map(\.executable) == ["steam", "firefox"])
        #expect(corrections.count == 4)
        #expect(try clamped.validate() == ())
    }

    @Test("a held edit in the gate record is clamped too")
    func heldEdit() {
        var record = GateRecord.initial(day: GateFixture.monday)
        var held = GateSettings.defaults
        held.steps.target = 100
        record.pendingSettings = held
        let (clamped, corrections) = record.clamped()
        #expect(clamped.pendingSettings?.steps.target == 500)
        #expect(corrections.map(\.setting) == ["held gate edit steps"])
    }

    @Test("break intervals, durations, snooze and retention are clamped; a bad working-hours window is left out")
    func breaks() {
        var settings = BreakSettings.defaults
        settings.eye.intervalMinutes = 0
        settings.long.durationSeconds = 99_999
        settings.snoozeMinutes = 600
        settings.retentionDays = 1
        settings.workingHours = WorkingHours(windows: [
            2: .init(startMinute: -60, endMinute: 1_500), 3: .init(startMinute: 600, endMinute: 540), 9: .init(startMinute: 0, endMinute: 60),
        ])
        let (clamped, corrections) = settings.clamped()
        #expect(clamped.eye.intervalMinutes == 1)
        #expect(clamped.long.durationSeconds == 3_600)
        #expect(clamped.snoozeMinutes == 60)
        #expect(clamped.retentionDays == 7)
        #expect(clamped.workingHours == WorkingHours(windows: [2: .init(startMinute: 0, endMinute: 1_440)]))
        #expect(corrections.count == 8)
        #expect(throws: Never.self) { try clamped.validate() }
    }

    @Test("focus durations and cycles are clamped")
    func focus() {
        var settings = FocusSettings.defaults
        settings.cycles = 99
        settings.focusMinutes = 1
        let (clamped, corrections) = settings.clamped()
        #expect(clamped.cycles == 10)
        #expect(clamped.focusMinutes == 5)
        #expect(corrections.map(\.description) == [
            "focus focus: stored 1 min is outside 5...120, read as 5 min",
            "focus cycles: stored 99 cycles is outside 1...10, read as 10 cycles",
        ])
    }
}
