import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

/// A started agent with its API and web app, and a browser's requests: signed in or not, from the app's
/// own origin or not.
struct WebHarness {
    static let host = "127.0.0.1:4711"
    static let token = "0123456789abcdef"

    let fixture: AgentFixture
    let agent: DeviceAgent
    let api: AgentAPI
    let web: WebApp
    let sessions: WebSessions
    let timer = ManualDeadlineTimer()

    init(
        notifier: RecordingNotifier = RecordingNotifier(), family: FamilyService? = nil,
        preferences: WebPreferences = WebPreferences(onboarded: true, gateOnboarded: true),
        rewards: (@Sendable (AgentFixture) -> RewardsService)? = nil,
        notifications: SettingsPage.Extras.NotificationState = .service("dunst 1.9.0 (knopwob)"),
        familyStatus: FamilySyncStatus? = nil
    ) async throws {
        fixture = try AgentFixture()
        agent = fixture.makeAgent(notifier: notifier, timer: timer)
        if let rewards { await agent.attachRewards(rewards(fixture), meter: nil) }
        try await agent.start()
        let wall = fixture.wall
        sessions = WebSessions(now: { wall.now })
        api = AgentAPI(agent: agent, token: Self.token, web: sessions)
        web = WebApp(agent: agent, sessions: sessions, calendar: fixture.calendar, familyStatus: { familyStatus }, notifications: { notifications },
                     family: family.map(FamilyWeb.init), preferences: preferences)
    }

