import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent

@Suite("Web app: the health gate")
struct WebGateTests {
    @Test("the Gate page shows a ring per goal with its progress, then the goal-met badge once it is met")
    func rings() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        _ = try harness.fixture.database.healthTotalsStore.addManual(6_240, to: .steps, on: LocalDate(year: 2026, month: 11, day: 23))
        _ = await harness.web.handle(harness.post("/actions/gate", [("command", "block"), ("executable", "steam")], cookie: cookie, csrf: csrf))
        _ = try await harness.agent.perform(GateCommand.refresh)
        let closed = WebHarness.text(await harness.web.handle(harness.get("/gate", cookie: cookie)))
        #expect(closed.contains("aria-label=\"6,240 / 10,000 steps, 62 %\""))
        #expect(closed.contains("<h2 id=\"gate-heading\">Locked</h2>"))
        #expect(!closed.contains("Goal met"))
        #expect(closed.contains("value=\"peek\""))

        _ = try harness.fixture.database.healthTotalsStore.addManual(4_000, to: .steps, on: LocalDate(year: 2026, month: 11, day: 23))
        _ = try await harness.agent.perform(GateCommand.refresh)
        let open = WebHarness.text(await harness.web.handle(harness.get("/gate", cookie: cookie)))
        #expect(open.contains("<h2 id=\"gate-heading\">Open</h2>"))
        #expect(open.contains("class=\"badge\">Goal met"))
    }

    @Test("blocking a program adds it; a protected one is refused beside the field with the reason; removing one while locked is held")
    func blockList() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let added = await harness.web.handle(harness.post("/actions/gate", [("command", "block"), ("executable", "steam")], cookie: cookie, csrf: csrf))
        #expect(added.status == 303)
        #expect(try await harness.agent.gateScreen().blockedApps == [BlockedApp(executable: "steam")])
        let page = WebHarness.text(await harness.web.handle(harness.get("/gate", cookie: cookie)))
        #expect(page.contains("aria-label=\"Remove steam\""))

        let shell = await harness.web.handle(harness.post("/actions/gate", [("command", "block"), ("executable", "bash")], cookie: cookie, csrf: csrf))
        #expect(shell.status == 409)
        #expect(WebHarness.text(shell).contains("id=\"executable-error\">'bash' can never be blocked: it is a shell."))
        let empty = await harness.web.handle(harness.post("/actions/gate", [("command", "block"), ("executable", " ")], cookie: cookie, csrf: csrf))
        #expect(empty.status == 422)

        #expect(await harness.web.handle(harness.post("/actions/gate", [("command", "unblock"), ("executable", "steam")], cookie: cookie, csrf: csrf)).status == 303)
        #expect(try await harness.agent.gateScreen().blockedApps == [BlockedApp(executable: "steam")], "a weakening edit waits while the gate is closed")
        let held = WebHarness.text(await harness.web.handle(harness.get("/gate", cookie: cookie)))
        #expect(held.contains("waits until today's goals are met") || held.contains("The code for the held change"))
    }

    @Test("the emergency unlock waits, then shows its code; a wrong code is refused beside the field, the right one unlocks")
    func emergency() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        #expect(await harness.web.handle(harness.post("/actions/gate", [("command", "emergency")], cookie: cookie, csrf: csrf)).status == 303)
        let waiting = WebHarness.text(await harness.web.handle(harness.get("/gate", cookie: cookie)))
        #expect(waiting.contains("The code for the emergency unlock is shown in"))
        harness.fixture.wall.advance(by: 60)
        let shown = WebHarness.text(await harness.web.handle(harness.get("/gate", cookie: cookie)))
        #expect(shown.contains("<strong class=\"code\">4821</strong>"))
        let wrong = await harness.web.handle(harness.post("/actions/gate", [("command", "confirm"), ("code", "1111")], cookie: cookie, csrf: csrf))
        #expect(wrong.status == 409)
        #expect(WebHarness.text(wrong).contains("id=\"code-error\">"))
        #expect(await harness.web.handle(harness.post("/actions/gate", [("command", "confirm"), ("code", "4821")], cookie: cookie, csrf: csrf)).status == 303)
        #expect(try await harness.agent.gateScreen().status == .open(.emergencyUnlock))
        let statistics = WebHarness.text(await harness.web.handle(harness.get("/statistics", cookie: cookie)))
        let log = try #require(statistics.range(of: "id=\"gate-log\"")).upperBound
        #expect(statistics[log...].lowercased().contains("emergency"), "the gate's log lists the unlock")
    }

    @Test("a goal's target is raised from the page; an off-step target is refused with the engine's reason")
    func goals() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let raised = await harness.web.handle(harness.post("/actions/gate", [("command", "set-goal"), ("goal", "steps"), ("target", "12000")], cookie: cookie, csrf: csrf))
        #expect(raised.status == 303)
        #expect(try await harness.agent.gateScreen().settings[.steps].target == 12_000)
        let odd = await harness.web.handle(harness.post("/actions/gate", [("command", "set-goal"), ("goal", "steps"), ("target", "12345")], cookie: cookie, csrf: csrf))
        #expect(odd.status == 409)
        #expect(try await harness.agent.gateScreen().settings[.steps].target == 12_000)
    }

    @Test("a raised goal after a held weaker one says on the page that the held change is dropped")
    func heldChangeDropped() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let weaker = await harness.web.handle(harness.post("/actions/gate", [("command", "set-goal"), ("goal", "steps"), ("target", "5000")], cookie: cookie, csrf: csrf))
        #expect(weaker.status == 303)
        #expect(weaker.headers.first(name: "Location") == "/gate")
        #expect(try await harness.agent.gateScreen().hasHeldEdit)
        let raised = await harness.web.handle(harness.post("/actions/gate", [("command", "set-goal"), ("goal", "steps"), ("target", "12000")], cookie: cookie, csrf: csrf))
        #expect(raised.status == 303)
        let location = try #require(raised.headers.first(name: "Location"))
        #expect(location == "/gate?dropped=1")
        let path = String(location.prefix { $0 != "?" })
        let page = WebHarness.text(await harness.web.handle(harness.get(path, query: ["dropped": "1"], cookie: cookie)))
        #expect(page.contains("The change held earlier is dropped: this one replaces it"))
        #expect(try await harness.agent.gateScreen().settings[.steps].target == 12_000)
    }
}
