import Foundation
import Testing
@testable import LockOutCore

/// The catalog against the process lists of real desktop sessions (`Tests/Fixtures/sessions/`, written from
/// Debian's packages by `scripts/fixtures/session-processes.py`) and against programs people block.
@Suite("Protected program catalog: desktop sessions refused, apps accepted")
struct ProtectedProgramCatalogTests {
    /// The fixture names of `session`: the first word of each line that is not a comment.
    static func sessionPrograms(_ session: String) throws -> [String] {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = tests.appendingPathComponent("Fixtures/sessions/\(session).txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("#") ? nil : line.split(separator: " ").first.map(String.init)
        }
    }

    @Test("every program a desktop session runs is refused as a block target by the catalog alone",
          arguments: ["gnome", "kde", "xfce", "sway"])
    func sessionProgramsRefused(session: String) throws {
        let programs = try Self.sessionPrograms(session)
        #expect(programs.count > 40)
        let allowed = programs.filter { ShieldPolicy.mayBlock($0) }
        #expect(allowed == [], "\(session) programs a block list could name")
    }

    @Test("every process name ps showed in a running Xfce and sway session is refused by the catalog alone",
          arguments: ["xfce-observed", "sway-observed"])
    func observedProcessesRefused(session: String) throws {
        let programs = try Self.sessionPrograms(session)
        #expect(programs.count > 15)
        let allowed = programs.filter { ShieldPolicy.mayBlock($0) }
        #expect(allowed == [], "\(session) programs a block list could name")
    }

    @Test("programs people block are accepted", arguments: [
        "firefox", "firefox-esr", "chromium", "google-chrome", "google-chrome-stable", "steam", "discord", "Discord",
        "code", "vlc", "spotify", "minecraft-launcher", "Game.exe", "wine", "wine64", "wineserver", "thunderbird",
        "gimp", "obs", "telegram-desktop", "slack", "zoom", "lutris", "heroic", "retroarch", "nautilus",
        "gnome-mines", "supertuxkart", "evolution", "kdenlive", "krita", "dolphin-emu", "tracker", "orca-slicer",
        "signal-desktop", "element-desktop", "teams-for-linux", "prismlauncher", "godot", "blender", "mpv",
    ])
    func appsAccepted(name: String) {
        #expect(ShieldPolicy.mayBlock(name))
    }

    @Test("the refusal names the kind of program", arguments: [
        ("dunst", "'dunst' can never be blocked: it is the desktop's notification daemon"),
        ("notify-send", "'notify-send' can never be blocked: it is D-Bus, the desktop's message bus, or one of its tools"),
        ("gdbus", "'gdbus' can never be blocked: it is D-Bus, the desktop's message bus, or one of its tools"),
        ("Xvfb", "'Xvfb' can never be blocked: it is an X or Wayland display server"),
        ("swaylock", "'swaylock' can never be blocked: it locks the screen, or locks it when the computer is idle"),
        ("i3lock", "'i3lock' can never be blocked: it locks the screen, or locks it when the computer is idle"),
        ("xscreensaver", "'xscreensaver' can never be blocked: it locks the screen, or locks it when the computer is idle"),
        ("lockout-helper", "'lockout-helper' can never be blocked: it is part of LockOut"),
    ])
    func refusalMessage(name: String, message: String) {
        let error = #expect(throws: GateInputError.self) { try ShieldPolicy.check(name) }
        #expect(error?.description == message)
    }

    @Test("a 15-byte name is a cut process name: refused when a protected name starts with it", arguments: [
        ("xfce4-power-man", ProtectedCategory.power), ("xfce4-screensav", .screenLocker), ("gnome-settings-", .settingsDaemon),
        ("mate-notificati", .notificationDaemon), ("kde-systemd-sta", .sessionManager), ("XFCE4-POWER-MAN", .power),
    ])
    func cutNamesRefused(name: String, category: ProtectedCategory) {
        #expect(ProtectedProgramCatalog.category(of: name) == category)
    }

    @Test("a cut name of an app, and a shorter cut of a protected name, may be blocked")
    func cutAppsAccepted() {
        #expect(ShieldPolicy.mayBlock("minecraft-launc"))
        #expect(ShieldPolicy.mayBlock("xfce4-power"))
    }

    @Test("names compare without regard to case: DUNST and xorg are refused like dunst and Xorg")
    func caseInsensitive() {
        #expect(ProtectedProgramCatalog.category(of: "DUNST") == .notificationDaemon)
        #expect(ProtectedProgramCatalog.category(of: "xorg") == .displayServer)
    }

    @Test("an exact name answers before a family, and the longest family before a shorter one")
    func mostSpecificAnswers() {
        #expect(ProtectedProgramCatalog.category(of: "polkitd") == .system)
        #expect(ProtectedProgramCatalog.category(of: "polkit-gnome-authentication-agent-1") == .polkitAgent)
        #expect(ProtectedProgramCatalog.category(of: "kscreen_osd_service") == .settingsDaemon)
        #expect(ProtectedProgramCatalog.category(of: "kscreenlocker_greet") == .screenLocker)
        #expect(ProtectedProgramCatalog.category(of: "plasma-browser-integration-host") == .desktopService)
        #expect(ProtectedProgramCatalog.category(of: "plasmashell") == .panel)
    }

    @Test("every category has a reason and at least one program")
    func everyCategoryUsed() {
        let used = Set(ProtectedProgramCatalog.entries.filter { !$0.names.isEmpty || !$0.prefixes.isEmpty }.map(\.category))
        #expect(used == Set(ProtectedCategory.allCases))
        #expect(ProtectedCategory.allCases.allSatisfy { $0.reason.hasPrefix("it ") })
    }
}
