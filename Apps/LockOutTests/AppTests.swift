import Foundation
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import Testing
import UserNotifications

@testable import LockOut

/// What only a Mac or a simulator can run: the adapters against the real frameworks, and the app composed as it
/// launches. Everything else the app does is tested on Linux with the package.
@MainActor
@Suite("The app on Apple platforms")
struct AppTests {
    @Test("the PIN derived with CommonCrypto matches the vector Linux is tested against")
    func pinVector() {
        let stored = "pbkdf2-sha256$210000$AAECAwQFBgcICQoLDA0ODw==$lC7thYbwSqjMSxRTfrArtgG2cXSbb5XAei0iYfg+dac="
        #expect(PBKDF2PINHashing.commonCrypto.verify("1234", against: stored))
        #expect(!PBKDF2PINHashing.commonCrypto.verify("1235", against: stored))
    }

    /// An unsigned simulator has never been allowed to notify (nobody answers the prompt in a test run), and the
    /// system refuses every request then (`UNError.notificationsNotAllowed`); a simulator where notifications were
    /// allowed keeps them. Either way the permission the adapter reads decides what must be pending, never the test.
    @Test("a plan applied twice leaves exactly its requests pending where notifications are allowed, and none where not")
    func notificationPlan() async throws {
        let environment = try AppEnvironment.preview()
        await environment.start()
        let plans = try await environment.agent.systemPlans()
        let adapter = environment.system.notifications
        let first = try #require(plans.notifications.requests.first)
        await adapter.apply(plans.notifications)
        await adapter.apply(plans.notifications)
        let pending = await UNUserNotificationCenter.current().pendingNotificationRequests()
        let planned = Set(plans.notifications.requests.map(\.id))
        let status = await UNUserNotificationCenter.current().notificationSettings().authorizationStatus
        switch await adapter.permission() {
        case .allowed:
            #expect(status != .notDetermined && status != .denied)
            #expect(Set(pending.map(\.identifier)) == planned)
            let request = try #require(pending.first { $0.identifier == first.id })
            #expect(request.content.title == first.title)
            #expect(request.content.categoryIdentifier == first.category)
        case .notDetermined, .denied:
            #expect(status == .notDetermined || status == .denied)
            // Refused and logged, one request after another: nothing of the plan is pending, and nothing crashed.
            #expect(pending.filter { planned.contains($0.identifier) }.isEmpty)
        }
    }

    @Test("the composed app starts, plans a background refresh ahead, and its dashboard reads the runtime")
    func composition() async throws {
        let environment = try AppEnvironment.preview()
        await environment.start()
        let refresh = try #require(await environment.replan())
        #expect(refresh > Date())
        await environment.dashboard.refresh()
        #expect(environment.dashboard.isRunning)
        #expect(!environment.dashboard.headline.isEmpty)
    }

    @Test("a server that cannot be reached is an error in words, not a crash")
    func unreachableServer() throws {
        let transport = FamilyConnector.urlSession.transport(to: try #require(URL(string: "https://127.0.0.1:9")))
        let request = FamilyRequest(method: "GET", path: "/v1/health")
        #expect(throws: FamilyTransportError.self) { try transport.send(request, timeout: 5) }
        transport.shutdown()
    }
}
