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

    @Test("the setup page asks for alarms beside notifications, once; the answer shows")
    func asksForAlarms() async throws {
        let fixture = try await PresentationFixture()
        let alarms = TestAlarms(.notDetermined, answer: .authorized)
        let model = BreakOnboardingModel(
            agent: fixture.agent, memory: TestOnboardingMemory(), permissions: TestPermissions(.notDetermined), alarms: alarms
        )
        #expect(model.enableAlarmsTitle == nil)
        await model.refresh()
        #expect(model.alarms == .notDetermined)
        #expect(model.enableAlarmsTitle == "Allow Alarms")
        #expect(model.alarmsNote == nil)
        await model.enableAlarms()
        #expect(alarms.requests == 1)
        #expect(model.alarms == .authorized)
        #expect(model.enableAlarmsTitle == nil)
        #expect(model.alarmsNote == "Alarms are on: each break rings through silent mode and Focus, with Start break and Stop.")
    }

    @Test("no alarms on the device (the Mac, iOS before 26) or alarms denied: no button to ask")
    func noAlarmsToAsk() async throws {
        let fixture = try await PresentationFixture()
        for state in [AlarmAuthorization.unavailable, .denied, .authorized] {
            let model = BreakOnboardingModel(
                agent: fixture.agent, memory: TestOnboardingMemory(), permissions: TestPermissions(.allowed), alarms: TestAlarms(state)
            )
            await model.refresh()
            #expect(model.alarms == state)
            #expect(model.enableAlarmsTitle == nil)
        }
        let mac = BreakOnboardingModel(agent: fixture.agent, memory: TestOnboardingMemory(), permissions: TestPermissions(.allowed))
        await mac.refresh()
        #expect(mac.alarms == .unavailable)
        #expect(mac.alarmsNote == nil)
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