    /// Moves the clock to the agent's next deadline and fires its timer: the next break falls due.
    func breakFallsDue() async throws {
        fixture.wall.set(try #require(timer.deadline))
        await agent.timerFired(.deadlineReached)
    }

    /// A login link from the API, as `lockout open PAGE` asks for it.
    func loginLink(next: String? = nil) async throws -> (code: String, next: String) {
        let body = try JSONEncoder().encode(WebLoginRequest(next: next))
        let response = await api.handle(HTTPRequest(
            method: .POST, path: "/v1/web/login",
            headers: ["Host": Self.host, "Authorization": AgentEndpoint.authorization(for: Self.token)], body: body
        ))
        #expect(response.status == 200)
        let url = try #require(URLComponents(string: try JSONDecoder().decode(WebLogin.self, from: response.body).url))
        #expect(url.host == "127.0.0.1" && url.port == 4711 && url.path == "/login")
        let items = url.queryItems ?? []
        return (try #require(items.first { $0.name == "code" }?.value), try #require(items.first { $0.name == "next" }?.value))
    }

    /// Opens a login link and answers the `Cookie` header the browser then sends.
    func signIn() async throws -> String {
        let link = try await loginLink()
        let response = await web.handle(get("/login", query: ["code": link.code, "next": link.next], cookie: nil))
        #expect(response.status == 303)
        let setCookie = try #require(response.headers.first(name: "Set-Cookie"))
        return String(try #require(setCookie.split(separator: ";").first))
    }

    func get(_ path: String, query: [String: String] = [:], cookie: String?) -> HTTPRequest {
        var headers: HTTPHeaders = ["Host": Self.host]
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        return HTTPRequest(method: .GET, path: path, query: query, headers: headers)
    }

    /// A form post as a browser sends it from the app's page; `origin` and `csrf` may be changed or left out.
    func post(
        _ path: String, _ fields: [(String, String)], cookie: String?, csrf: String?,
        origin: String? = "http://\(WebHarness.host)"
    ) -> HTTPRequest {
        var headers: HTTPHeaders = ["Host": Self.host, "Content-Type": "application/x-www-form-urlencoded"]
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        if let origin { headers.add(name: "Origin", value: origin) }
        var all = fields
        if let csrf { all.append((WebForm.csrfField, csrf)) }
        let body = all.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return HTTPRequest(method: .POST, path: path, headers: headers, body: Data(body.utf8))
    }

    /// The session's form token, read from a page as a browser would.
    func csrfToken(cookie: String) async throws -> String {
        let page = Self.text(await web.handle(get("/", cookie: cookie)))
        let marker = "name=\"\(WebForm.csrfField)\" value=\""
        let start = try #require(page.range(of: marker)).upperBound
        return String(page[start...].prefix { $0 != "\"" })
    }

    static func text(_ response: HTTPResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    /// The schedule form as the page fills it in for the default settings, with `changes` applied.
    static func scheduleFields(_ changes: [String: String] = [:]) -> [(String, String)] {
        var fields: [(String, String)] = [
            ("eye-enabled", "on"), ("eye-interval", "20"), ("eye-duration", "20"),
            ("micro-enabled", "on"), ("micro-interval", "30"), ("micro-duration", "30"),
            ("long-enabled", "on"), ("long-interval", "60"), ("long-duration", "300"),
        ]
        for (name, value) in changes {
            fields.removeAll { $0.0 == name }
            fields.append((name, value))
        }
        return fields
    }
}

@Suite("Web app: sign-in and the guards on every form")
struct WebAppGuardTests {
    @Test("without a session every page answers 401 with how to open the app, and shows no data")
    func noSession() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        for page in WebPage.allCases {
            let response = await harness.web.handle(harness.get(page.path, cookie: nil))
            #expect(response.status == 401, "\(page.path)")
            #expect(WebHarness.text(response).contains("lockout open"))
            #expect(!WebHarness.text(response).contains("Eye Break"))
        }
        let forged = await harness.web.handle(harness.get("/", cookie: "lockout_session=guess"))
        #expect(forged.status == 401)
    }

    @Test("a login link opens a session once: HttpOnly, SameSite=Strict, and lands on the page it names")
    func login() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let link = try await harness.loginLink(next: "/statistics")
        #expect(link.code.count == 64)
        let response = await harness.web.handle(harness.get("/login", query: ["code": link.code, "next": link.next], cookie: nil))
        #expect(response.status == 303)
        #expect(response.headers.first(name: "Location") == "/statistics")
        let cookie = try #require(response.headers.first(name: "Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))

        let again = await harness.web.handle(harness.get("/login", query: ["code": link.code], cookie: nil))
        #expect(again.status == 403)
        #expect(again.headers.first(name: "Set-Cookie") == nil)

        let session = String(try #require(cookie.split(separator: ";").first))
        let page = await harness.web.handle(harness.get("/statistics", cookie: session))
        #expect(page.status == 200)
        #expect(page.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        #expect(page.headers.first(name: "Cache-Control") == "no-store")
    }

    @Test("a login link expires after two minutes; a link to an unknown page is refused by the API")
    func expiry() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let link = try await harness.loginLink()
        harness.fixture.wall.advance(by: WebSessions.loginLifetime + 1)
        let late = await harness.web.handle(harness.get("/login", query: ["code": link.code], cookie: nil))
        #expect(late.status == 403)

        let body = try JSONEncoder().encode(WebLoginRequest(next: "/nowhere"))
        let refused = await harness.api.handle(HTTPRequest(
            method: .POST, path: "/v1/web/login",
            headers: ["Host": WebHarness.host, "Authorization": AgentEndpoint.authorization(for: WebHarness.token)], body: body
        ))
        #expect(refused.status == 400)
        let noToken = await harness.api.handle(HTTPRequest(method: .POST, path: "/v1/web/login", headers: ["Host": WebHarness.host], body: body))
        #expect(noToken.status == 401)
    }

    @Test("a form post without Origin, from another origin, or without the session's token is refused and changes nothing")
    func forgedPosts() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let pause = [("command", "pause"), ("minutes", "30")]
        let attempts: [(String, HTTPRequest)] = [
            ("no Origin", harness.post("/actions/break", pause, cookie: cookie, csrf: csrf, origin: nil)),
            ("foreign Origin", harness.post("/actions/break", pause, cookie: cookie, csrf: csrf, origin: "http://evil.example")),
            ("other port", harness.post("/actions/break", pause, cookie: cookie, csrf: csrf, origin: "http://127.0.0.1:9999")),
            ("no token", harness.post("/actions/break", pause, cookie: cookie, csrf: nil)),
            ("wrong token", harness.post("/actions/break", pause, cookie: cookie, csrf: "0000")),
        ]
        for (name, request) in attempts {
            let response = await harness.web.handle(request)
            #expect(response.status == 403, "\(name)")
            #expect(WebHarness.text(response).contains("Nothing was changed"), "\(name)")
        }
        let noCookie = await harness.web.handle(harness.post("/actions/break", pause, cookie: nil, csrf: csrf))
        #expect(noCookie.status == 401)
        #expect(try await harness.agent.dashboard().state == "running")

        let accepted = await harness.web.handle(harness.post("/actions/break", pause, cookie: cookie, csrf: csrf))
        #expect(accepted.status == 303)
        #expect(try await harness.agent.dashboard().state == "paused")
    }

    @Test("unknown paths answer 404, a wrong method 405 with Allow; the stylesheet and script need no session")
    func routing() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        #expect(await harness.web.handle(harness.get("/nowhere", cookie: cookie)).status == 404)
        let wrong = await harness.web.handle(harness.get("/actions/break", cookie: cookie))
        #expect(wrong.status == 405)
        #expect(wrong.headers.first(name: "Allow") == "POST")
        let style = await harness.web.handle(harness.get(Assets.stylesheetPath, cookie: nil))
        #expect(style.status == 200)
        #expect(style.headers.first(name: "Content-Type") == "text/css; charset=utf-8")
        #expect(await harness.web.handle(harness.get(Assets.scriptPath, cookie: nil)).status == 200)
    }
}

