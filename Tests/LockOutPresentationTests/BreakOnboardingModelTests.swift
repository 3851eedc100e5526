import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Break onboarding model")
struct BreakOnboardingModelTests {
    @Test("three pages with Next and Back; the first has no Back")
    func pages() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakOnboardingModel(agent: fixture.agent, memory: TestOnboardingMemory(), permissions: TestPermissions(.notDetermined))
        #expect(!model.isFinished)
        #expect(model.progress == "Step 1 of 3")
        #expect(model.page.title == "Rest your eyes: 20-20-20")
        #expect(model.page.next == "Next")
        #expect(model.backTitle == nil)
        model.back()
        #expect(model.index == 0)
        model.next()
        #expect(model.progress == "Step 2 of 3")
        #expect(model.page.title == "Micro and long breaks")
        #expect(model.backTitle == "Back")
        model.back()
        #expect(model.page.title == "Rest your eyes: 20-20-20")
    }

    @Test("the setup page: notifications asked for, kinds switched through the runtime, Get Started remembered")
    func setup() async throws {
        let fixture = try await PresentationFixture()
        let memory = TestOnboardingMemory()
        let permissions = TestPermissions(.notDetermined, answer: .allowed)
        let model = BreakOnboardingModel(agent: fixture.agent, memory: memory, permissions: permissions)
        await model.refresh()
        model.next()
        model.next()
        #expect(model.isLastPage)
        #expect(model.page.title == "Choose your breaks")
        #expect(model.page.next == "Get Started")
        #expect(model.switches.map(\.label) == ["Enable Eye Breaks", "Enable Micro Breaks", "Enable Long Breaks"])
        #expect(model.enableNotificationsTitle == "Enable Notifications")
        await model.enableNotifications()
        #expect(permissions.requests == 1)
        #expect(model.notifications == .allowed)
        #expect(model.enableNotificationsTitle == nil)
        await model.setEnabled(.micro, false)
        #expect(model.switches.map(\.enabled) == [true, false, true])
        #expect(try await fixture.agent.settings().micro.enabled == false)
        await model.sendTestNotification()
        #expect(fixture.notifier.presented.last?.id == "lockout-test")
        #expect(!memory.hasOnboarded)
        model.next()
        #expect(model.isFinished)
        #expect(memory.hasOnboarded)
    }

    @Test("an app whose person finished the onboarding does not show it again")
    func finishedBefore() async throws {
        let fixture = try await PresentationFixture()
        let model = BreakOnboardingModel(agent: fixture.agent, memory: TestOnboardingMemory(hasOnboarded: true), permissions: TestPermissions(.allowed))
        #expect(model.isFinished)
    }
}

/// The app's memory of the onboarding, in memory.
@MainActor
final class TestOnboardingMemory: OnboardingMemory {
    private(set) var hasOnboarded: Bool

    init(hasOnboarded: Bool = false) { self.hasOnboarded = hasOnboarded }

    func rememberOnboarded() { hasOnboarded = true }
}
