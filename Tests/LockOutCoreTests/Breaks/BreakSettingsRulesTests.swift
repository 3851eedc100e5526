import Foundation
import Testing
@testable import LockOutCore

@Suite("Break settings")
struct BreakSettingsRulesTests {
    private let now = BreakFixture.t0

    @Test("defaults: eye 20 min / 20 s, micro 30 min / 30 s, long 60 min / 300 s, all on")
    func kindDefaults() {
        let settings = BreakSettings.defaults
        #expect(settings.eye == BreakKindSettings(enabled: true, intervalMinutes: 20, durationSeconds: 20))
        #expect(settings.micro == BreakKindSettings(enabled: true, intervalMinutes: 30, durationSeconds: 30))
        #expect(settings.long == BreakKindSettings(enabled: true, intervalMinutes: 60, durationSeconds: 300))
    }

    @Test("defaults: snooze 5 min, retention 365 days, no working hours")
    func otherDefaults() {
        #expect(BreakSettings.defaults.snoozeMinutes == 5)
        #expect(BreakSettings.defaults.retentionDays == 365)
        #expect(BreakSettings.defaults.workingHours == nil)
    }

    @Test("allowed ranges: interval 1...120 min, duration 5...3600 s, snooze 1...60 min, retention 7...3650 days")
    func ranges() {
        #expect(BreakSettings.intervalRange == 1...120)
        #expect(BreakSettings.durationRange == 5...3600)
        #expect(BreakSettings.snoozeRange == 1...60)
        #expect(BreakSettings.retentionRange == 7...3650)
    }

    @Test("setKind accepts the range bounds", arguments: [(1, 5), (120, 3600)])
    func kindBoundsAccepted(interval: Int, duration: Int) throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.setKind(.eye, intervalMinutes: interval, durationSeconds: duration, enabled: nil), now: now)
        #expect(engine.settings.eye.intervalMinutes == interval)
        #expect(engine.settings.eye.durationSeconds == duration)
    }

    @Test("setKind with an interval out of range throws the allowed range", arguments: [0, 121, -5])
    func intervalOutOfRange(minutes: Int) {
        var engine = BreakFixture.running()
        let before = engine
        #expect(throws: BreakInputError.intervalOutOfRange(kind: .micro, minutes: minutes, allowed: 1...120)) {
            try engine.execute(.setKind(.micro, intervalMinutes: minutes, durationSeconds: nil, enabled: nil), now: now)
        }
        #expect(BreakFixture.same(engine, before))
    }

    @Test("setKind with a duration out of range throws the allowed range", arguments: [4, 3601])
    func durationOutOfRange(seconds: Int) {
        var engine = BreakFixture.running()
        let before = engine
        #expect(throws: BreakInputError.durationOutOfRange(kind: .long, seconds: seconds, allowed: 5...3600)) {
            try engine.execute(.setKind(.long, intervalMinutes: nil, durationSeconds: seconds, enabled: nil), now: now)
        }
        #expect(BreakFixture.same(engine, before))
    }

    @Test("a rejected setKind leaves the other values of the same command unapplied")
    func partialSetKindRejected() {
        var engine = BreakFixture.running()
        #expect(throws: BreakInputError.self) {
            try engine.execute(.setKind(.eye, intervalMinutes: 45, durationSeconds: 1, enabled: false), now: now)
        }
        #expect(engine.settings == .defaults)
    }

    @Test("setSnooze out of range throws the allowed range and keeps the settings", arguments: [0, 61])
    func snoozeOutOfRange(minutes: Int) {
        var engine = BreakFixture.running()
        #expect(throws: BreakInputError.snoozeOutOfRange(minutes: minutes, allowed: 1...60)) {
            try engine.execute(.setSnooze(minutes: minutes), now: now)
        }
        #expect(engine.settings.snoozeMinutes == 5)
    }

    @Test("setRetention out of range throws the allowed range and keeps the settings", arguments: [6, 3651])
    func retentionOutOfRange(days: Int) {
        var engine = BreakFixture.running()
        #expect(throws: BreakInputError.retentionOutOfRange(days: days, allowed: 7...3650)) {
            try engine.execute(.setRetention(days: days), now: now)
        }
        #expect(engine.settings.retentionDays == 365)
    }

    @Test("the range error tells the person what is allowed")
    func errorNamesRange() {
        let error = BreakInputError.intervalOutOfRange(kind: .eye, minutes: 0, allowed: 1...120)
        #expect(error.description == "eye interval of 0 min is out of range: allowed 1...120 min")
        #expect(BreakInputError.snoozeOutOfRange(minutes: 61, allowed: 1...60).description.contains("allowed 1...60 min"))
        #expect(BreakInputError.retentionOutOfRange(days: 3, allowed: 7...3650).description.contains("allowed 7...3650 days"))
        #expect(BreakInputError.durationOutOfRange(kind: .long, seconds: 1, allowed: 5...3600).description.contains("allowed 5...3600 s"))
    }

    @Test("valid setSnooze and setRetention are stored")
    func validValuesStored() throws {
        var engine = BreakFixture.running()
        _ = try engine.execute(.setSnooze(minutes: 60), now: now)
        _ = try engine.execute(.setRetention(days: 7), now: now)
        #expect(engine.settings.snoozeMinutes == 60)
        #expect(engine.settings.retentionDays == 7)
    }

    @Test("changing a kind's interval restarts only that kind's cycle, at the time of the change")
    func changeRestartsKindCycle() throws {
        var engine = BreakFixture.running()
        let later = BreakFixture.at(7)
        _ = try engine.execute(.setKind(.micro, intervalMinutes: 45, durationSeconds: nil, enabled: nil), now: later)
        #expect(engine.deadline(of: .micro) == BreakFixture.at(7 + 45))
        #expect(engine.deadline(of: .eye) == BreakFixture.at(20))
    }

    @Test("changing the snooze while a break is on screen re-presents it with the new Snooze button")
    func snoozeChangeRepresents() throws {
        var engine = BreakFixture.running()
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        let effects = try engine.execute(.setSnooze(minutes: 10), now: BreakFixture.at(21))
        let request = try #require(BreakFixture.presented(effects).onlyElement)
        #expect(request.actions.first == NotificationAction(id: "SNOOZE", title: "Snooze 10 min"))
    }

    @Test("invalid working hours are rejected and the settings keep the old schedule")
    func invalidWorkingHours() {
        var engine = BreakFixture.running()
        let reversed = WorkingHours(windows: [2: .init(startMinute: 600, endMinute: 540)])
        #expect(throws: BreakInputError.invalidWorkingHours("a window must start before it ends")) {
            try engine.execute(.setWorkingHours(reversed), now: now)
        }
        #expect(engine.settings.workingHours == nil)
    }
}
