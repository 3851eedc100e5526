import Foundation
import Testing
@testable import LockOutCore

@Suite("Family: configuration commands, day summaries, settings merge")
struct ConfigurationTests {
    @Test("a parent's change is checked with the local commands' ranges")
    func validation() throws {
        try ConfigurationChange.breakKind(.eye, intervalMinutes: 25, durationSeconds: nil, enabled: nil).validate()
        try ConfigurationChange.gateGoal(.steps, target: 12_000, schedule: nil).validate()
        try ConfigurationChange.blockAdd(BlockedApp(executable: "steam")).validate()
        let bad: [ConfigurationChange] = [
            .breakKind(.eye, intervalMinutes: 0, durationSeconds: nil, enabled: nil),
            .snooze(minutes: 61), .retention(days: 3), .focus(.cycles, value: 0),
            .gateGoal(.steps, target: 12_345, schedule: nil), .blockAdd(BlockedApp(executable: "dbus-daemon")),
        ]
        for change in bad { #expect(throws: FamilyInputError.self) { try change.validate() } }
    }

    @Test("each change becomes the local command that carries it out")
    func localCommands() {
        #expect(ConfigurationChange.snooze(minutes: 7).localCommand == .breaks(.setSnooze(minutes: 7)))
        #expect(ConfigurationChange.gateGoalEnabled(.energy, false).localCommand == .gate(.disableGoal(.energy)))
        #expect(ConfigurationChange.focus(.cycles, value: 3).localCommand == .focus(.set(.cycles, value: 3)))
        #expect(ConfigurationChange.blockRemove(executable: "steam").localCommand == .gate(.unblock(executable: "steam")))
    }

    @Test("applying an add or remove again after a crash counts as applied")
    func idempotentBlockList() {
        #expect(ConfigurationChange.blockAdd(BlockedApp(executable: "steam")).alreadyHolds(after: GateInputError.duplicateBlockedApp("steam")))
        #expect(ConfigurationChange.blockRemove(executable: "steam").alreadyHolds(after: GateInputError.unknownBlockedApp("steam")))
        #expect(!ConfigurationChange.snooze(minutes: 5).alreadyHolds(after: GateInputError.duplicateBlockedApp("steam")))
    }

    @Test("a day summary counts the day's breaks, focus segments and steps")
    func summary() {
        let day = LocalDate(year: 2026, month: 11, day: 24)
        let device = DeviceID(rawValue: UUID())
        let start = Date(timeIntervalSince1970: 1_764_000_000)
        func segment(_ minutes: Double, _ segment: FocusSegment, day: LocalDate) -> FocusSessionRecord {
            FocusSessionRecord(id: FocusSessionID(rawValue: UUID()), activity: nil, mode: .pomodoro, segment: segment, planned: nil,
                               actual: minutes * 60, startedAt: start, endedAt: start, outcome: .completed, day: day,
                               timeZone: TimeZone(identifier: "Europe/Berlin")!)
        }
        let totals = HealthTotals(day: day, values: [.steps: 6_240])
        let summary = DailySummaryBuilder.summary(
            device: device, day: day, breaks: DayStat(date: day, completed: 3, skipped: 1),
            focus: [segment(25, .focus, day: day), segment(5, .shortBreak, day: day), segment(25, .focus, day: day.adding(days: -1, in: Calendar(identifier: .gregorian)))],
            totals: totals, gateOpened: false, now: start
        )
        #expect(summary.breaksCompleted == 3 && summary.breaksSkipped == 1)
        #expect(summary.compliancePercent == 75)
        #expect(summary.focusMinutes == 25)
        #expect(summary.steps == 6_240)
        #expect(summary.points == 0 && summary.learningSeconds == 0)
        var later = summary
        later.lastUpdated = start + 60
        #expect(!later.differsInContent(from: summary))
        later.steps += 1
        #expect(later.differsInContent(from: summary))
    }

    @Test("settings patches merge per field in commit order; a child never overrides a parent's field; unpushed local fields stay")
    func merge() {
        let base = SharedSettings(breaks: .defaults, focus: .defaults)
        var laptop = base
        laptop.breaks.eye.intervalMinutes = 25
        let first = SharedSettingsPatch(from: base, to: laptop)
        #expect(first.values == [.eyeInterval: .int(25)])
        var desk = base
        desk.breaks.snoozeMinutes = 10
        desk.breaks.eye.intervalMinutes = 30
        let second = SharedSettingsPatch(from: base, to: desk)
        var merge = SettingsMerge()
        var settings = merge.apply(first, author: .personalDevice, to: base, pending: [])
        settings = merge.apply(second, author: .personalDevice, to: settings, pending: [])
        #expect(settings.breaks.eye.intervalMinutes == 30)
        #expect(settings.breaks.snoozeMinutes == 10)
        var parentMerge = SettingsMerge()
        var child = parentMerge.apply(SharedSettingsPatch([.snooze: .int(3)]), author: .parentDevice, to: base, pending: [])
        child = parentMerge.apply(SharedSettingsPatch([.snooze: .int(9), .retention: .int(30)]), author: .childDevice, to: child, pending: [])
        #expect(child.breaks.snoozeMinutes == 3)
        #expect(child.breaks.retentionDays == 30)
        var pendingMerge = SettingsMerge()
        let kept = pendingMerge.apply(SharedSettingsPatch([.focusCycles: .int(6)]), author: .personalDevice, to: base, pending: [.focusCycles])
        #expect(kept.focus.cycles == base.focus.cycles)
        let invalid = SharedSettingsPatch([.eyeInterval: .int(0)]).applied(to: base)
        #expect(invalid == base)
    }
}
