import Foundation
import LockOutCore
import Observation

/// The health gate's four onboarding pages (seed 004): welcome, health data, programs to block, done. Where the
/// system asks for permissions, the health-data and programs pages ask for Apple Health and Screen Time.
@MainActor
@Observable
public final class GateOnboardingModel {
    /// The pages, in order.
    public let pages: [OnboardingPage]
    /// The page shown, 0-based.
    public private(set) var index = 0
    /// The permissions granted so far.
    public private(set) var granted: Set<GateAccess> = []
    /// Whether Get Started was tapped: the app shows the gate from now on, and `memory` keeps it across launches.
    public private(set) var isFinished: Bool
    /// Why the last request was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let access: (any GateAccessRequesting)?
    @ObservationIgnored private let memory: (any OnboardingMemory)?

    /// The onboarding, finished already when `memory` remembers it was (the apps keep it in their defaults, as the
    /// breaks onboarding's; nil: nothing is kept, as on a page that asks the agent); `access` asks the system for
    /// permissions, nil where none is needed; `pages` are Linux's (`OnboardingScreen.gate`) unless the platform's
    /// differ (`OnboardingScreen.gateWithScreenTime`).
    public init(
        access: (any GateAccessRequesting)? = nil, memory: (any OnboardingMemory)? = nil,
        pages: [OnboardingPage] = OnboardingScreen.gate
    ) {
        self.access = access
        self.memory = memory
        self.pages = pages
        self.isFinished = memory?.hasOnboarded ?? false
    }

    /// The page shown.
    public var page: OnboardingPage { pages[index] }
    /// Whether Back shows.
    public var canGoBack: Bool { index > 0 }
    /// Whether this is the last page, whose button finishes.
    public var isLastPage: Bool { index == pages.count - 1 }
    /// The permission this page asks for; nil when it asks for none or the platform needs none.
    public var pageAccess: GateAccess? {
        guard access != nil else { return nil }
        return GateAccess.allCases.first { $0.page == page.kind }
    }
    /// Whether the permission this page asks for was granted.
    public var isPageAccessGranted: Bool { pageAccess.map(granted.contains) ?? false }

    /// The page's button: the next page, or Get Started on the last.
    public func next() {
        if isLastPage {
            isFinished = true
            memory?.rememberOnboarded()
        } else {
            index += 1
        }
    }

    /// Back to the page before.
    public func back() {
        if canGoBack { index -= 1 }
    }

    /// Asks the system for this page's permission.
    public func requestAccess() async {
        guard let access, let wanted = pageAccess else { return }
        do {
            try await access.request(wanted)
            granted.insert(wanted)
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
