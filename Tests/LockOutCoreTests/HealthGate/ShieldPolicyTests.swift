import Foundation
import Testing
@testable import LockOutCore

@Suite("Shield policy and gate settings validation")
struct ShieldPolicyTests {
    @Test("protected programs can never be added to the block list", arguments: [
        "lockout", "bash", "sh", "zsh", "fish", "dash", "systemd", "systemd-logind", "dbus-daemon", "Xorg",
        "Xwayland", "gnome-shell", "kwin_wayland", "plasmashell", "sway", "login", "sshd", "sudo", "su",
        "gnome-terminal-server", "konsole",
    ])
    func protectedRefused(name: String) throws {
        let reason = try #require(ShieldProtection.catalog.reason(for: name))
        #expect(throws: GateInputError.protectedApp(name, reason: reason)) {
            try GateSettings.defaults.addingBlockedApp(BlockedApp(executable: name))
        }
    }

    @Test("ordinary programs may be blocked", arguments: ["steam", "firefox", "discord", "chromium"])
    func ordinaryAllowed(name: String) {
        #expect(ShieldPolicy.mayBlock(name))
    }

    @Test("a path or a name with spaces is not an executable name", arguments: ["/usr/bin/steam", "my game", "", ".."])
    func malformedRefused(name: String) {
        #expect(throws: GateInputError.malformedAppName(name)) { try ShieldPolicy.check(name) }
    }

    @Test("the protected-app message says why the program stays allowed")
    func protectedMessage() {
        #expect(GateInputError.protectedApp("bash", reason: .known(.shell)).description
            == "'bash' can never be blocked: it is a shell")
    }

    @Test("an app already blocked is refused")
    func duplicateRefused() throws {
        let settings = try GateSettings.defaults.addingBlockedApp(BlockedApp(executable: "steam"))
        #expect(throws: GateInputError.duplicateBlockedApp("steam")) {
            try settings.addingBlockedApp(BlockedApp(executable: "steam"))
        }
    }

    @Test("the defaults are valid: 10,000 steps every day, energy 500, exercise 30, unlock 19:00")
    func defaultsValid() throws {
        let settings = GateSettings.defaults
        try settings.validate()
        #expect(GateGoalKind.allCases.map { settings[$0].target } == [10_000, 500, 30, 1_140])
        #expect(GateGoalKind.allCases.map { settings[$0].isEnabled } == [true, false, false, false])
    }

    @Test("a steps target off the 500 increment is refused")
    func stepsIncrement() {
        var settings = GateSettings.defaults
        settings.steps.target = 10_250
        #expect(throws: GateInputError.targetNotMultiple(goal: .steps, value: 10_250, multiple: 500)) { try settings.validate() }
    }

    @Test("a target out of range is refused with the range", arguments: [
        (GateGoalKind.steps, 100_500), (.steps, 0), (.energy, -5), (.exercise, 601), (.unlockTime, 1_440),
    ])
    func outOfRange(kind: GateGoalKind, value: Int) {
        var settings = GateSettings.defaults
        settings[kind].target = value
        #expect(throws: GateInputError.targetOutOfRange(goal: kind, value: value, allowed: kind.allowed)) { try settings.validate() }
    }

    @Test("chosen days with no day are refused")
    func noDays() {
        var settings = GateSettings.defaults
        settings.energy.schedule = .chosen(days: [])
        #expect(throws: GateInputError.noDaysChosen(goal: .energy)) { try settings.validate() }
    }

    @Test("an app's display name is its executable capitalized, or the desktop id's capitalized part")
    func displayNames() {
        #expect(BlockedApp(executable: "steam").displayName == "Steam")
        #expect(BlockedApp(executable: "steam", desktopID: "com.valvesoftware.Steam.desktop").displayName == "Steam")
        #expect(BlockedApp(executable: "code", desktopID: "com.visualstudio.code.desktop").displayName == "Code")
        #expect(BlockedApp(executable: "obs", desktopID: "com.obsproject.OBSStudio.desktop").displayName == "OBSStudio")
    }
}