@Suite("Web app: pages and forms")
struct WebAppPageTests {
    @Test("the Dashboard shows the next break's countdown, today's compliance and the three switches")
    func dashboard() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let page = WebHarness.text(await harness.web.handle(harness.get("/", cookie: cookie)))
        #expect(page.contains("Next: Eye Break"))
        #expect(page.contains(">20:00</time>"))
        #expect(page.contains("data-left=\"1200000\""))
        for title in ["Eye Break", "Micro Break", "Long Break"] { #expect(page.contains(title)) }
        #expect(page.contains("aria-current=\"page\">Dashboard"))
    }

    @Test("a break answered on the Dashboard is recorded like the CLI's: Done counts in Statistics")
    func breakDone() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        _ = try await harness.agent.perform(.takeBreakNow(.eye))
        let page = WebHarness.text(await harness.web.handle(harness.get("/", cookie: cookie)))
        #expect(page.contains("value=\"done\""))
        let done = await harness.web.handle(harness.post("/actions/break", [("command", "done"), ("kind", "eye")], cookie: cookie, csrf: csrf))
        #expect(done.status == 303)
        #expect(done.headers.first(name: "Location") == "/")
        let report = try await harness.agent.statistics(.week)
        #expect(report.days.last?.completed == 1)
        let statistics = WebHarness.text(await harness.web.handle(harness.get("/statistics", cookie: cookie)))
        #expect(statistics.contains("1 completed, 0 skipped"))
    }

    @Test("a command the engine refuses shows its reason on the Dashboard with 409")
    func refusedCommand() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let response = await harness.web.handle(harness.post("/actions/break", [("command", "done")], cookie: cookie, csrf: csrf))
        #expect(response.status == 409)
        #expect(WebHarness.text(response).contains("role=\"alert\">No break is due right now"))
        let unknown = await harness.web.handle(harness.post("/actions/break", [("command", "explode")], cookie: cookie, csrf: csrf))
        #expect(unknown.status == 422)
    }

    @Test("the Schedule form saves every kind and the working hours")
    func scheduleSaved() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        var fields = WebHarness.scheduleFields(["eye-interval": "25", "long-duration": "600"])
        fields.removeAll { $0.0 == "micro-enabled" }
        fields += [("hours-2-on", "on"), ("hours-2-start", "08:30"), ("hours-2-end", "16:00")]
        let response = await harness.web.handle(harness.post("/schedule", fields, cookie: cookie, csrf: csrf))
        #expect(response.status == 303)
        #expect(response.headers.first(name: "Location") == "/schedule?saved=1")
        let settings = try await harness.agent.settings()
        #expect(settings[.eye].intervalMinutes == 25)
        #expect(settings[.long].durationSeconds == 600)
        #expect(settings[.micro].enabled == false)
        #expect(settings.workingHours?.windows == [2: WorkingHours.Window(startMinute: 510, endMinute: 960)])
        let page = WebHarness.text(await harness.web.handle(harness.get("/schedule", query: ["saved": "1"], cookie: cookie)))
        #expect(page.contains("Schedule saved."))
        #expect(page.contains("name=\"eye-interval\" type=\"number\"") && page.contains("value=\"25\""))
        #expect(page.contains("value=\"08:30\""))
    }

    @Test("bad Schedule input re-renders the form with each message beside its field and changes nothing")
    func scheduleRefused() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let before = try await harness.agent.settings()
        var fields = WebHarness.scheduleFields(["eye-interval": "0", "micro-duration": "4"])
        fields += [("hours-3-on", "on"), ("hours-3-start", "9am"), ("hours-3-end", "17:00")]
        let response = await harness.web.handle(harness.post("/schedule", fields, cookie: cookie, csrf: csrf))
        #expect(response.status == 422)
        let page = WebHarness.text(response)
        #expect(page.contains("3 fields need a change: nothing was saved."))
        #expect(page.contains("id=\"eye-interval-error\">0 minutes is out of range: enter 1 to 120 minutes."))
        #expect(page.contains("id=\"micro-duration-error\">4 seconds is out of range: enter 5 to 3600 seconds."))
        #expect(page.contains("id=\"hours-3-start-error\">“9am” is not a time"))
        #expect(page.contains("aria-invalid=\"true\""))
        #expect(page.contains("value=\"0\""), "the field shows what was typed")
        #expect(try await harness.agent.settings() == before)
    }

    @Test("the Settings form saves snooze and retention, refuses out-of-range values, and sends a test notification")
    func settings() async throws {
        let notifier = RecordingNotifier()
        let harness = try await WebHarness(notifier: notifier)
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let page = WebHarness.text(await harness.web.handle(harness.get("/settings", cookie: cookie)))
        #expect(page.contains("the desktop's notification service, dunst 1.9.0 (knopwob)"))
        let saved = await harness.web.handle(harness.post("/settings", [("snooze", "10"), ("retention", "90")], cookie: cookie, csrf: csrf))
        #expect(saved.status == 303)
        #expect(try await harness.agent.settings().snoozeMinutes == 10)
        #expect(try await harness.agent.settings().retentionDays == 90)
        let refused = await harness.web.handle(harness.post("/settings", [("snooze", "61"), ("retention", "90")], cookie: cookie, csrf: csrf))
        #expect(refused.status == 422)
        #expect(WebHarness.text(refused).contains("61 minutes is out of range: enter 1 to 60 minutes."))
        #expect(try await harness.agent.settings().snoozeMinutes == 10)

        let tested = await harness.web.handle(harness.post("/actions/test-notification", [], cookie: cookie, csrf: csrf))
        #expect(tested.headers.first(name: "Location") == "/settings?tested=1")
        #expect(notifier.presented.contains { $0.id == "lockout-test" })
        let noFamily = await harness.web.handle(harness.post("/actions/sync", [], cookie: cookie, csrf: csrf))
        #expect(noFamily.status == 409)
    }

    @Test("Statistics offers 7, 14 and 30 days, refuses another range with a message, and downloads CSV")
    func statistics() async throws {
        let harness = try await WebHarness()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let month = WebHarness.text(await harness.web.handle(harness.get("/statistics", query: ["days": "30"], cookie: cookie)))
        #expect(month.contains("href=\"/statistics?days=30\" aria-current=\"page\""))
        #expect(month.components(separatedBy: "<th scope=\"row\">").count == 31)
        let bad = await harness.web.handle(harness.get("/statistics", query: ["days": "9"], cookie: cookie))
        #expect(bad.status == 400)
        #expect(WebHarness.text(bad).contains("“9” is not a range"))
        _ = try await harness.agent.perform(.takeBreakNow(.eye))
        _ = try await harness.agent.perform(.skip(.eye))
        let csv = await harness.web.handle(harness.get("/statistics.csv", cookie: cookie))
        #expect(csv.headers.first(name: "Content-Type") == "text/csv; charset=utf-8")
        #expect(WebHarness.text(csv).contains("2026-11-23,0,1"))
    }
}
