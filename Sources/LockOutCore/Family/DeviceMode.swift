import Foundation

/// What this device is for in a family: it decides which screens it shows and what it may write.
public enum DeviceMode: String, Codable, CaseIterable, Hashable, Sendable {
    /// A parent's device: pairs children, watches their day and sends them configuration.
    case parentDevice
    /// A child's device: runs the breaks, focus and gate the parent configures, and reports its day.
    case childDevice
    /// One person's own device: its settings follow the person to their other devices.
    case personalDevice

    /// The name a person sees.
    public var displayName: String {
        switch self {
        case .parentDevice: "Parent Device"
        case .childDevice: "Child Device"
        case .personalDevice: "Personal Device"
        }
    }

    /// One sentence on what choosing it does.
    public var summary: String {
        switch self {
        case .parentDevice: "Monitor and configure your children's devices remotely."
        case .childDevice: "Run breaks, focus and the health gate as a parent sets them, and report the day."
        case .personalDevice: "Use LockOut for yourself and keep your settings the same on all your devices."
        }
    }

    /// Whether the device must be allowed to shield programs: only a child's, where the parent's gate is enforced.
    public var requiresShieldAuthorization: Bool { self == .childDevice }

    /// The word the CLI takes for it.
    public var word: String {
        switch self {
        case .parentDevice: "parent"
        case .childDevice: "child"
        case .personalDevice: "self"
        }
    }

    /// Parses `parent`, `child` or `self` (or a raw value).
    public init(parsing text: String) throws(FamilyInputError) {
        let lowered = text.lowercased()
        guard let mode = Self.allCases.first(where: { $0.word == lowered || $0.rawValue.lowercased() == lowered }) else {
            throw .unknownMode(text)
        }
        self = mode
    }
}
