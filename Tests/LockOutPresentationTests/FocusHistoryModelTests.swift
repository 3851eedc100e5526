import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Focus history model")
struct FocusHistoryModelTests {
    static let monday = PresentationFixture.start
    static let tuesday = PresentationFixture.start.addingTimeInterval(86_400)

    /// Monday 08:00 a 1-minute timer on Writing that runs out, then a 2-minute stopwatch on Reading;
    /// Tuesday 08:00 a 10-minute timer on Writing stopped after 5 minutes.
    private func recorded() async throws -> PresentationFixture {
        let fixture = try await PresentationFixture()
        let agent = fixture.agent
        try await agent.perform(ActivityAction.add(name: "Writing", collection: nil, notes: ""))
        try await agent.perform(ActivityAction.add(name: "Reading", collection: nil, notes: ""))
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 1, activity: "Writing")))
        await fixture.advance(by: 60)
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .stopwatch, activity: "Reading")))
        fixture.clock.advance(by: 120)
        _ = try await agent.perform(FocusCommand.stop)
        fixture.clock.set(Self.tuesday)
        _ = try await agent.perform(FocusCommand.start(FocusStart(mode: .timer, durationMinutes: 10, activity: "Writing")))
        fixture.clock.advance(by: 300)
        _ = try await agent.perform(FocusCommand.stop)
        return fixture
    }

    @Test("the history lists every session newest first with its statistics")
    func everything() async throws {
        let fixture = try await recorded()
        let model = FocusHistoryModel(agent: fixture.agent)
        await model.refresh()
        #expect(model.sessions.map(\.activity) == ["Writing", "Reading", "Writing"])
        #expect(model.sessions.map(\.mode) == ["Timer", "Stopwatch", "Timer"])
        #expect(model.sessions.map(\.actual) == ["05:00", "02:00", "01:00"])
        #expect(model.sessions.map(\.outcome) == ["Cancelled", "Completed", "Completed"])
        #expect(model.stats.focusTime == "8m")
        #expect(model.stats.sessions == "3 sessions, 1 cancelled")
        #expect(model.stats.byActivity.map(\.activity) == ["Writing", "Reading"])
        #expect(model.stats.byActivity.map(\.focusTime) == ["6m", "2m"])
    }

    @Test("the filters by activity, mode and days narrow the sessions and their statistics")
    func filters() async throws {
        let fixture = try await recorded()
        let model = FocusHistoryModel(agent: fixture.agent)
        await model.filter(activity: "writing")
        #expect(model.sessions.count == 2 && model.stats.focusTime == "6m")
        await model.filter(mode: .stopwatch)
        #expect(model.sessions.isEmpty && model.stats.sessions == "0 sessions")
        await model.filter(activity: nil)
        #expect(model.sessions.map(\.activity) == ["Reading"])
        await model.filter(mode: nil)
        await model.filter(from: Self.tuesday, to: nil)
        #expect(model.from == LocalDate(year: 2026, month: 11, day: 24))
        #expect(model.sessions.map(\.startedAt) == ["2026-11-24 08:00"])
        await model.filter(from: nil, to: Self.monday)
        #expect(model.sessions.count == 2 && model.stats.focusTime == "3m")
    }

    @Test("a range that ends before it starts is refused and the filters stay")
    func badRange() async throws {
        let fixture = try await recorded()
        let model = FocusHistoryModel(agent: fixture.agent)
        await model.filter(activity: "Writing")
        await model.filter(from: Self.tuesday, to: Self.monday)
        #expect(model.message?.text == "--from 2026-11-24 is after --to 2026-11-23: use a from date on or before the to date")
        #expect(model.from == nil && model.to == nil && model.activity == "Writing")
        #expect(model.sessions.count == 2)
    }

    @Test("tapping a session shows its detail; an unknown one is refused")
    func detail() async throws {
        let fixture = try await recorded()
        let model = FocusHistoryModel(agent: fixture.agent)
        await model.refresh()
        let first = try #require(model.sessions.last)
        await model.show(first.id)
        let detail = try #require(model.detail)
        #expect(detail.activity == "Writing" && detail.segment == "Focus")
        #expect(detail.planned == "01:00" && detail.actual == "01:00")
        #expect(detail.startedAt == "2026-11-23 08:00" && detail.endedAt == "2026-11-23 08:01")
        #expect(detail.outcome == "Completed")
        model.closeDetail()
        await model.show(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)).uuidString)
        #expect(model.message?.text == "no focus session with id 00000000-0000-0000-0000-000000000001: see 'lockout history'")
        #expect(model.detail == nil)
    }
}
