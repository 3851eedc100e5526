import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Statistics model")
struct StatisticsModelTests {
    @Test("a new device: seven empty days, 7 days selected, a zero summary and a CSV of the header alone")
    func empty() async throws {
        let fixture = try await PresentationFixture()
        let model = StatisticsModel(agent: fixture.agent)
        await model.refresh()
        #expect(model.rangeOptions.map(\.label) == ["7 days", "14 days", "30 days"])
        #expect(model.rangeOptions.map(\.selected) == [true, false, false])
        #expect(model.bars.count == 7)
        #expect(model.bars.last?.date.description == "2026-11-23")
        #expect(model.bars.allSatisfy { $0.completed == 0 && $0.skipped == 0 })
        #expect(model.summary.map(\.value) == ["0", "0%", "0 days"])
        #expect(model.csv == "date,completed,skipped,natural\r\n")
    }

    @Test("a break done and one skipped show in today's bar, the summary and the CSV")
    func answered() async throws {
        let fixture = try await PresentationFixture()
        await fixture.advance(by: 20 * 60)
        _ = try await fixture.agent.perform(.done(nil))
        await fixture.advance(by: 10 * 60)
        _ = try await fixture.agent.perform(.skip(nil))
        let model = StatisticsModel(agent: fixture.agent)
        await model.refresh()
        let today = try #require(model.bars.last)
        #expect((today.completed, today.skipped) == (1, 1))
        #expect(model.chartPoints.suffix(2).map(\.count) == [1, 1])
        #expect(model.chartPoints.suffix(2).map(\.series.title) == ["Completed", "Skipped"])
        #expect(model.summary.map(\.title) == ["Total sessions", "Rate", "Streak"])
        #expect(model.summary.map(\.value) == ["2", "50%", "0 days"])
        #expect(model.badgeCount == 1)
        #expect(model.csv == "date,completed,skipped,natural\r\n2026-11-23,1,1,0\r\n")
    }

    @Test("choosing 30 days shows thirty bars with 30 days selected")
    func range() async throws {
        let fixture = try await PresentationFixture()
        let model = StatisticsModel(agent: fixture.agent)
        await model.select(.month)
        #expect(model.range == .month)
        #expect(model.bars.count == 30)
        #expect(model.chartPoints.count == 60)
        #expect(model.rangeOptions.map(\.selected) == [false, false, true])
    }
}
