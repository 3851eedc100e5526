import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent

@Suite("Web app: onboarding")
struct WebOnboardingTests {
    @Test("the first open leads through the three break pages; Get Started keeps the kinds chosen and opens the Dashboard from then on")
    func breaks() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-web-prefs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let harness = try await WebHarness(preferences: WebPreferences(directory: directory))
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let first = await harness.web.handle(harness.get("/", cookie: cookie))
        #expect(first.status == 303)
        #expect(first.headers.first(name: "Location") == "/welcome")

        let one = WebHarness.text(await harness.web.handle(harness.get("/welcome", cookie: cookie)))
        #expect(one.contains("Step 1 of 3") && one.contains("20 feet") && one.contains("class=\"eye big\""))
        let two = WebHarness.text(await harness.web.handle(harness.get("/welcome", query: ["step": "2"], cookie: cookie)))
        #expect(two.contains("class=\"breath\"") && two.contains("micro break"))
        let three = WebHarness.text(await harness.web.handle(harness.get("/welcome", query: ["step": "3"], cookie: cookie)))
        #expect(three.contains("Send a test notification") && three.contains("Enable Long Breaks") && three.contains(">Get Started<"))

        let marker = "name=\"\(WebForm.csrfField)\" value=\""
        let start = try #require(three.range(of: marker)).upperBound
        let csrf = String(three[start...].prefix { $0 != "\"" })
        let tested = await harness.web.handle(harness.post("/actions/test-notification", [("return", "/welcome?step=3")], cookie: cookie, csrf: csrf))
        #expect(tested.headers.first(name: "Location") == "/welcome?step=3&tested=1")
        let elsewhere = await harness.web.handle(harness.post("/actions/test-notification", [("return", "http://evil.example")], cookie: cookie, csrf: csrf))
        #expect(elsewhere.headers.first(name: "Location") == "/settings?tested=1")

        let done = await harness.web.handle(harness.post("/actions/onboarding", [("flow", "breaks"), ("eye", "on")], cookie: cookie, csrf: csrf))
        #expect(done.headers.first(name: "Location") == "/")
        let settings = try await harness.agent.settings()
        #expect(settings[.eye].enabled && !settings[.micro].enabled && !settings[.long].enabled)
        #expect(await harness.web.handle(harness.get("/", cookie: cookie)).status == 200)
        #expect(WebPreferences(directory: directory).onboarded, "remembered across restarts")
        #expect(!WebPreferences(directory: directory).gateOnboarded)
    }

    @Test("the Gate page first shows seed 004's four pages; a protected program is refused on the programs page, another is blocked")
    func gate() async throws {
        let harness = try await WebHarness(preferences: WebPreferences(onboarded: true, gateOnboarded: false))
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        #expect(await harness.web.handle(harness.get("/gate", cookie: cookie)).headers.first(name: "Location") == "/gate/welcome")
        let welcome = WebHarness.text(await harness.web.handle(harness.get("/gate/welcome", cookie: cookie)))
        #expect(welcome.contains("Step 1 of 4") && welcome.contains("Earn your screen time"))
        let health = WebHarness.text(await harness.web.handle(harness.get("/gate/welcome", query: ["step": "2"], cookie: cookie)))
        #expect(health.contains("lockout health log steps 6240"))

        let shell = await harness.web.handle(harness.post("/actions/onboarding", [("flow", "gate-block"), ("executable", "bash")], cookie: cookie, csrf: csrf))
        #expect(shell.status == 409)
        #expect(WebHarness.text(shell).contains("id=\"executable-error\">'bash' can never be blocked"))
        let steam = await harness.web.handle(harness.post("/actions/onboarding", [("flow", "gate-block"), ("executable", "steam")], cookie: cookie, csrf: csrf))
        #expect(steam.headers.first(name: "Location") == "/gate/welcome?step=4")
        #expect(try await harness.agent.gateScreen().blockedApps == [BlockedApp(executable: "steam")])
        let finished = await harness.web.handle(harness.post("/actions/onboarding", [("flow", "gate")], cookie: cookie, csrf: csrf))
        #expect(finished.headers.first(name: "Location") == "/gate")
        #expect(await harness.web.handle(harness.get("/gate", cookie: cookie)).status == 200)
    }
}
