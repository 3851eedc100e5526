import Foundation
import LockOutCore

/// The programs this system's desktop session starts, and its libexec helpers, read from its files: what a
/// block list may never name here beyond Core's catalog.
///
/// - the program of each session file's `Exec=` (`/usr/share/xsessions`, `/usr/share/wayland-sessions`);
/// - the program of each system autostart entry's `Exec=` (`/etc/xdg/autostart`);
/// - the program of each systemd user unit's `ExecStart=` (`/usr/lib/systemd/user`, …);
/// - the program of each session D-Bus service's `Exec=` (`/usr/share/dbus-1/services`), unless it is an
///   ordinary app: its bus name is a visible launcher's id, or its program is a visible launcher's program
///   (nautilus and gnome-mines are D-Bus activatable and stay blockable);
/// - every file in a libexec folder and in its direct subfolders (`/usr/libexec/gsd-power`,
///   `/usr/lib/x86_64-linux-gnu/libexec/kf5/kiod5`).
///
/// Programs run through a shell or an interpreter (`sh -c …`, `gjs …`) name no program of their own.
public enum SessionPrograms {
    /// The programs `folders` name, with the file that names each; the first file found wins.
    public static func read(_ folders: SessionProgramFolders) -> [String: ProtectionReason] {
        var programs: [String: ProtectionReason] = [:]
        func add(_ name: String?, _ reason: ProtectionReason) {
            guard let name, !name.isEmpty, programs[name] == nil else { return }
            programs[name] = reason
        }
        for (file, contents) in files(in: folders.sessionFiles + folders.autostart, ending: ".desktop") {
            add(DesktopEntry.executableName(in: contents), .startedBySession(file: file))
        }
        for (file, contents) in files(in: folders.systemdUserUnits, ending: ".service") {
            for exec in execStarts(in: contents) {
                add(DesktopEntry.program(in: DesktopEntry.arguments(ofExec: exec)), .startedBySession(file: file))
            }
        }
        let launchers = visibleLaunchers(in: folders.applications)
        for (file, contents) in files(in: folders.dbusServices, ending: ".service") {
            let service = DesktopEntry.values(inGroup: "D-BUS Service", of: contents)
            guard let exec = service["Exec"],
                  let program = DesktopEntry.program(in: DesktopEntry.arguments(ofExec: exec)),
                  !launchers.programs.contains(program),
                  !launchers.ids.contains(service["Name"] ?? "")
            else { continue }
            add(program, .startedBySession(file: file))
        }
        for path in libexecPrograms(folders) {
            add(ProcFile.basename(path), .helper(path: path))
        }
        return programs
    }

    /// The ids and programs of the launchers a person sees: `NoDisplay` and `Hidden` ones are the session's own.
    static func visibleLaunchers(in folders: [String]) -> (ids: Set<String>, programs: Set<String>) {
        var ids: Set<String> = []
        var programs: Set<String> = []
        for (file, contents) in files(in: folders, ending: ".desktop") {
            let entry = DesktopEntry.values(inGroup: "Desktop Entry", of: contents)
            guard entry["NoDisplay"] != "true", entry["Hidden"] != "true" else { continue }
            ids.insert(String(ProcFile.basename(file).dropLast(".desktop".count)))
            if let exec = entry["Exec"], let program = DesktopEntry.program(in: DesktopEntry.arguments(ofExec: exec)) {
                programs.insert(program)
            }
        }
        return (ids, programs)
    }

    /// The `ExecStart=` command lines of a systemd unit, without their `-@:+!` prefixes.
    static func execStarts(in unit: String) -> [String] {
        unit.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("ExecStart=") else { return nil }
            let command = trimmed.dropFirst("ExecStart=".count).drop { "-@:+!".contains($0) }
            return command.isEmpty ? nil : String(command)
        }
    }

    /// Files directly in each libexec folder and in its direct subfolders.
    static func libexecPrograms(_ folders: SessionProgramFolders) -> [String] {
        var programs: [String] = []
        for folder in libexecFolders(folders) {
            for name in entries(of: folder) {
                let path = folder + "/" + name
                guard isFolder(path) else {
                    programs.append(path)
                    continue
                }
                programs += entries(of: path).map { path + "/" + $0 }.filter { !isFolder($0) }
            }
        }
        return programs
    }

    /// The libexec folders there are: the named ones, and each `libexec` one level under a parent.
    static func libexecFolders(_ folders: SessionProgramFolders) -> [String] {
        let nested = folders.libexecParents.flatMap { parent in
            entries(of: parent).map { parent + "/" + $0 + "/libexec" }.filter(isFolder)
        }
        return folders.libexec + nested
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The contents of the files in `folders` whose names end with `suffix`, by path, in folder and name order.
    static func files(in folders: [String], ending suffix: String) -> [(path: String, contents: String)] {
        folders.flatMap { folder in
            entries(of: folder).filter { $0.hasSuffix(suffix) }.compactMap { name in
                let path = folder + "/" + name
                return FileManager.default.contents(atPath: path).map { (path, String(decoding: $0, as: UTF8.self)) }
            }
        }
    }

    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
