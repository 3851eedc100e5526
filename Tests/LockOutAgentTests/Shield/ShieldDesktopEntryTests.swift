import Foundation
import Testing
@testable import LockOutAgent

@Suite("Shield: desktop files")
struct ShieldDesktopEntryTests {
    static let firefoxEntry = """
        [Desktop Entry]
        Version=1.0
        Name=Firefox
        Exec=/usr/lib/firefox/firefox %u
        Icon=firefox

        [Desktop Action new-private-window]
        Name=New Private Window
        Exec=/usr/bin/private-browser --private-window %u
        """

    @Test("the program is the Exec line's first word, by file name, field codes dropped")
    func plainExec() {
        #expect(DesktopEntry.executableName(in: Self.firefoxEntry) == "firefox")
        #expect(DesktopEntry.arguments(ofExec: "/usr/lib/firefox/firefox %u") == ["/usr/lib/firefox/firefox"])
    }

    @Test("only the [Desktop Entry] group's Exec counts, not an action's")
    func mainGroupOnly() {
        let actionFirst = """
            [Desktop Action other]
            Exec=other-program
            [Desktop Entry]
            Exec = steam %U
            """

        #expect(DesktopEntry.executableName(in: actionFirst) == "steam")
    }

    @Test("quoted words keep their spaces and escapes")
    func quoting() {
        let words = DesktopEntry.arguments(ofExec: #""/opt/My Game/game" --title "say \"hi\"" %F"#)

        #expect(words == ["/opt/My Game/game", "--title", #"say "hi""#])
        #expect(DesktopEntry.program(in: words) == "game")
    }

    @Test("an env prefix with assignments and options is skipped")
    func envPrefix() {
        let exec = "env -u DEBUG BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/desktop/applications/firefox_firefox.desktop /snap/bin/firefox %u"

        #expect(DesktopEntry.program(in: DesktopEntry.arguments(ofExec: exec)) == "firefox")
    }

    @Test("flatpak run gives the program of --command=, and nothing without it")
    func flatpak() {
        let withCommand = "/usr/bin/flatpak run --branch=stable --arch=x86_64 --command=/app/bin/steam com.valvesoftware.Steam %U"
        let without = "/usr/bin/flatpak run org.mozilla.firefox %u"

        #expect(DesktopEntry.program(in: DesktopEntry.arguments(ofExec: withCommand)) == "steam")
        #expect(DesktopEntry.program(in: DesktopEntry.arguments(ofExec: without)) == nil)
    }

    @Test("a shell or an interpreter names no program of its own")
    func interpreters() {
        #expect(DesktopEntry.program(in: DesktopEntry.arguments(ofExec: #"sh -c "exec game""#)) == nil)
        #expect(DesktopEntry.program(in: DesktopEntry.arguments(ofExec: "python3 /usr/share/app/app.py")) == nil)
    }

    @Test("string escapes are undone and %% stays a percent sign")
    func escapes() {
        #expect(DesktopEntry.execValue(in: "[Desktop Entry]\nExec=/opt/my\\sgame %f\n") == "/opt/my game %f")
        #expect(DesktopEntry.arguments(ofExec: "prog 100%% %i") == ["prog", "100%"])
    }

    @Test("a file without Exec names nothing")
    func noExec() {
        #expect(DesktopEntry.executableName(in: "[Desktop Entry]\nType=Link\nURL=https://example.org\n") == nil)
    }

    @Test("ids are found in XDG_DATA_HOME before XDG_DATA_DIRS, .desktop added when missing")
    func resolver() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-desktop-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (folder, exec) in [("home", "/home/me/bin/mygame"), ("system", "/usr/games/systemgame")] {
            let applications = root.appendingPathComponent("\(folder)/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try "[Desktop Entry]\nExec=\(exec)\n".write(to: applications.appendingPathComponent("org.example.Game.desktop"), atomically: true, encoding: .utf8)
        }
        let resolver = DesktopFileResolver(
            environment: ["XDG_DATA_HOME": root.path + "/home", "XDG_DATA_DIRS": root.path + "/empty:" + root.path + "/system"],
            home: "/nonexistent"
        )
        let systemOnly = DesktopFileResolver(environment: ["XDG_DATA_DIRS": root.path + "/system"], home: "/nonexistent")

        #expect(resolver.executableName(forDesktopID: "org.example.Game.desktop") == "mygame")
        #expect(systemOnly.executableName(forDesktopID: "org.example.Game") == "systemgame")
        #expect(resolver.executableName(forDesktopID: "org.example.Missing.desktop") == nil)
        #expect(resolver.executableName(forDesktopID: "../applications/org.example.Game.desktop") == nil)
    }

    @Test("the default folders are ~/.local/share, /usr/local/share and /usr/share")
    func defaults() {
        let resolver = DesktopFileResolver(environment: [:], home: "/home/me")

        #expect(resolver.directories == ["/home/me/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications"])
    }
}
