import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Break sheet model")
struct BreakSheetModelTests {
    private func at(_ minutes: Double) -> Date { PresentationFixture.start.addingTimeInterval(minutes * 60) }

    @Test("no sheet while no break is due")
    func nothingDue() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        await model.refresh()
        #expect(!model.isPresented)
        #expect(model.sheet == nil)
    }

    @Test("a due eye break: its title and body, an eye, a full ring of 00:20, Start, Snooze 5 min, Done and Skip")
    func due() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        let sheet = try #require(model.sheet)
        #expect(sheet.title == "Eye Break")
        #expect(sheet.body == "Look at something 20 feet away for 20 seconds")
        #expect(sheet.exercise == .eye)
        #expect(model.ringFraction == 1)
        #expect(model.countdown == "00:20")
        #expect(sheet.startTitle == "Start break")
        #expect(sheet.snoozeTitle == "Snooze 5 min")
        #expect((sheet.doneTitle, sheet.skipTitle) == ("Done", "Skip"))
    }

    @Test("Snooze moves the planned alert by the snooze length in the settings, and the break comes back then")
    func snooze() async throws {
        let fixture = try await PresentationFixture()
        // Only eye breaks, so that no other kind falls due while the break is snoozed.
        try await fixture.agent.perform([
            .setSnooze(minutes: 10),
            .setKind(.micro, intervalMinutes: nil, durationSeconds: nil, enabled: false),
            .setKind(.long, intervalMinutes: nil, durationSeconds: nil, enabled: false),
        ])
        let model = BreakSheetModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        #expect(model.sheet?.snoozeTitle == "Snooze 10 min")
        let shown = fixture.notifier.presented.count
        await model.snooze()
        #expect(model.message == nil)
        #expect(!model.isPresented)
        #expect(fixture.timer.deadline == at(30))
        #expect(fixture.notifier.withdrawn.last == BreakNotifications.id)
        await fixture.advance(by: 10 * 60)
        #expect(fixture.notifier.presented.count == shown + 1)
        #expect(fixture.notifier.presented.last?.actions.map(\.title) == ["Snooze 10 min", "Done"])
        await model.refresh()
        #expect(model.isPresented)
    }

    @Test("Snooze 5 min plans the alert exactly five minutes on")
    func snoozeDefault() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        await model.snooze()
        #expect(fixture.timer.deadline == at(25))
        #expect(fixture.timer.deadline == fixture.clock.now.addingTimeInterval(5 * 60))
    }

    @Test("Start runs the ring down to the break's end, and the break counts as done then")
    func start() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        await model.start()
        #expect(model.sheet?.isActive == true)
        #expect(model.sheet?.snoozeTitle == nil)
        #expect(fixture.timer.deadline == at(20).addingTimeInterval(20))
        fixture.clock.advance(by: 5)
        await model.refresh()
        #expect(model.countdown == "00:15")
        #expect(model.ringFraction == 0.75)
        await fixture.advance(by: 15)
        await model.refresh()
        #expect(!model.isPresented)
        #expect(try await fixture.agent.statistics(.week).days.last?.completed == 1)
    }

    @Test("Done records a completed break: the statistics show it")
    func done() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        let statistics = StatisticsModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        await model.done()
        #expect(model.message == nil)
        #expect(!model.isPresented)
        await statistics.refresh()
        let today = try #require(statistics.bars.last)
        #expect((today.completed, today.skipped) == (1, 0))
        #expect(statistics.summary.first?.value == "1")
    }

    @Test("Skip records a skipped break")
    func skip() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        await model.skip()
        #expect(!model.isPresented)
        let today = try #require(try await fixture.agent.statistics(.week).days.last)
        #expect((today.completed, today.skipped) == (0, 1))
    }

    @Test("a snooze while the break runs is refused in the engine's words and changes nothing")
    func snoozeRefused() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakSheetModel(agent: fixture.agent)
        await fixture.advance(by: 20 * 60)
        await model.refresh()
        await model.start()
        let before = (model.sheet, fixture.timer.deadline)
        await model.snooze()
        #expect(model.message?.text == "the break has already started: use done or skip")
        #expect(model.sheet == before.0)
        #expect(fixture.timer.deadline == before.1)
    }
}
