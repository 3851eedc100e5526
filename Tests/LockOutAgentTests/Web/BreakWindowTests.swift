import Foundation
import LockOutCore
import Synchronization
import Testing
@testable import LockOutAgent

/// Records the windows it was asked to open and which were closed; `whileOpening` runs as a window starts.
final class RecordingLauncher: BreakWindowLaunching {
    let opened = Mutex<[String]>([])
    let closed = Mutex(0)
    let whileOpening = Mutex<(@Sendable () -> Void)?>(nil)

    func open(_ browser: BreakWindowBrowser, url: String, profile: URL) -> (@Sendable () -> Void)? {
        opened.withLock { $0.append(url) }
        whileOpening.withLock { $0 }?()
        return { self.closed.withLock { $0 += 1 } }
    }
}

@Suite("The break window")
struct BreakWindowTests {
    static let browser = BreakWindowBrowser(executable: URL(fileURLWithPath: "/usr/bin/chromium")) { url, _ in ["--app=\(url)"] }

    func make(mode: BreakScreenMode, browser: BreakWindowBrowser? = BreakWindowTests.browser)
        -> (BreakWindowNotifier, RecordingNotifier, RecordingLauncher) {
        let base = RecordingNotifier(), launcher = RecordingLauncher()
        let notifier = BreakWindowNotifier(
            base: base, mode: { mode }, link: { "http://127.0.0.1:4711/login?code=c&next=/break" }, browser: { browser },
            launcher: launcher, profile: URL(fileURLWithPath: "/tmp/profile")
        )
        return (notifier, base, launcher)
    }

    let due = BreakNotifications.due(
        DueBreak(kind: .eye, covers: [], dueAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 600)), snoozeMinutes: 5
    )

    @Test("set to window, a break's notification also opens the break page full screen, once; withdrawing it closes the window")
    func opensAndCloses() {
        let (notifier, base, launcher) = make(mode: .window)
        notifier.present(due) { _ in }
        notifier.present(due) { _ in }  // shown again (a new notification service): still one window
        #expect(base.presented.map(\.id) == ["break", "break"])
        #expect(launcher.opened.withLock { $0 } == ["http://127.0.0.1:4711/login?code=c&next=/break"])
        notifier.withdraw(id: "other")
        #expect(launcher.closed.withLock { $0 } == 0)
        notifier.withdraw(id: BreakNotifications.id)
        #expect(launcher.closed.withLock { $0 } == 1)
        notifier.present(due) { _ in }
        #expect(launcher.opened.withLock { $0.count } == 2, "the next break opens a new window")
    }

    @Test("set to notification, or for other notifications, no window opens")
    func notificationOnly() {
        let (notifier, _, launcher) = make(mode: .notification)
        notifier.present(due) { _ in }
        let (windowed, _, windowLauncher) = make(mode: .window)
        windowed.present(NotificationRequest(id: "focus", title: "Focus", body: "done", category: "FOCUS", actions: [])) { _ in }
        #expect(launcher.opened.withLock { $0 }.isEmpty)
        #expect(windowLauncher.opened.withLock { $0 }.isEmpty)
    }

    @Test("without a browser, breaks stay notifications and the agent says so once")
    func noBrowser() {
        let (notifier, base, launcher) = make(mode: .window, browser: nil)
        notifier.present(due) { _ in }
        notifier.withdraw(id: BreakNotifications.id)
        notifier.present(due) { _ in }
        #expect(launcher.opened.withLock { $0 }.isEmpty)
        #expect(base.presented.filter { $0.id == BreakWindowNotifier.noBrowserID }.count == 1)
        #expect(base.presented.filter { $0.id == BreakNotifications.id }.count == 2)
    }

    @Test("the desktop's default browser is preferred; Chromium opens an app window in its own profile, Firefox a kiosk")
    func finding() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-browsers-\(UUID())")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        for name in ["chromium", "firefox"] {
            let path = bin.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        let environment = ["PATH": bin.path]
        let profile = URL(fileURLWithPath: "/data/break-window")
        let chromium = try #require(BreakWindowBrowser.find(environment: environment, defaultBrowser: "chromium.desktop"))
        #expect(chromium.executable.lastPathComponent == "chromium")
        let sandbox = getuid() == 0 ? ["--no-sandbox"] : []
        #expect(chromium.arguments("U", profile) == ["--user-data-dir=/data/break-window", "--no-first-run", "--start-fullscreen"] + sandbox + ["--app=U"])
        let firefox = try #require(BreakWindowBrowser.find(environment: environment, defaultBrowser: "firefox-esr.desktop"))
        #expect(firefox.executable.lastPathComponent == "firefox")
        #expect(firefox.arguments("U", profile) == ["--new-instance", "--profile", "/data/break-window", "--kiosk", "U"])
        #expect(BreakWindowBrowser.find(environment: ["PATH": "/nonexistent"], defaultBrowser: nil) == nil)
    }

    @Test("the break screen setting is kept in web.json, and the CLI's change is seen by the running agent's preferences")
    func setting() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-prefs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let agentSide = WebPreferences(directory: directory)
        #expect(agentSide.breakScreen == .notification)
        WebPreferences(directory: directory).setBreakScreen(.window)  // what the CLI does
        #expect(agentSide.breakScreen == .window)
        agentSide.finishOnboarding()
        #expect(WebPreferences(directory: directory).breakScreen == .window, "the agent's own write keeps the CLI's change")
        #expect(WebPreferences(directory: directory).onboarded)
    }
}
