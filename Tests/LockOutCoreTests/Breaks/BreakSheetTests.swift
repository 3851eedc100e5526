import Foundation
import Testing
@testable import LockOutCore

@Suite("Break sheet")
struct BreakSheetTests {
    private func sheet(_ engine: BreakEngine, now: Date) -> BreakSheet? {
        BreakSheet(dashboard: DashboardScreen(engine: engine, today: nil, now: now), settings: engine.settings, now: now)
    }

    /// An engine whose eye break fell due at 20 minutes.
    private func due(settings: BreakSettings = .defaults) -> BreakEngine {
        var engine = BreakFixture.running(settings: settings)
        BreakFixture.tick(&engine, at: BreakFixture.at(20))
        return engine
    }

    @Test("no sheet while breaks run, nor while a break is snoozed")
    func noSheet() throws {
        #expect(sheet(BreakFixture.running(), now: BreakFixture.at(5)) == nil)
        var engine = due()
        _ = try engine.execute(.snooze(nil), now: BreakFixture.at(20))
        #expect(sheet(engine, now: BreakFixture.at(21)) == nil)
    }

    @Test("a due eye break: its texts, an eye, a full ring of its length, Start, Snooze N min, Done and Skip")
    func dueEyeBreak() throws {
        let shown = try #require(sheet(due(settings: BreakFixture.only([.eye], snoozeMinutes: 10)), now: BreakFixture.at(20.5)))
        #expect(shown.kind == .eye)
        #expect(shown.title == "Eye Break")
        #expect(shown.body == "Look at something 20 feet away for 20 seconds")
        #expect(shown.exercise == .eye)
        #expect(!shown.isActive)
        #expect(shown.endsAt == nil)
        #expect(shown.ringFraction == 1)
        #expect(shown.countdown == "00:20")
        #expect(shown.startTitle == "Start break")
        #expect(shown.snoozeTitle == "Snooze 10 min")
        #expect(shown.doneTitle == "Done")
        #expect(shown.skipTitle == "Skip")
    }

    @Test("a break being taken: the ring empties toward its end and the countdown runs; no Start or Snooze")
    func activeBreak() throws {
        var engine = due()
        _ = try engine.execute(.takeBreakNow(nil), now: BreakFixture.at(20))
        let shown = try #require(sheet(engine, now: BreakFixture.at(20).addingTimeInterval(5)))
        #expect(shown.isActive)
        #expect(shown.endsAt == BreakFixture.at(20).addingTimeInterval(20))
        #expect(shown.ringFraction == 0.75)
        #expect(shown.countdown == "00:15")
        #expect(shown.startTitle == nil)
        #expect(shown.snoozeTitle == nil)
        let late = try #require(sheet(engine, now: BreakFixture.at(21)))
        #expect(late.ringFraction == 0)
        #expect(late.countdown == "00:00")
    }

    @Test("micro and long breaks breathe")
    func breathing() throws {
        var engine = BreakFixture.running(settings: BreakFixture.only([.long]))
        BreakFixture.tick(&engine, at: BreakFixture.at(60))
        let shown = try #require(sheet(engine, now: BreakFixture.at(60)))
        #expect(shown.title == "Long Break")
        #expect(shown.exercise == .breathing)
        #expect(shown.countdown == "05:00")
    }

    @Test("once snoozed as often as allowed, Snooze is gone")
    func snoozesRunOut() throws {
        var engine = due()
        var now = BreakFixture.at(20)
        for _ in 0..<BreakSettings.maxSnoozes {
            _ = try engine.execute(.snooze(nil), now: now)
            now = now.addingTimeInterval(engine.settings.snooze)
            BreakFixture.tick(&engine, at: now)
        }
        let shown = try #require(sheet(engine, now: now))
        #expect(shown.snoozeTitle == nil)
        #expect(shown.startTitle == "Start break")
    }
}
