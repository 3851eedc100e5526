import Foundation
import LockOutCore
import LockOutPresentation
import Testing

/// Grants or denies every permission, and records what was asked.
final class RecordingAccess: GateAccessRequesting, @unchecked Sendable {
    struct Denied: Error, CustomStringConvertible {
        var description: String { "Screen Time access was denied in Settings" }
    }

    private let lock = NSLock()
    private var requests: [GateAccess] = []
    private let deny: Set<GateAccess>

    init(deny: Set<GateAccess> = []) { self.deny = deny }

    var asked: [GateAccess] { lock.withLock { requests } }

    func request(_ access: GateAccess) async throws {
        lock.withLock { requests.append(access) }
        if deny.contains(access) { throw Denied() }
    }
}

@MainActor
@Suite("Gate onboarding model")
struct GateOnboardingModelTests {
    @Test("four pages lead from the welcome to Get Started, which finishes the onboarding")
    func pages() {
        let model = GateOnboardingModel()
        #expect(model.pages.count == 4)
        #expect(model.page.title == "Earn your screen time" && !model.canGoBack)
        #expect(model.pageAccess == nil)
        model.next()
        model.next()
        #expect(model.page.title == "Programs to block")
        model.back()
        #expect(model.page.title == "Your health data")
        model.next()
        model.next()
        #expect(model.isLastPage && model.page.next == "Get Started")
        #expect(!model.isFinished)
        model.next()
        #expect(model.isFinished)
    }

    @Test("where the system asks, the health page connects health data and the programs page enables app blocking")
    func access() async {
        let access = RecordingAccess(deny: [.appShields])
        let model = GateOnboardingModel(access: access)
        #expect(model.pageAccess == nil)
        model.next()
        #expect(model.pageAccess == .healthData && model.pageAccess?.buttonTitle == "Connect Apple Health")
        await model.requestAccess()
        #expect(model.isPageAccessGranted && model.message == nil)
        #expect(model.pageAccess?.grantedText == "Health data connected.")
        model.next()
        #expect(model.pageAccess?.buttonTitle == "Enable Screen Time")
        await model.requestAccess()
        #expect(!model.isPageAccessGranted)
        #expect(model.message?.text == "Screen Time access was denied in Settings")
        #expect(access.asked == [.healthData, .appShields])
        model.next()
        #expect(model.pageAccess == nil)
    }

    @Test("on iPhone and iPad the pages connect Apple Health and pick apps with Screen Time, never a terminal command")
    func screenTimePages() async {
        let model = GateOnboardingModel(access: RecordingAccess(), pages: OnboardingScreen.gateWithScreenTime)
        #expect(model.pages.map(\.kind) == OnboardingScreen.gate.map(\.kind))
        let text = model.pages.flatMap(\.paragraphs).joined(separator: " ")
        #expect(!text.contains("lockout "))
        #expect(!text.contains("terminal"))
        #expect(!text.contains("executable"))
        model.next()
        #expect(model.page.title == "Your health data")
        #expect(model.pageAccess == .healthData)
        model.next()
        #expect(model.page.title == "Apps to lock")
        #expect(model.pageAccess == .appShields)
    }

    @Test("Get Started is kept: the next launch's onboarding starts finished, where a fresh memory's starts at the welcome")
    func finishedIsKept() {
        let memory = TestOnboardingMemory()
        let first = GateOnboardingModel(memory: memory)
        #expect(!first.isFinished)
        for _ in first.pages { first.next() }
        #expect(first.isFinished && memory.hasOnboarded)
        #expect(GateOnboardingModel(memory: memory).isFinished)
        #expect(!GateOnboardingModel(memory: TestOnboardingMemory()).isFinished)
    }

    @Test("leaving the onboarding half-way keeps nothing: the next launch starts it again")
    func halfWayIsNotKept() {
        let memory = TestOnboardingMemory()
        let first = GateOnboardingModel(memory: memory)
        first.next()
        first.next()
        #expect(!memory.hasOnboarded)
        let next = GateOnboardingModel(memory: memory)
        #expect(!next.isFinished && next.index == 0)
    }
}

