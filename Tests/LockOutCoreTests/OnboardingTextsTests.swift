import Foundation
import Testing
@testable import LockOutCore

@Suite("Onboarding texts")
struct OnboardingTextsTests {
    @Test("onboarding texts: the progress line and the kind switches")
    func onboardingTexts() {
        #expect(OnboardingScreen.progress(step: 2, of: 3) == "Step 2 of 3")
        #expect(BreakKind.allCases.map(OnboardingScreen.enableLabel) == ["Enable Eye Breaks", "Enable Micro Breaks", "Enable Long Breaks"])
    }
}
