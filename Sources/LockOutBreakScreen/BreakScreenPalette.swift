#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The break screen's colours, the web app's own (`LockOutWeb.Assets`), light or dark as the desktop prefers.
public struct BreakScreenPalette: Equatable, Sendable {
    /// A colour as red, green and blue from 0 to 1.
    public struct Colour: Equatable, Sendable {
        public let red: Double
        public let green: Double
        public let blue: Double

        init(_ hex: UInt32) {
            red = Double((hex >> 16) & 0xFF) / 255
            green = Double((hex >> 8) & 0xFF) / 255
            blue = Double(hex & 0xFF) / 255
        }

        /// `#rrggbb`, for GTK's CSS.
        public var css: String {
            let value = [red, green, blue].map { Int(($0 * 255).rounded()) }.reduce(0) { $0 << 8 | $1 }
            let hex = String(value, radix: 16)
            return "#" + String(repeating: "0", count: max(0, 6 - hex.count)) + hex
        }
    }

    public let background: Colour
    public let text: Colour
    public let muted: Colour
    public let accent: Colour
    public let accentText: Colour
    /// The ring's fill.
    public let ring: Colour
    /// The ring's empty track.
    public let track: Colour

    public static let light = BreakScreenPalette(
        background: Colour(0xF6F7F9), text: Colour(0x1B1F24), muted: Colour(0x57606A), accent: Colour(0x0B63C4),
        accentText: Colour(0xFFFFFF), ring: Colour(0x1A7F37), track: Colour(0xD0D7DE)
    )
    public static let dark = BreakScreenPalette(
        background: Colour(0x0D1117), text: Colour(0xE6EDF3), muted: Colour(0x9DA7B3), accent: Colour(0x4F9CF9),
        accentText: Colour(0x0D1117), ring: Colour(0x3FB950), track: Colour(0x30363D)
    )

    /// Dark when the desktop prefers it: GTK's `gtk-application-prefer-dark-theme`, or a theme named dark
    /// (`Adwaita-dark`, `Yaru-dark`), or the desktop's colour scheme `prefer-dark`.
    public static func choose(preferDark: Bool, themeName: String?, colorScheme: String?) -> BreakScreenPalette {
        let dark = preferDark || themeName?.lowercased().hasSuffix("dark") == true || colorScheme == "prefer-dark"
        return dark ? .dark : .light
    }

    /// The breathing circle's scale at `seconds` into the break: 0.72 to 1 and back every 8 s, as on the web;
    /// a still 1 when the desktop asks for no animation.
    public static func breath(at seconds: Double, animated: Bool) -> Double {
        guard animated else { return 1 }
        let phase = (1 - cos(seconds / 8 * 2 * Double.pi)) / 2
        return 0.72 + 0.28 * phase
    }
}
