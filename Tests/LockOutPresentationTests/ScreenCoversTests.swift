import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Screen covers")
struct ScreenCoversTests {
    @Test("the onboarding covers the screens until it is finished; a break that falls due meanwhile takes its place")
    func breakDuringOnboarding() async throws {
        let fixture = try await PresentationFixture()
        let onboarding = BreakOnboardingModel(agent: fixture.agent, memory: TestOnboardingMemory(), permissions: TestPermissions(.allowed))
        let breakSheet = BreakSheetModel(agent: fixture.agent)
        let covers = ScreenCovers(breakSheet: breakSheet, onboarding: onboarding)
        await breakSheet.refresh()
        #expect(covers.cover == .onboarding)
        onboarding.next()

        // The person reads the second page for twenty minutes: the eye break falls due.
        await fixture.advance(by: 20 * 60)
        await breakSheet.refresh()
        #expect(covers.cover == .breakSheet)

        await breakSheet.done()
        #expect(covers.cover == .onboarding)
        #expect(onboarding.index == 1)
        onboarding.next()
        onboarding.next()
        #expect(onboarding.isFinished)
        #expect(covers.cover == nil)
    }

    @Test("once onboarded, only a break covers the screens")
    func onboarded() async throws {
        let fixture = try await PresentationFixture()
        let onboarding = BreakOnboardingModel(
            agent: fixture.agent, memory: TestOnboardingMemory(hasOnboarded: true), permissions: TestPermissions(.allowed)
        )
        let breakSheet = BreakSheetModel(agent: fixture.agent)
        let covers = ScreenCovers(breakSheet: breakSheet, onboarding: onboarding)
        await breakSheet.refresh()
        #expect(covers.cover == nil)
        await fixture.advance(by: 20 * 60)
        await breakSheet.refresh()
        #expect(covers.cover == .breakSheet)
        await breakSheet.skip()
        #expect(covers.cover == nil)
    }
}
