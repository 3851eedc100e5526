import Foundation
import Observation

/// What covers the app's screens, one at a time: the break sheet while a break is due or being taken, else the
/// breaks onboarding until it is finished, else nothing.
///
/// The app presents one cover from this single state. Two covers presented from two states, one over the other, can't
/// both show: a break that falls due while the onboarding shows would never appear. Here the break wins — it is
/// bound to its time, the onboarding is not — and the onboarding comes back on the page it was left at once the
/// break is over.
@MainActor
@Observable
public final class ScreenCovers {
    /// One cover.
    public enum Cover: String, Equatable, Identifiable, Sendable {
        case breakSheet
        case onboarding

        public var id: String { rawValue }
    }

    public let breakSheet: BreakSheetModel
    public let onboarding: BreakOnboardingModel

    public init(breakSheet: BreakSheetModel, onboarding: BreakOnboardingModel) {
        self.breakSheet = breakSheet
        self.onboarding = onboarding
    }

    /// The cover to show now; nil when the screens show uncovered.
    public var cover: Cover? {
        if breakSheet.isPresented { return .breakSheet }
        if !onboarding.isFinished { return .onboarding }
        return nil
    }
}
