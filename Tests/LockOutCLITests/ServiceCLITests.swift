import Foundation
import Testing

/// `lockout service …` in a temporary HOME, with a `systemctl` of the test's own (or none) on PATH.
@Suite("lockout service install, uninstall and status")
struct ServiceCLITests {
    struct Desktop {
        let cli: CLIHarness
        let home: URL
        let bin: URL
        let log: URL

        /// A HOME with XDG directories inside, and a PATH holding only `bin` (with a recording `systemctl`
        /// when `systemd`).
        init(systemd: Bool) throws {
            var cli = try CLIHarness()
            home = cli.directory.appendingPathComponent("home")
            bin = cli.directory.appendingPathComponent("bin")
            log = cli.directory.appendingPathComponent("systemctl.log")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            if systemd {
                let script = """
                    #!/bin/sh
                    echo "$*" >> '\(log.path)'
                    case "$2" in
                    is-enabled) echo enabled ;;
                    is-active) echo active ;;
                    esac
                    exit 0

                    """
                let systemctl = bin.appendingPathComponent("systemctl")
                try Data(script.utf8).write(to: systemctl)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: systemctl.path)
            }
            cli.environment["HOME"] = home.path
            cli.environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
            cli.environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
            cli.environment["PATH"] = bin.path
            self.cli = cli
        }

        var unit: URL { home.appendingPathComponent("config/systemd/user/lockout.service") }
        var autostart: URL { home.appendingPathComponent("config/autostart/lockout.desktop") }
        var entry: URL { home.appendingPathComponent("data/applications/lockout.desktop") }
        var icon: URL { home.appendingPathComponent("data/icons/hicolor/256x256/apps/lockout.png") }

