import Foundation
import Testing

/// `lockout gate block add` refuses what LockOut and the desktop need, says why, and changes nothing.
@Suite("lockout gate block add: protected programs")
struct GateBlockRefusalCLITests {
    static let empty = "Blocked apps: none — add one with 'lockout gate block add NAME'\n"

    @Test("each desktop program is refused with its reason and the block list stays empty", arguments: [
        ("notify-send", "it is D-Bus, the desktop's message bus, or one of its tools"),
        ("gdbus", "it is D-Bus, the desktop's message bus, or one of its tools"),
        ("dunst", "it is the desktop's notification daemon"),
        ("Xvfb", "it is an X or Wayland display server"),
        ("swaylock", "it locks the screen, or locks it when the computer is idle"),
        ("i3lock", "it locks the screen, or locks it when the computer is idle"),
        ("xscreensaver", "it locks the screen, or locks it when the computer is idle"),
    ])
    func desktopProgramRefused(name: String, reason: String) throws {
        let cli = try CLIHarness()
        defer { cli.remove() }

        let refused = try cli.run("gate", "block", "add", name)

        #expect(refused.status != 0)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "lockout: '\(name)' can never be blocked: \(reason)\n")
        #expect(try cli.run("gate", "block", "list").stdout == Self.empty)
        #expect(try cli.run("gate", "log").stdout.contains(name) == false)
    }

    /// A system written under a temporary folder, which `LOCKOUT_SYSTEM_ROOT` makes the CLI read.
    static func system(in cli: CLIHarness) throws -> (root: String, cli: CLIHarness) {
        let root = cli.directory.appendingPathComponent("system").path
        let files = [
            "/etc/xdg/autostart/acme.desktop": "[Desktop Entry]\nType=Application\nExec=/usr/bin/acme-sessiond --start\n",
            "/usr/libexec/acme-helper": "#!/bin/sh\n",
            "/usr/share/dbus-1/services/org.gnome.Mines.service": "[D-BUS Service]\nName=org.gnome.Mines\nExec=/usr/games/gnome-mines --gapplication-service\n",
            "/usr/share/applications/org.gnome.Mines.desktop": "[Desktop Entry]\nType=Application\nExec=gnome-mines\n",
        ]
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: false, encoding: .utf8)
        }
        var cli = cli
        cli.environment["LOCKOUT_SYSTEM_ROOT"] = root
        return (root, cli)
    }

    @Test("a program this system's session starts is refused, naming the file that starts it")
    func sessionProgramRefused() throws {
        let (root, cli) = try Self.system(in: CLIHarness())
        defer { cli.remove() }

        let refused = try cli.run("gate", "block", "add", "acme-sessiond")

        #expect(refused.status != 0)
        #expect(refused.stderr == "lockout: 'acme-sessiond' can never be blocked: the desktop session starts it (\(root)/etc/xdg/autostart/acme.desktop)\n")
        #expect(try cli.run("gate", "block", "list").stdout == Self.empty)
    }

    @Test("a libexec helper is refused, naming where it lives")
    func helperRefused() throws {
        let (root, cli) = try Self.system(in: CLIHarness())
        defer { cli.remove() }

        let refused = try cli.run("gate", "block", "add", "acme-helper")

        #expect(refused.status != 0)
        #expect(refused.stderr == "lockout: 'acme-helper' can never be blocked: it is a helper of the desktop or the system (\(root)/usr/libexec/acme-helper), not an app\n")
    }

    @Test("a game the session can start over D-Bus, with a launcher in the menu, may be blocked")
    func busActivatedAppAccepted() throws {
        let (_, cli) = try Self.system(in: CLIHarness())
        defer { cli.remove() }

        #expect(try cli.run("gate", "block", "add", "gnome-mines").status == 0)
        #expect(try cli.run("gate", "block", "list").stdout == "Blocked apps: gnome-mines\n")
    }
}
