import Foundation

/// What `lockout status` and `lockout settings` say of strict breaks on this desktop: whether they hold the
/// input, and where they cannot (GNOME on Wayland lets no program take the keyboard or the pointer).
public enum StrictBreakLine {
    /// The line for strict breaks switched `on` with the break screen `mode`, on the desktop `environment` names.
    public static func line(on: Bool, mode: BreakScreenMode, environment: [String: String]) -> String {
        guard on else { return "Strict breaks: off — Snooze and Done can be chosen at once." }
        let escape = "Holding Esc for 3 s skips the break, counted as a skip."
        guard mode == .native else {
            return "Strict breaks: on, but they need the native break screen (lockout settings set break-screen native): breaks can be answered at once. \(escape)"
        }
        let wayland = environment["WAYLAND_DISPLAY"] != nil || environment["XDG_SESSION_TYPE"] == "wayland"
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        let hold: String
        if !wayland {
            hold = "the keyboard and the pointer are held until the countdown ends"
        } else if desktops.contains("gnome") {
            hold = "GNOME on Wayland lets no program hold the keyboard or the pointer, so only the buttons wait for the countdown"
        } else {
            hold = "the keyboard is held until the countdown ends (where the compositor offers layer-shell; the break screen's log line says)"
        }
        return "Strict breaks: on — Snooze and Done show when the countdown ends; \(hold). \(escape)"
    }
}
