import Foundation

/// A permission the health gate needs where the system asks for it (seed 004's onboarding: Apple Health and
/// Screen Time); on Linux nothing is asked.
public enum GateAccess: String, CaseIterable, Codable, Hashable, Sendable {
    /// Reading today's health data.
    case healthData
    /// Shielding the blocked apps.
    case appShields

    /// The onboarding page that asks for it.
    public var page: OnboardingPage.Kind {
        switch self {
        case .healthData: .healthData
        case .appShields: .programs
        }
    }

    /// The button that asks for it.
    public var buttonTitle: String {
        switch self {
        case .healthData: "Connect Apple Health"
        case .appShields: "Enable Screen Time"
        }
    }

    /// What its page says once it is granted.
    public var grantedText: String {
        switch self {
        case .healthData: "Health data connected."
        case .appShields: "Screen Time enabled."
        }
    }
}

/// Asks the system for a ``GateAccess``: HealthKit's and FamilyControls' authorization on Apple platforms.
public protocol GateAccessRequesting: Sendable {
    /// Asks for `access`; throws, saying why, when it is denied or unavailable.
    func request(_ access: GateAccess) async throws
}
