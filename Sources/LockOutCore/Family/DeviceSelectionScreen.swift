import Foundation

/// The first screen of a device that has no mode yet (seed 002): who uses this device, one card per mode with
/// what choosing it does, the confirmation asked before it is chosen, and where the app goes next.
public struct DeviceSelectionScreen: Equatable, Sendable {
    /// One mode's card.
    public struct Choice: Codable, Equatable, Sendable, Identifiable {
        public let mode: DeviceMode
        /// Like "Parent Device".
        public let title: String
        /// One sentence on what choosing it does.
        public let summary: String
        /// Whether the device must be allowed to shield programs in this mode (a child's).
        public let requiresShieldAuthorization: Bool
        /// Whether this is the device's mode now.
        public let selected: Bool

        public var id: String { mode.rawValue }
    }

    /// The question the screen asks.
    public let title: String
    /// Parent, child and personal device, in that order.
    public let choices: [Choice]
    /// The device's mode; nil until one is chosen.
    public let mode: DeviceMode?
    /// Whether the device is in a family: then it keeps its mode until it leaves.
    public let isPaired: Bool
    /// The screen the app shows now.
    public let route: RootRoute

    /// The screen of a device in `mode`, in a family or not.
    public init(mode: DeviceMode?, isPaired: Bool) {
        title = "Who uses this device?"
        choices = DeviceMode.allCases.map { choice in
            Choice(
                mode: choice, title: choice.displayName, summary: choice.summary,
                requiresShieldAuthorization: choice.requiresShieldAuthorization, selected: choice == mode
            )
        }
        self.mode = mode
        self.isPaired = isPaired
        route = RootRoute(mode: mode, isPaired: isPaired)
    }

    /// The question the confirmation dialog asks before `mode` is chosen.
    public static func confirmation(_ mode: DeviceMode) -> String {
        "Use this device as a \(mode.displayName)?"
    }
}
