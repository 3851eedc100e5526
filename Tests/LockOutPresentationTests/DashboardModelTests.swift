import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Dashboard model")
struct DashboardModelTests {
    @Test("a fresh device shows the next eye break 20:00 away, counting down as the clock moves")
    func countdown() async throws {
        let fixture = try await PresentationFixture()
        let model = DashboardModel(agent: fixture.agent)
        await model.start()
        #expect(model.isRunning)
        #expect(model.countdown == "20:00")
        #expect(model.headline == "Eye Break in 20:00")
        fixture.clock.advance(by: 61)
        await model.refresh()
        #expect(model.countdown == "18:59")
        #expect(model.compliance == "—")
    }

    @Test("switching a kind off takes it out of the next break; stopping shows the stopped headline")
    func toggles() async throws {
        let fixture = try await PresentationFixture()
        let model = DashboardModel(agent: fixture.agent)
        await model.start()
        #expect(model.toggles.map(\.kind) == BreakKind.allCases)
        await model.setEnabled(.eye, false)
        #expect(model.toggles.first { $0.kind == .eye }?.enabled == false)
        #expect(model.screen?.nextBreak?.kind != .eye)
        await model.stop()
        #expect(!model.isRunning)
        #expect(model.headline == DashboardScreen.stoppedHeadline)
    }

    @Test("a refused intent says why and changes nothing")
    func refusal() async throws {
        let fixture = try await PresentationFixture()
        let model = DashboardModel(agent: fixture.agent)
        await model.refresh()
        let before = model.screen
        await model.resume()
        #expect(model.message != nil)
        #expect(model.screen == before)
    }
}
