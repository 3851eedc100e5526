import Foundation
import Synchronization
import Testing
@testable import LockOutAgent

/// A `systemctl` double: records every call and answers from a table (0 and no output by default).
final class RecordingSystemctl: Sendable {
    let calls = Mutex<[[String]]>([])
    let answers: [String: SystemctlResult]
    let present: Bool

    init(present: Bool = true, answers: [String: SystemctlResult] = [:]) {
        self.present = present
        self.answers = answers
    }

    func run(_ arguments: [String]) -> SystemctlResult? {
        calls.withLock { $0.append(arguments) }
        guard present else { return nil }
        return answers[arguments.joined(separator: " ")] ?? SystemctlResult(status: 0)
    }

    var recorded: [[String]] { calls.withLock { $0 } }
}

@Suite("The session service: unit, autostart and desktop entries")
struct SessionServiceTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-service-\(UUID().uuidString)")

    func service(_ systemctl: RecordingSystemctl, binary: String = "/opt/lock out/lockout", dataDirectory: String? = nil) -> SessionService {
        let files = SessionService.Files(environment: [
            "HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
        ])
        return SessionService(binary: binary, dataDirectory: dataDirectory, files: files, systemctl: systemctl.run)
    }

    @Test("the files sit under XDG_CONFIG_HOME and XDG_DATA_HOME, else under HOME's defaults")
    func paths() {
        let files = SessionService.Files(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "relative"])
        #expect(files.unit.path == "/home/ada/.config/systemd/user/lockout.service")
        #expect(files.autostart.path == "/home/ada/.config/autostart/lockout.desktop")
        #expect(files.desktopEntry.path == "/data/applications/lockout.desktop")
        #expect(files.icon.path == "/data/icons/hicolor/256x256/apps/lockout.png")
    }

    @Test("the unit runs the binary in the graphical session, restarts it after a failure, and quotes a path with a space")
    func unitText() {
        let lines = service(RecordingSystemctl(), dataDirectory: "/var/lockout").unitText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == [
            "[Unit]",
            "Description=LockOut break reminders",
            "PartOf=graphical-session.target",
            "After=graphical-session.target",
            "",
            "[Service]",
            "ExecStart=\"/opt/lock out/lockout\" run --data-dir /var/lockout",
            "Restart=on-failure",
            "RestartSec=5",
            "",
            "[Install]",
            "WantedBy=graphical-session.target",
            "",
        ])
    }

    @Test("the desktop entry opens the web app from the Utility menu; the autostart entry runs the agent")
    func entries() {
        let service = service(RecordingSystemctl(), binary: "/usr/bin/lockout")
        let entry = service.desktopEntryText.split(separator: "\n").map(String.init)
        #expect(entry == [
            "[Desktop Entry]", "Type=Application", "Name=LockOut", "Comment=Breaks, focus sessions and a health gate",
            "Exec=/usr/bin/lockout open", "Icon=lockout", "Categories=Utility;", "Terminal=false",
        ])
        let autostart = service.autostartText.split(separator: "\n").map(String.init)
        #expect(autostart.contains("Exec=/usr/bin/lockout run"))
        #expect(autostart.contains("X-GNOME-Autostart-enabled=true"))
    }

    @Test("a path with a space, a dollar and a percent sign is quoted as each file's Exec wants it")
    func quoting() {
        let service = service(RecordingSystemctl(), binary: "/opt/lock out/a$b%c\\d")
        #expect(service.unitText.contains("\nExecStart=\"/opt/lock out/a$$b%%c\\\\d\" run\n"))
        #expect(service.desktopEntryText.contains("\nExec=\"/opt/lock out/a\\\\$b%%c\\\\\\\\d\" open\n"))
        #expect(SessionService.desktopArgument("/usr/bin/lockout") == "/usr/bin/lockout")
    }

    @Test("install with systemd writes the unit, reloads, enables and starts it, then the entry and a PNG icon")
    func installWithSystemd() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let systemctl = RecordingSystemctl()
        let service = service(systemctl)
        var lines: [String] = []
        try service.install { lines.append($0) }
        #expect(systemctl.recorded == [["show-environment"], ["daemon-reload"], ["enable", "--now", "lockout.service"]])
        #expect(try String(contentsOf: service.files.unit, encoding: .utf8) == service.unitText)
        #expect(!FileManager.default.fileExists(atPath: service.files.autostart.path))
        let icon = try Data(contentsOf: service.files.icon)
        #expect(icon.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(lines == [
            "Wrote \(service.files.unit.path)", "Enabled and started lockout.service (systemctl --user).",
            "Wrote \(service.files.desktopEntry.path)", "Wrote \(service.files.icon.path)",
        ])
    }

    @Test("a failing enable names the call and systemctl's message, and keeps the unit written")
    func enableFails() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let systemctl = RecordingSystemctl(answers: [
            "enable --now lockout.service": SystemctlResult(status: 1, errors: Data("Failed to enable unit: denied\n".utf8)),
        ])
        let service = service(systemctl)
        #expect(throws: SessionServiceError.systemctlFailed(arguments: ["enable", "--now", "lockout.service"], message: "Failed to enable unit: denied")) {
            try service.install { _ in }
        }
        #expect(FileManager.default.fileExists(atPath: service.files.unit.path))
    }

    @Test("uninstall removes the files even when disable fails, then names the failure")
    func disableFails() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try service(RecordingSystemctl()).install { _ in }
        let systemctl = RecordingSystemctl(answers: [
            "disable --now lockout.service": SystemctlResult(status: 1, errors: Data("Failed to disable unit\n".utf8)),
        ])
        let service = service(systemctl)
        var lines: [String] = []
        #expect(throws: SessionServiceError.systemctlFailed(arguments: ["disable", "--now", "lockout.service"], message: "Failed to disable unit")) {
            try service.uninstall { lines.append($0) }
        }
        #expect(systemctl.recorded.last == ["daemon-reload"])
        #expect(lines == [service.files.unit, service.files.desktopEntry, service.files.icon].map { "Removed \($0.path)" })
        for file in [service.files.unit, service.files.desktopEntry, service.files.icon] {
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("an unwritable directory is named with the reason, and no temporary file is left")
    func unwritable() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data().write(to: config)  // a file where the directory should be
        let service = service(RecordingSystemctl())
        #expect(throws: SessionServiceError.couldNotWrite(path: config.path, reason: "it is not a directory")) {
            try service.install { _ in }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["config"])
    }

    @Test("the built-in icon is share/icons/lockout-256.png, a 256 × 256 PNG")
    func icon() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: repository.appendingPathComponent("share/icons/lockout-256.png"))
        #expect(SessionIcon.png == file)
        #expect(file.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(Array(file[16..<24]) == [0, 0, 1, 0, 0, 0, 1, 0])  // IHDR width and height
    }

    @Test("status names each file and asks systemctl whether the unit is enabled and active")
    func status() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let systemctl = RecordingSystemctl(answers: [
            "is-enabled lockout.service": SystemctlResult(status: 1, output: Data("disabled\n".utf8)),
            "is-active lockout.service": SystemctlResult(status: 3, output: Data("inactive\n".utf8)),
        ])
        let lines = service(systemctl).status()
        #expect(lines.first?.hasPrefix("unit: not installed (") == true)
        #expect(lines.suffix(2) == ["systemctl --user is-enabled: disabled", "systemctl --user is-active: inactive"])
        #expect(service(RecordingSystemctl(present: false)).status().last == "systemd user manager: not available")
    }
}
