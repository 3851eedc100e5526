import Foundation
import LockOutCore

/// What the break onboarding and Settings say about alarms, and whether they offer to ask for them.
extension AlarmAuthorization {
    /// What Settings says about it: whether breaks ring as alarms, and what still calls for a break when they
    /// don't.
    public var text: String {
        switch self {
        case .unavailable:
            "Alarms need iOS 26 on iPhone or iPad: breaks call you with notifications."
        case .notDetermined:
            "LockOut has not asked to ring alarms yet: breaks call you with notifications, which silent mode and Focus can hold back."
        case .denied:
            "Alarms are off for LockOut: breaks call you with notifications instead, which silent mode and Focus can hold back. "
                + "Turn alarms on in the system's settings to have breaks ring."
        case .authorized:
            "Alarms are on: each break rings through silent mode and Focus, with Start break and Stop."
        }
    }

    /// The button that asks for alarms.
    public static let requestTitle = "Allow Alarms"

    /// Whether the "Allow Alarms" button shows: only on a device with alarms, before the person was asked.
    public var canRequest: Bool { self == .notDetermined }
}
