import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent

@Suite("Web app: focus, activities, history and tasks")
struct WebFocusTests {
    @Test("a timer started from the page runs with its activity, counts down, pauses, resumes and stops")
    func timer() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        #expect(await harness.web.handle(harness.post("/actions/activity", [("command", "add"), ("name", "Écriture")], cookie: cookie, csrf: csrf)).status == 303)
        let start = await harness.web.handle(harness.post(
            "/actions/focus", [("command", "start"), ("mode", "timer"), ("minutes", "25"), ("activity", "Écriture")], cookie: cookie, csrf: csrf
        ))
        #expect(start.status == 303)
        let screen = try await harness.agent.focusScreen()
        #expect(screen.state == "running")
        #expect(screen.status?.activity == "Écriture")
        let page = WebHarness.text(await harness.web.handle(harness.get("/focus", cookie: cookie)))
        #expect(page.contains("class=\"ticking\"") && page.contains(">25:00</time>"))
        #expect(page.contains("value=\"pause\""))
        #expect(!page.contains("Start a session"))
        for command in ["pause", "resume", "stop"] {
            #expect(await harness.web.handle(harness.post("/actions/focus", [("command", command)], cookie: cookie, csrf: csrf)).status == 303)
        }
        #expect(try await harness.agent.focusScreen().state == "stopped")
    }

    @Test("a start with 0 minutes re-renders the form with the message; a command the engine refuses says why")
    func refused() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let zero = await harness.web.handle(harness.post("/actions/focus", [("command", "start"), ("mode", "timer"), ("minutes", "0")], cookie: cookie, csrf: csrf))
        #expect(zero.status == 422)
        #expect(WebHarness.text(zero).contains("id=\"minutes-error\">0 minutes is out of range: enter 1 to 240 minutes."))
        #expect(try await harness.agent.focusScreen().state == "stopped")
        let pause = await harness.web.handle(harness.post("/actions/focus", [("command", "pause")], cookie: cookie, csrf: csrf))
        #expect(pause.status == 409)
        #expect(WebHarness.text(pause).contains("role=\"alert\">"))
    }

    @Test("tasks are added with a due date and reminder (the bell), marked done and deleted; a bad due date is refused beside its field")
    func tasks() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let bad = await harness.web.handle(harness.post(
            "/actions/task", [("command", "add"), ("title", ""), ("due", "tomorrowish"), ("reminder", "off")], cookie: cookie, csrf: csrf
        ))
        #expect(bad.status == 422)
        let badPage = WebHarness.text(bad)
        #expect(badPage.contains("id=\"title-error\">Give the task a title."))
        #expect(badPage.contains("id=\"due-error\">"))
        #expect(badPage.contains("value=\"tomorrowish\""))
        #expect(try await harness.agent.taskRows().isEmpty)

        let added = await harness.web.handle(harness.post(
            "/actions/task", [("command", "add"), ("title", "Essay <draft>"), ("due", "2026-11-30 14:00"), ("reminder", "1h-before")], cookie: cookie, csrf: csrf
        ))
        #expect(added.status == 303)
        let row = try #require(try await harness.agent.taskRows().first)
        #expect(row.hasReminder)
        let page = WebHarness.text(await harness.web.handle(harness.get("/focus", cookie: cookie)))
        #expect(page.contains("Essay &lt;draft&gt;"))
        #expect(page.contains("aria-label=\"reminder\""))
        #expect(await harness.web.handle(harness.post("/actions/task", [("command", "done"), ("id", row.id.description)], cookie: cookie, csrf: csrf)).status == 303)
        #expect(try await harness.agent.taskRows().first?.isDone == true)
        #expect(await harness.web.handle(harness.post("/actions/task", [("command", "delete"), ("id", row.id.description)], cookie: cookie, csrf: csrf)).status == 303)
        #expect(try await harness.agent.taskRows().isEmpty)
    }

    @Test("activities: search ignores accents and case, collections filter, pins come first, a duplicate is refused")
    func activities() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        for (name, collection) in [("Écriture", "School"), ("Reading", "School"), ("Piano", "Music")] {
            let response = await harness.web.handle(harness.post(
                "/actions/activity", [("command", "add"), ("name", name), ("new-collection", collection)], cookie: cookie, csrf: csrf
            ))
            #expect(response.status == 303)
        }
        #expect(await harness.web.handle(harness.post("/actions/activity", [("command", "pin"), ("name", "Piano")], cookie: cookie, csrf: csrf)).status == 303)
        let notes = await harness.web.handle(harness.post("/actions/activity", [("command", "notes"), ("name", "Piano"), ("notes", "scales first")], cookie: cookie, csrf: csrf))
        #expect(notes.status == 303)
        #expect(try await harness.agent.activities().first { $0.name == "Piano" }?.notes == "scales first")
        let duplicate = await harness.web.handle(harness.post("/actions/activity", [("command", "add"), ("name", "piano")], cookie: cookie, csrf: csrf))
        #expect(duplicate.status == 409)

        let search = WebHarness.text(await harness.web.handle(harness.get("/focus/activities", query: ["q": "ECRI"], cookie: cookie)))
        #expect(search.contains("data-name=\"Écriture\""))
        #expect(!search.contains("data-name=\"Reading\""))
        let school = WebHarness.text(await harness.web.handle(harness.get("/focus/activities", query: ["collection": "School"], cookie: cookie)))
        #expect(school.contains("data-name=\"Reading\"") && !school.contains("data-name=\"Piano\""))
        let all = WebHarness.text(await harness.web.handle(harness.get("/focus/activities", cookie: cookie)))
        let piano = try #require(all.range(of: "data-name=\"Piano\"")).lowerBound
        let reading = try #require(all.range(of: "data-name=\"Reading\"")).lowerBound
        #expect(piano < reading, "pinned first")
    }

    @Test("history lists finished sessions with a detail page, filters by activity, and refuses a malformed date")
    func history() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        _ = await harness.web.handle(harness.post("/actions/activity", [("command", "add"), ("name", "Piano")], cookie: cookie, csrf: csrf))
        _ = await harness.web.handle(harness.post("/actions/focus", [("command", "start"), ("mode", "stopwatch"), ("activity", "Piano")], cookie: cookie, csrf: csrf))
        harness.fixture.wall.advance(by: 10 * 60)
        _ = await harness.web.handle(harness.post("/actions/focus", [("command", "stop")], cookie: cookie, csrf: csrf))
        let session = try #require(try await harness.agent.focusHistory(.everything).first)

        let page = WebHarness.text(await harness.web.handle(harness.get("/focus/history", query: ["activity": "Piano"], cookie: cookie)))
        #expect(page.contains("1 session<"))
        #expect(page.contains("href=\"/focus/history/\(session.id)\""))
        let none = WebHarness.text(await harness.web.handle(harness.get("/focus/history", query: ["from": "2026-11-24", "to": "2026-11-24"], cookie: cookie)))
        #expect(none.contains("0 sessions"))
        let bad = await harness.web.handle(harness.get("/focus/history", query: ["from": "yesterday"], cookie: cookie))
        #expect(bad.status == 400)
        let detail = await harness.web.handle(harness.get("/focus/history/\(session.id)", cookie: cookie))
        #expect(detail.status == 200)
        #expect(WebHarness.text(detail).contains("Piano"))
        #expect(await harness.web.handle(harness.get("/focus/history/\(UUID())", cookie: cookie)).status == 404)
        let statistics = WebHarness.text(await harness.web.handle(harness.get("/statistics", cookie: cookie)))
        #expect(statistics.contains("<th scope=\"row\">Piano</th><td>1</td><td>10m</td>"), "focus time by activity")
        #expect(statistics.contains("<th scope=\"row\">2026-11-23</th><td>1</td><td>10m</td>"), "focus time by day")
    }
}