        func calls() -> [String] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
        }

        func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }
    }

    @Test("install with systemctl writes the unit running this binary, enables it, and writes the entry and icon")
    func installWithSystemd() throws {
        let desktop = try Desktop(systemd: true)
        defer { desktop.cli.remove() }
        let result = try desktop.cli.run("service", "install")
        #expect(result.status == 0, "\(result.stderr)")
        let binary = try CLIHarness.executable.resolvingSymlinksInPath().path
        let unit = try String(contentsOf: desktop.unit, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(unit == [
            "[Unit]", "Description=LockOut break reminders", "PartOf=graphical-session.target", "After=graphical-session.target", "",
            "[Service]", "ExecStart=\(binary) run --data-dir \(desktop.cli.directory.path)", "Restart=on-failure", "RestartSec=5", "",
            "[Install]", "WantedBy=graphical-session.target", "",
        ])
        #expect(desktop.calls() == ["--user show-environment", "--user daemon-reload", "--user enable --now lockout.service"])
        let entry = try String(contentsOf: desktop.entry, encoding: .utf8)
        #expect(entry.contains("\nExec=\(binary) open --data-dir \(desktop.cli.directory.path)\n"))
        #expect(entry.contains("\nName=LockOut\n"))
        let icon = try Data(contentsOf: desktop.icon)
        #expect(icon.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(!desktop.exists(desktop.autostart))
        #expect(result.stdout.split(separator: "\n") == [
            "Wrote \(desktop.unit.path)", "Enabled and started lockout.service (systemctl --user).",
            "Wrote \(desktop.entry.path)", "Wrote \(desktop.icon.path)",
        ])
    }

    @Test("install without systemctl writes the autostart entry instead of the unit, and says so")
    func installWithoutSystemd() throws {
        let desktop = try Desktop(systemd: false)
        defer { desktop.cli.remove() }
        let result = try desktop.cli.run("service", "install")
        #expect(result.status == 0, "\(result.stderr)")
        let autostart = try String(contentsOf: desktop.autostart, encoding: .utf8)
        #expect(autostart.contains("\nExec=\(try CLIHarness.executable.resolvingSymlinksInPath().path) run --data-dir "))
        #expect(autostart.contains("\nX-GNOME-Autostart-enabled=true\n"))
        #expect(!desktop.exists(desktop.unit))
        #expect(desktop.exists(desktop.entry) && desktop.exists(desktop.icon))
        #expect(result.stdout.contains("No systemd user manager: LockOut starts with the next desktop session through the autostart entry."))
    }

    @Test("installing twice leaves the same files and says each was replaced with the same content")
    func installTwice() throws {
        let desktop = try Desktop(systemd: true)
        defer { desktop.cli.remove() }
        #expect(try desktop.cli.run("service", "install").status == 0)
        let first = try [desktop.unit, desktop.entry, desktop.icon].map { try Data(contentsOf: $0) }
        let again = try desktop.cli.run("service", "install")
        #expect(again.status == 0)
        #expect(try [desktop.unit, desktop.entry, desktop.icon].map { try Data(contentsOf: $0) } == first)
        #expect(again.stdout.contains("Replaced \(desktop.unit.path) (same content)"))
        #expect(again.stdout.contains("Replaced \(desktop.icon.path) (same content)"))
        let folder = desktop.unit.deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["lockout.service"])
    }

    @Test("uninstall disables the unit, removes exactly the files install wrote, and reloads systemd")
    func uninstall() throws {
        let desktop = try Desktop(systemd: true)
        defer { desktop.cli.remove() }
        #expect(try desktop.cli.run("service", "install").status == 0)
        let neighbour = desktop.entry.deletingLastPathComponent().appendingPathComponent("other.desktop")
        try Data("[Desktop Entry]\n".utf8).write(to: neighbour)
        let result = try desktop.cli.run("service", "uninstall")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(desktop.calls().suffix(3) == ["--user show-environment", "--user disable --now lockout.service", "--user daemon-reload"])
        for file in [desktop.unit, desktop.autostart, desktop.entry, desktop.icon] { #expect(!desktop.exists(file)) }
        #expect(desktop.exists(neighbour))
        #expect(result.stdout.contains("Removed \(desktop.unit.path)"))
        let twice = try desktop.cli.run("service", "uninstall")
        #expect(twice.status == 0)
        #expect(twice.stdout.contains("Nothing to remove: the service is not installed."))
    }

    @Test("status lists the files and, with systemctl, whether the unit is enabled and active")
    func status() throws {
        let withSystemd = try Desktop(systemd: true)
        defer { withSystemd.cli.remove() }
        #expect(try withSystemd.cli.run("service", "install").status == 0)
        let installed = try withSystemd.cli.run("service", "status")
        #expect(installed.status == 0)
        #expect(installed.stdout.split(separator: "\n") == [
            "unit: installed (\(withSystemd.unit.path))", "autostart entry: not installed (\(withSystemd.autostart.path))",
            "desktop entry: installed (\(withSystemd.entry.path))", "icon: installed (\(withSystemd.icon.path))",
            "systemctl --user is-enabled: enabled", "systemctl --user is-active: active",
        ])
        let without = try Desktop(systemd: false)
        defer { without.cli.remove() }
        let bare = try without.cli.run("service", "status")
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("unit: not installed"))
        #expect(bare.stdout.hasSuffix("systemd user manager: not available\n"))
    }

    @Test("print writes exactly the texts install writes, and with --binary runs that binary instead")
    func printTexts() throws {
        let desktop = try Desktop(systemd: true)
        defer { desktop.cli.remove() }
        #expect(try desktop.cli.run("service", "install").status == 0)
        let unit = try desktop.cli.run("service", "print", "unit")
        #expect(unit.status == 0, "\(unit.stderr)")
        #expect(unit.stdout == (try String(contentsOf: desktop.unit, encoding: .utf8)))
        let entry = try desktop.cli.run("service", "print", "desktop")
        #expect(entry.stdout == (try String(contentsOf: desktop.entry, encoding: .utf8)))

        let packaged = try desktop.cli.run("service", "print", "unit", "--binary", "/usr/bin/lockout")
        #expect(packaged.status == 0, "\(packaged.stderr)")
        #expect(packaged.stdout.contains("\nExecStart=/usr/bin/lockout run --data-dir \(desktop.cli.directory.path)\n"))
        let autostart = try desktop.cli.run("service", "print", "autostart", "--binary", "/opt/Lock Out/lockout")
        #expect(autostart.stdout.contains("\nExec=\"/opt/Lock Out/lockout\" run --data-dir \(desktop.cli.directory.path)\n"))
        let menu = try desktop.cli.run("service", "print", "desktop", "--binary", "/usr/bin/lockout")
        #expect(menu.stdout.contains("\nExec=/usr/bin/lockout open --data-dir \(desktop.cli.directory.path)\n"))
    }

    @Test("print refuses a relative --binary and an unknown text, and stays out of the help")
    func printRefuses() throws {
        let desktop = try Desktop(systemd: false)
        defer { desktop.cli.remove() }
        let relative = try desktop.cli.run("service", "print", "unit", "--binary", "bin/lockout")
        #expect(relative.status != 0)
        #expect(relative.stderr.contains("--binary must be an absolute path, not 'bin/lockout'."))
        let unknown = try desktop.cli.run("service", "print", "timer")
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("timer"))
        let help = try desktop.cli.run("service", "--help")
        #expect(help.stdout.contains("install"))
        #expect(!help.stdout.contains("print"))
    }
}
