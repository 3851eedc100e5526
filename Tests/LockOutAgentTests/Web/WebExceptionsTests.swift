import Foundation
import LockOutCore
import LockOutWeb
import Testing
@testable import LockOutAgent

@Suite("Web: the Settings page's exceptions")
struct WebExceptionsTests {
    @Test("programs are added and removed through accessible forms, names show as text, and bad names are refused with the reason")
    func programs() async throws {
        let preferences = WebPreferences(onboarded: true, gateOnboarded: true)
        let harness = try await WebHarness(preferences: preferences)
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let empty = WebHarness.text(await harness.web.handle(harness.get("/settings", cookie: cookie)))
        #expect(empty.contains("No program holds breaks back."))
        #expect(empty.contains(#"<label for="program">Program (the executable's name, like steam)</label>"#))
        #expect(empty.contains(#"<label for="program-when">Holds breaks</label>"#))

        let added = await harness.web.handle(harness.post(
            "/actions/exceptions", [("command", "add"), ("program", "<em>game"), ("when", "focused")], cookie: cookie, csrf: csrf
        ))
        #expect(added.status == 303)
        #expect(preferences.deferral.programs == [DeferredProgram(name: "<em>game", when: .focused)])
        let listed = WebHarness.text(await harness.web.handle(harness.get("/settings", cookie: cookie)))
        #expect(listed.contains(#"<th scope="row">&lt;em&gt;game</th>"#))
        #expect(!listed.contains("<em>game"))
        #expect(listed.contains("while its window has focus"))
        #expect(listed.contains(#"aria-label="Remove &lt;em&gt;game""#))

        let duplicate = await harness.web.handle(harness.post(
            "/actions/exceptions", [("command", "add"), ("program", "<em>game"), ("when", "running")], cookie: cookie, csrf: csrf
        ))
        #expect(duplicate.status == 422)
        let refusedPage = WebHarness.text(duplicate)
        #expect(refusedPage.contains(#"aria-invalid="true""#))
        #expect(refusedPage.contains("is chosen already: remove it first"))
        let path = await harness.web.handle(harness.post(
            "/actions/exceptions", [("command", "add"), ("program", "/usr/bin/steam"), ("when", "running")], cookie: cookie, csrf: csrf
        ))
        #expect(path.status == 422)
        #expect(WebHarness.text(path).contains("is a path: give the executable"))
        #expect(preferences.deferral.programs.count == 1)

        let removed = await harness.web.handle(harness.post(
            "/actions/exceptions", [("command", "remove"), ("program", "<em>game")], cookie: cookie, csrf: csrf
        ))
        #expect(removed.status == 303)
        #expect(preferences.deferral.programs.isEmpty)
    }

    @Test("media playing counts as present is on by default, and the checkbox switches it")
    func mediaPresent() async throws {
        let preferences = WebPreferences(onboarded: true, gateOnboarded: true)
        let harness = try await WebHarness(preferences: preferences)
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let page = WebHarness.text(await harness.web.handle(harness.get("/settings", cookie: cookie)))
        #expect(page.contains(#"<input id="mediaPresent" name="mediaPresent" type="checkbox" value="on" checked>"#))
        #expect(preferences.mediaPresent)
        let off = await harness.web.handle(harness.post("/actions/exceptions", [("command", "media")], cookie: cookie, csrf: csrf))
        #expect(off.status == 303)
        #expect(!preferences.mediaPresent)
        _ = await harness.web.handle(harness.post("/actions/exceptions", [("command", "media"), ("mediaPresent", "on")], cookie: cookie, csrf: csrf))
        #expect(preferences.mediaPresent)
    }
}
