import Foundation

/// The characters of a device name, written out once so that the check (`DeviceIdentity.validName`) and the
/// pattern the server's OpenAPI document publishes cannot drift apart.
///
/// White space is trimmed from both ends. Refused anywhere: control characters (Cc), line and paragraph
/// separators, and the invisible formatting characters (Cf) — directional overrides, zero-width spaces, soft
/// hyphens — except the joiners and tags that emoji and some scripts are written with.
public enum DeviceNameCharacters {
    /// White space trimmed from a name's ends: Unicode's spaces and line breaks.
    public static let whiteSpace: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]

    /// Code points no name may hold.
    public static let refused: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x9F, 0xAD...0xAD, 0x600...0x605, 0x61C...0x61C, 0x6DD...0x6DD, 0x70F...0x70F,
        0x890...0x891, 0x8E2...0x8E2, 0x180E...0x180E, 0x200B...0x200B, 0x200E...0x200F, 0x2028...0x202E,
        0x2060...0x2064, 0x2066...0x206F, 0xFEFF...0xFEFF, 0xFFF9...0xFFFB, 0x110BD...0x110BD, 0x110CD...0x110CD,
        0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001...0xE0001,
    ]

    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool { whiteSpace.contains { $0.contains(scalar.value) } }

    static func isRefused(_ scalar: Unicode.Scalar) -> Bool { refused.contains { $0.contains(scalar.value) } }

    /// A regular expression (ECMA-262 and Python alike) matching exactly the names `validName` accepts, white
    /// space around them included; astral code points appear as themselves.
    public static var pattern: String {
        let space = characterClass(whiteSpace, negated: false)
        let allowed = characterClass(refused, negated: true)
        let solid = characterClass(refused + whiteSpace, negated: true)
        let inner = DeviceIdentity.nameLength.upperBound - 2
        return "^\(space)*\(solid)(?:\(allowed){0,\(inner)}\(solid))?\(space)*$"
    }

    private static func characterClass(_ ranges: [ClosedRange<UInt32>], negated: Bool) -> String {
        func escaped(_ value: UInt32) -> String {
            guard value > 0xFFFF else { return "\\u" + String(value, radix: 16, uppercase: true).leftPadded(to: 4) }
            return Unicode.Scalar(value).map { String(Character($0)) } ?? ""
        }
        let body = ranges.map { $0.lowerBound == $0.upperBound ? escaped($0.lowerBound) : "\(escaped($0.lowerBound))-\(escaped($0.upperBound))" }
        return "[" + (negated ? "^" : "") + body.joined() + "]"
    }
}
