import Foundation
import LockOutCore
import LockOutStore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent

@Suite("Web app: family")
struct WebFamilyTests {
    @Test("a device without a mode is asked who uses it; a parent without a family is asked for a server, and a bad one is refused beside the field")
    func choosingAndStarting() async throws {
        let device = try TestDevice.make(.parentDevice, name: "Parent laptop")
        _ = try device.family.reset(confirmation: "reset")
        let harness = try await WebHarness(family: device.family)
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let choice = WebHarness.text(await harness.web.handle(harness.get("/family", cookie: cookie)))
        #expect(choice.contains("Who uses this device?"))
        #expect(choice.contains("aria-label=\"Choose Parent Device\""))

        let chosen = await harness.web.handle(harness.post("/actions/family", [("command", "setup"), ("mode", "parentDevice")], cookie: cookie, csrf: csrf))
        #expect(chosen.status == 303)
        let start = WebHarness.text(await harness.web.handle(harness.get("/family", cookie: cookie)))
        #expect(start.contains("Start a family"))

        let bad = await harness.web.handle(harness.post("/actions/family", [("command", "create"), ("server", "ftp://nowhere")], cookie: cookie, csrf: csrf))
        #expect(bad.status == 409)
        #expect(WebHarness.text(bad).contains("id=\"server-error\">"))
        #expect(WebHarness.text(bad).contains("value=\"ftp://nowhere\""))
        #expect(try device.family.status().family == nil)
    }

    @Test("a parent sees its devices online, pairs by a QR code, reads a child's days as a chart and sends a change the child acknowledges")
    func parent() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            try await offPool {
                _ = try child.store.enqueue(try FamilySyncTests.summary(child, day: 23), now: TestDevice.now)
                _ = child.syncOnce()
            }
            let harness = try await WebHarness(family: parent.family)
            defer { harness.fixture.remove() }
            let cookie = try await harness.signIn()
            let csrf = try await harness.csrfToken(cookie: cookie)

            let page = WebHarness.text(await harness.web.handle(harness.get("/family", cookie: cookie)))
            // The server's clock is a year behind the page's here, so the child last synced long ago: offline.
            #expect(page.contains(">Anna's laptop</a><span class=\"badge off\">offline</span><span class=\"hint\">Child Device · last sync "))
            #expect(page.contains("aria-label=\"Revoke Anna's laptop\""))

            let pairing = await harness.web.handle(harness.post("/actions/family", [("command", "pair"), ("mode", "childDevice")], cookie: cookie, csrf: csrf))
            #expect(pairing.status == 200)
            let pairingPage = WebHarness.text(pairing)
            #expect(pairingPage.contains("<svg class=\"qr\""))
            #expect(pairingPage.contains("lockout-pair:"))
            #expect(page.contains("<input id=\"childName\" name=\"childName\" type=\"text\""))
            let named = WebHarness.text(await harness.web.handle(harness.post("/actions/family", [
                ("command", "pair"), ("mode", "childDevice"), ("childName", " Anna "),
            ], cookie: cookie, csrf: csrf)))
            let code = try #require(named.range(of: #"lockout-pair:[A-Za-z0-9_-]+"#, options: .regularExpression).map { String(named[$0]) })
            let phone = try TestDevice.make(.childDevice, name: "Anna's iPhone")
            _ = try await offPool { try phone.family.join(payload: code) }
            let phoneID = try await offPool { try phone.family.identity().id }
            let devices = try await offPool { try parent.family.devices() }
            #expect(devices.first { $0.deviceID == phoneID }?.childName == "Anna")
            let refusedName = await harness.web.handle(harness.post("/actions/family", [
                ("command", "pair"), ("mode", "personalDevice"), ("childName", "Anna"),
            ], cookie: cookie, csrf: csrf))
            #expect(refusedName.status >= 400 && refusedName.status < 500)

            let childID = try await offPool { try child.family.identity().id }
            let devicePage = WebHarness.text(await harness.web.handle(harness.get("/family/device/\(childID)", query: ["days": "30"], cookie: cookie)))
            #expect(devicePage.contains("class=\"chart\""))
            #expect(devicePage.contains("Send break settings"))

            let sent = await harness.web.handle(harness.post("/actions/family", [
                ("command", "send"), ("device", childID.description), ("change", "break"), ("kind", "eye"),
                ("interval", "25"), ("duration", "20"), ("enabled", "on"),
            ], cookie: cookie, csrf: csrf))
            #expect(sent.status == 303)
            let refused = await harness.web.handle(harness.post("/actions/family", [
                ("command", "send"), ("device", childID.description), ("change", "break"), ("kind", "eye"), ("interval", "0"), ("duration", "20"),
            ], cookie: cookie, csrf: csrf))
            #expect(refused.status == 422)
            #expect(WebHarness.text(refused).contains("id=\"interval-error\">0 minutes is out of range"))

            let renamed = await harness.web.handle(harness.post("/actions/family", [
                ("command", "rename"), ("device", childID.description), ("name", "Anna's desktop"),
            ], cookie: cookie, csrf: csrf))
            #expect(renamed.headers.first(name: "Location") == "/family/device/\(childID)")
            let blank = await harness.web.handle(harness.post("/actions/family", [
                ("command", "rename"), ("device", childID.description), ("name", ""),
            ], cookie: cookie, csrf: csrf))
            #expect(blank.status == 409)
            #expect(WebHarness.text(blank).contains("id=\"name-error\">"))

            try await offPool {
                #expect(child.syncOnce() == .synced(applied: 1))
                _ = parent.family.sync()
            }
            let after = WebHarness.text(await harness.web.handle(harness.get("/family/device/\(childID)", cookie: cookie)))
            #expect(after.contains("<h2 class=\"device-name\">Anna's desktop</h2>"))
            #expect(after.contains("every 25 min, for 20 s, on</span><span class=\"hint\">applied at "))
        }
    }
}
