import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent

@Suite("Web app: the break screen and live updates")
struct WebBreakScreenTests {
    @Test("while a break is due every page lies under the break screen: title, eye, ring, Snooze N min and Done, the page inert")
    func overlayOnEveryPage() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let quiet = WebHarness.text(await harness.web.handle(harness.get("/schedule", cookie: cookie)))
        #expect(!quiet.contains("break-screen"))
        try await harness.breakFallsDue()
        _ = try await harness.agent.perform(.snooze(.eye))
        let snoozed = WebHarness.text(await harness.web.handle(harness.get("/schedule", cookie: cookie)))
        #expect(!snoozed.contains("id=\"break-screen\""), "a snoozed break waits off screen")

        try await harness.breakFallsDue()
        for page in WebPage.allCases where page != .family {  // this agent has no family side
            let html = WebHarness.text(await harness.web.handle(harness.get(page.path, cookie: cookie)))
            #expect(html.contains("role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"break-title\""), "\(page.path)")
            #expect(html.contains("<main id=\"main\" tabindex=\"-1\" inert>"), "\(page.path)")
            #expect(html.contains("<input type=\"hidden\" name=\"return\" value=\"\(page.path)\">"), "\(page.path)")
        }
        let html = WebHarness.text(await harness.web.handle(harness.get("/", cookie: cookie)))
        #expect(html.contains("<h1 id=\"break-title\">Eye Break</h1>"))
        #expect(html.contains("class=\"eye\""))
        #expect(html.contains(">Snooze 5 min</button>"))
        #expect(html.contains("data-key=\"Enter\""))
        #expect(html.contains("data-left=\"20000\""), "the ring counts the break's 20 s")
    }

    @Test("Done on the break screen records the break and leads back to the page it covered")
    func doneReturns() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        try await harness.breakFallsDue()
        let done = await harness.web.handle(harness.post(
            "/actions/break", [("command", "done"), ("kind", "eye"), ("return", "/statistics")], cookie: cookie, csrf: csrf
        ))
        #expect(done.headers.first(name: "Location") == "/statistics")
        #expect(try await harness.agent.statistics(.week).days.last?.completed == 1)
        _ = try await harness.agent.perform(.takeBreakNow(.eye))
        let elsewhere = await harness.web.handle(harness.post(
            "/actions/break", [("command", "done"), ("return", "http://evil.example/")], cookie: cookie, csrf: csrf
        ))
        #expect(elsewhere.headers.first(name: "Location") == "/", "only the app's own pages are followed")
    }

    @Test("/break/panel answers the overlay while a break is up and 204 otherwise; /break is the screen on its own")
    func panel() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        #expect(await harness.web.handle(harness.get("/break/panel", cookie: cookie)).status == 204)
        #expect(WebHarness.text(await harness.web.handle(harness.get("/break", cookie: cookie))).contains("No break right now"))
        _ = try await harness.agent.perform(.takeBreakNow(.long))
        let panel = await harness.web.handle(harness.get("/break/panel", query: ["return": "/settings"], cookie: cookie))
        #expect(panel.status == 200)
        let fragment = WebHarness.text(panel)
        #expect(fragment.hasPrefix("<div class=\"break-overlay\""))
        #expect(fragment.contains("Long Break") && !fragment.contains("class=\"eye\""))
        #expect(fragment.contains("value=\"/settings\""))
        let page = WebHarness.text(await harness.web.handle(harness.get("/break", cookie: cookie)))
        #expect(page.contains("Take a full break and breathe deeply"))
        #expect(!page.contains("<nav"))
        #expect(await harness.web.handle(harness.get("/break/panel", cookie: nil)).status == 401)
    }

    @Test("the event stream says what pages show at once, then only when it changes; closing it stops the watching")
    func events() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let response = await harness.web.handle(harness.get("/events", cookie: cookie))
        #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
        let stream = try #require(response.bodyStream)
        let first = String(decoding: stream.take().data, as: UTF8.self)
        #expect(first.hasPrefix("retry: 3000\n\ndata: running:-:"))
        #expect(await harness.agent.pageWatcherCount == 1)
        _ = try await harness.agent.dashboard()
        #expect(stream.take().data.isEmpty, "nothing changed, nothing sent")
        _ = try await harness.agent.perform(.takeBreakNow(.eye))
        let change = String(decoding: stream.take().data, as: UTF8.self)
        #expect(change.hasPrefix("data: breakActive:eye-0:"))
        stream.cancel()
        // The cancel's hop to the agent is queued on its serial executor before this question is.
        #expect(await harness.agent.pageWatcherCount == 0)
    }
}
