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

    @Test("a plan applied twice leaves exactly its requests pending, with the plan's ids and categories")
    func notificationPlan() async throws {
        let environment = try AppEnvironment.preview()
        await environment.start()
        let plans = try await environment.agent.systemPlans()
        let adapter = environment.system.notifications
        await adapter.apply(plans.notifications)
        await adapter.apply(plans.notifications)
        let pending = await UNUserNotificationCenter.current().pendingNotificationRequests()
        #expect(Set(pending.map(\.identifier)) == Set(plans.notifications.requests.map(\.id)))
        let first = try #require(plans.notifications.requests.first)
        let request = try #require(pending.first { $0.identifier == first.id })
        #expect(request.content.title == first.title)
        #expect(request.content.categoryIdentifier == first.category)
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
