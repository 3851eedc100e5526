import Foundation
import LockOutCore
import Testing
@testable import LockOutAgent

/// The programs a system's session starts, read from a system layout written under a temporary folder.
@Suite("Shield: the session programs of a system")
struct SessionProgramsTests {
    /// A temporary system root; the folder goes when the value does.
    final class SystemRoot {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-root-\(UUID().uuidString)").path
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        var folders: SessionProgramFolders { SessionProgramFolders(root: path) }

        /// Writes `contents` at `relative` (with its folders), executable.
        func write(_ relative: String, _ contents: String = "#!/bin/sh\n") throws {
            let url = URL(fileURLWithPath: path + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
    }

    static func desktopEntry(exec: String, extra: String = "") -> String {
        "[Desktop Entry]\nType=Application\nName=X\nExec=\(exec)\n\(extra)"
    }

    static func busService(name: String, exec: String) -> String {
        "[D-BUS Service]\nName=\(name)\nExec=\(exec)\n"
    }

    @Test("session files, autostart entries and systemd user units name the programs they start")
    func startedPrograms() throws {
        let root = try SystemRoot()
        try root.write("/usr/share/wayland-sessions/acme.desktop", Self.desktopEntry(exec: "acme-session --wayland"))
        try root.write("/etc/xdg/autostart/acme-notes.desktop", Self.desktopEntry(exec: "env LANG=C /usr/bin/acme-notifier %U"))
        try root.write("/usr/lib/systemd/user/acme-bar.service", "[Service]\nExecStart=-/usr/bin/acme-bar --daemon\n")

        let programs = SessionPrograms.read(root.folders)

        #expect(programs["acme-session"] == .startedBySession(file: root.path + "/usr/share/wayland-sessions/acme.desktop"))
        #expect(programs["acme-notifier"] == .startedBySession(file: root.path + "/etc/xdg/autostart/acme-notes.desktop"))
        #expect(programs["acme-bar"] == .startedBySession(file: root.path + "/usr/lib/systemd/user/acme-bar.service"))
    }

    @Test("a session D-Bus service is protected unless it is an app with a visible launcher, by id or by program")
    func busServices() throws {
        let root = try SystemRoot()
        try root.write("/usr/share/dbus-1/services/org.acme.Daemon.service", Self.busService(name: "org.acme.Daemon", exec: "/usr/libexec/acme-daemon"))
        try root.write("/usr/share/dbus-1/services/org.gnome.Mines.service",
                       Self.busService(name: "org.gnome.Mines", exec: "/usr/games/gnome-mines --gapplication-service"))
        try root.write("/usr/share/applications/org.gnome.Mines.desktop", Self.desktopEntry(exec: "gnome-mines"))
        try root.write("/usr/share/dbus-1/services/org.freedesktop.FileManager1.service",
                       Self.busService(name: "org.freedesktop.FileManager1", exec: "/usr/bin/nautilus --gapplication-service"))
        try root.write("/usr/share/applications/org.gnome.Nautilus.desktop", Self.desktopEntry(exec: "nautilus --new-window %U"))
        try root.write("/usr/share/dbus-1/services/org.acme.Prompt.service", Self.busService(name: "org.acme.Prompt", exec: "/usr/bin/acme-prompt"))
        try root.write("/usr/share/applications/org.acme.Prompt.desktop", Self.desktopEntry(exec: "acme-prompt", extra: "NoDisplay=true\n"))

        let programs = SessionPrograms.read(root.folders)

        #expect(programs["acme-daemon"] == .startedBySession(file: root.path + "/usr/share/dbus-1/services/org.acme.Daemon.service"))
        #expect(programs["gnome-mines"] == nil)
        #expect(programs["nautilus"] == nil)
        #expect(programs["acme-prompt"] != nil)
    }

    @Test("what a shell or an interpreter runs names no program of its own")
    func interpretersSkipped() throws {
        let root = try SystemRoot()
        try root.write("/etc/xdg/autostart/a.desktop", Self.desktopEntry(exec: "sh -c \"acme-setup; true\""))
        try root.write("/usr/share/dbus-1/services/org.acme.Js.service", Self.busService(name: "org.acme.Js", exec: "/usr/bin/gjs /usr/share/acme/js"))

        let programs = SessionPrograms.read(root.folders)

        #expect(programs.isEmpty)
    }

    @Test("every file in a libexec folder, one of its subfolders, or a libexec folder under /usr/lib is a helper")
    func libexecHelpers() throws {
        let root = try SystemRoot()
        try root.write("/usr/libexec/gsd-acme")
        try root.write("/usr/libexec/acme/acme-worker")
        try root.write("/usr/lib/x86_64-linux-gnu/libexec/kf5/acme-kio")
        try root.write("/usr/libexec/acme/deeper/not-listed")

        let programs = SessionPrograms.read(root.folders)

        #expect(programs["gsd-acme"] == .helper(path: root.path + "/usr/libexec/gsd-acme"))
        #expect(programs["acme-worker"] == .helper(path: root.path + "/usr/libexec/acme/acme-worker"))
        #expect(programs["acme-kio"] == .helper(path: root.path + "/usr/lib/x86_64-linux-gnu/libexec/kf5/acme-kio"))
        #expect(programs["deeper"] == nil && programs["not-listed"] == nil)
    }

    @Test("the cache reads again once a folder changed, and not before")
    func cacheRereads() throws {
        let root = try SystemRoot()
        try root.write("/etc/xdg/autostart/one.desktop", Self.desktopEntry(exec: "acme-one"))
        var cache = SessionProgramCache(folders: root.folders)
        #expect(Set(cache.current().keys) == ["acme-one"])
        try "[Desktop Entry]\nExec=acme-edited\n".write(toFile: root.path + "/etc/xdg/autostart/one.desktop", atomically: false, encoding: .utf8)
        #expect(Set(cache.current().keys) == ["acme-one"])  // a file edited in place leaves its folder's time

        try root.write("/etc/xdg/autostart/two.desktop", Self.desktopEntry(exec: "acme-two"))

        #expect(Set(cache.current().keys) == ["acme-edited", "acme-two"])
    }

    #if os(Linux)
    @Test("a path is a helper's when a folder in it is named libexec")
    func libexecPaths() {
        #expect(ShieldExemptions.isInLibexec("/usr/libexec/gsd-power"))
        #expect(ShieldExemptions.isInLibexec("/tmp/x/libexec/kf5/kiod5"))
        #expect(!ShieldExemptions.isInLibexec("/usr/bin/libexec"))
        #expect(!ShieldExemptions.isInLibexec("/opt/libexecutable/game"))
    }
    #endif
}
