import Foundation
import LockOutCore

/// The port to the system's alarm authorization (AlarmKit's on iOS and iPadOS 26): what the plans are made with
/// (``DeviceAgent/systemPlans(alarms:heldAlarms:)``), and what onboarding and Settings ask for and show.
public protocol AlarmAuthorizing: Sendable {
    /// The authorization now.
    func authorization() async -> AlarmAuthorization
    /// Asks the person, once (the system answers later requests itself), and answers the authorization after
    /// their choice.
    func requestAuthorization() async -> AlarmAuthorization
}

/// A device without alarms (the Mac, iOS before 26): breaks are called by notifications only.
public struct NoAlarms: AlarmAuthorizing {
    /// The port of a device that has no alarms.
    public init() {}

    public func authorization() async -> AlarmAuthorization { .unavailable }

    public func requestAuthorization() async -> AlarmAuthorization { .unavailable }
}
