import Foundation

/// A device's stable id: chosen once, kept across restarts and mode changes.
public struct DeviceID: UUIDIdentifier {
    public let rawValue: UUID
    /// Wraps a UUID.
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// A family's id on its server.
public struct FamilyID: UUIDIdentifier {
    public let rawValue: UUID
    /// Wraps a UUID.
    public init(rawValue: UUID) { self.rawValue = rawValue }
}

/// This device as it knows itself: its id, its editable name and its mode (nil until one is chosen).
public struct DeviceIdentity: Codable, Hashable, Sendable {
    /// Names are 1…64 Unicode code points once trimmed: what both server databases count (`length`), so
    /// an accent written apart or each half of a flag counts as one.
    public static let nameLength = 1...64

    /// The length `nameLength` bounds: the name's Unicode code points.
    public static func nameLength(of text: String) -> Int { text.unicodeScalars.count }

    public let id: DeviceID
    public var name: String
    public var mode: DeviceMode?

    /// An identity with `id`, `name` and `mode`.
    public init(id: DeviceID, name: String, mode: DeviceMode?) {
        self.id = id
        self.name = name
        self.mode = mode
    }

    /// Checks a device name as typed and returns it trimmed of surrounding white space: 1…64 code points,
    /// none of them a control or an invisible formatting character (`DeviceNameCharacters`).
    public static func validName(_ text: String) throws(FamilyInputError) -> String {
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !DeviceNameCharacters.isWhiteSpace($0) } ?? scalars.endIndex
        let end = scalars.lastIndex { !DeviceNameCharacters.isWhiteSpace($0) }.map(scalars.index(after:)) ?? start
        let trimmed = String(scalars[start..<max(start, end)])
        let length = nameLength(of: trimmed)
        guard nameLength.contains(length) else { throw .nameLength(count: length, allowed: nameLength) }
        guard !trimmed.unicodeScalars.contains(where: DeviceNameCharacters.isRefused) else { throw .nameHasControlCharacters }
        return trimmed
    }
}

/// Which screen the app opens on, from the device's mode and pairing.
///
/// ```
/// no mode ─────────────▶ deviceSelection
/// parentDevice ────────▶ familyDashboard
/// childDevice, unpaired ▶ childSetup ──(paired)──▶ childHome
/// personalDevice ──────▶ personal (the usual dashboard, schedule, statistics, settings)
/// ```
public enum RootRoute: Hashable, Sendable {
    case deviceSelection
    case familyDashboard
    case childSetup
    case childHome
    case personal

    /// The route for a device in `mode`, paired to a family or not.
    public init(mode: DeviceMode?, isPaired: Bool) {
        switch mode {
        case nil: self = .deviceSelection
        case .parentDevice: self = .familyDashboard
        case .childDevice: self = isPaired ? .childHome : .childSetup
        case .personalDevice: self = .personal
        }
    }
}

/// The typed confirmation that resetting a device's mode asks for.
public enum DeviceReset {
    /// What the person must type.
    public static let confirmation = "reset"

    /// Checks the typed confirmation.
    public static func confirm(_ typed: String?) throws(FamilyInputError) {
        guard typed?.trimmingCharacters(in: .whitespaces) == confirmation else { throw .confirmationMismatch(expected: confirmation) }
    }
}
