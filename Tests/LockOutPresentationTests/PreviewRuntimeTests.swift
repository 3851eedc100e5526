import Foundation
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import Testing

/// The previews' runtimes are built on the main actor, as a `#Preview`'s view is: each scenario must come back
/// (a preparation that waited for the main actor would never return) and show what it names.
@MainActor
@Suite("Preview runtime")
struct PreviewRuntimeTests {
    @Test("every scenario's agent is built on the main actor and answers its screens", arguments: [
        PreviewScenario.fresh, .running, .breakDue, .breakActive, .paused, .focusRunning, .gateLocked, .gateOpen, .child,
    ])
    func scenarios(_ scenario: PreviewScenario) async throws {
        let agent = PreviewRuntime.agent(scenario)
        let dashboard = try await agent.dashboard()
        switch scenario {
        case .breakDue: #expect(dashboard.state == "breakPending")
        case .breakActive: #expect(dashboard.state == "breakActive")
        case .paused: #expect(dashboard.state == "paused")
        case .running: #expect(dashboard.state == "running" && dashboard.nextBreak?.countdown == "13:00")
        default: #expect(dashboard.state == "running")
        }
        if scenario == .focusRunning { #expect(try await agent.focusScreen().state == "running") }
        if scenario == .gateOpen { #expect(try await !agent.gateScreen().status.isClosed) }
    }

    @Test("a preview's family is set up in the mode asked for and never reaches a server")
    func family() throws {
        let family = PreviewRuntime.family(.childDevice)
        #expect(try family.identity().mode == .childDevice)
    }

    @Test("the screen models a preview draws read their runtime from the main actor")
    func models() async {
        let model = DashboardModel(agent: PreviewRuntime.agent(.running))
        await model.refresh()
        #expect(model.countdown == "13:00")
    }
}
