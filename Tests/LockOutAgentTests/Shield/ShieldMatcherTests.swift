import Testing
@testable import LockOutAgent

@Suite("Shield: matching")
struct ShieldMatcherTests {
    let steam = ShieldTarget(executable: "steam")
    let firefox = ShieldTarget(executable: "firefox", desktopFileID: "org.mozilla.firefox.desktop")

    @Test("a blocked name matches by comm, by executable file name and by argv[0]")
    func byEachName() {
        let matcher = ShieldMatcher(targets: [steam])

        #expect(matcher.match(comm: "steam")?.target == steam)
        #expect(matcher.match(fileName: "steam")?.target == steam)
        #expect(matcher.match(comm: "steamwebhelper") == nil)
        #expect(matcher.match(fileName: "Steam") == nil)
        #expect(matcher.match(fileName: nil) == nil)
    }

    @Test("a target given as a path is blocked by its file name")
    func pathTarget() {
        let matcher = ShieldMatcher(targets: [ShieldTarget(executable: "/usr/games/steam")])

        #expect(matcher.match(comm: "steam")?.name == "steam")
    }

    @Test("the program a desktop file launches is blocked under its own name, for the same target")
    func desktopName() {
        let matcher = ShieldMatcher(targets: [firefox], resolvedNames: [firefox: "firefox-esr"])

        #expect(matcher.match(fileName: "firefox-esr")?.target == firefox)
        #expect(matcher.match(comm: "firefox")?.target == firefox)
    }

    @Test("names longer than 15 bytes match by executable or argv[0], never by the cut comm")
    func longNames() {
        let matcher = ShieldMatcher(targets: [ShieldTarget(executable: "gnome-calculator-pro")])

        #expect(matcher.match(comm: "gnome-calculato") == nil)
        #expect(matcher.match(fileName: "gnome-calculator-pro") != nil)
    }

    @Test("no targets block nothing")
    func empty() {
        let matcher = ShieldMatcher(targets: [])

        #expect(matcher.isEmpty)
        #expect(matcher.match(comm: "steam") == nil)
    }
}
