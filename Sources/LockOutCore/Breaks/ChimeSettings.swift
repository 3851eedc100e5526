import Foundation

/// Which break kinds chime when they start and end; kept by the device, not synced.
public struct ChimeSettings: Codable, Hashable, Sendable {
    public static let defaults = ChimeSettings()

    public var eye: Bool
    public var micro: Bool
    public var long: Bool

    public init(eye: Bool = true, micro: Bool = true, long: Bool = true) {
        self.eye = eye
        self.micro = micro
        self.long = long
    }

    public subscript(kind: BreakKind) -> Bool {
        get {
            switch kind {
            case .eye: eye
            case .micro: micro
            case .long: long
            }
        }
        set {
            switch kind {
            case .eye: eye = newValue
            case .micro: micro = newValue
            case .long: long = newValue
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case eye, micro, long }

    /// Reads settings; a kind missing chimes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            eye: try container.decodeIfPresent(Bool.self, forKey: .eye) ?? true,
            micro: try container.decodeIfPresent(Bool.self, forKey: .micro) ?? true,
            long: try container.decodeIfPresent(Bool.self, forKey: .long) ?? true
        )
    }
}

/// A chime the agent plays.
public enum Chime: String, Sendable, CaseIterable {
    /// A break fell due and is shown.
    case breakStart = "break-start"
    /// A break the person was taking is over.
    case breakEnd = "break-end"
}

/// Plays a chime through the platform's sound server, without waiting for it to finish.
public protocol ChimePlaying: Sendable {
    func play(_ chime: Chime)
}
