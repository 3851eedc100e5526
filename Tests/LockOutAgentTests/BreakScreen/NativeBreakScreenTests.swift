import Foundation
import LockOutCore
import Synchronization
import Testing
@testable import LockOutAgent

/// Records the native screens it started; a test ends one as the program would, or fails to start one.
final class RecordingNativeLauncher: NativeBreakScreenLaunching {
    let opened = Mutex<[URL]>([])
    let closed = Mutex(0)
    let ends = Mutex<[@Sendable (NativeBreakScreenEnd) -> Void]>([])
    let starts: Bool

    init(starts: Bool = true) {
        self.starts = starts
    }

    func open(_ screen: NativeBreakScreen, directory: URL, onEnd: @escaping @Sendable (NativeBreakScreenEnd) -> Void) -> (@Sendable () -> Void)? {
        guard starts else { return nil }
        opened.withLock { $0.append(directory) }
        ends.withLock { $0.append(onEnd) }
        return { self.closed.withLock { $0 += 1 } }
    }

    /// The last screen started ends on its own.
    func end(_ end: NativeBreakScreenEnd) {
        ends.withLock { $0.last }?(end)
    }
}

@Suite("The native break screen")
struct NativeBreakScreenTests {
    static let screen = NativeBreakScreen(executable: URL(fileURLWithPath: "/usr/bin/lockout-break-screen"))
    let due = BreakNotifications.due(
        DueBreak(kind: .eye, covers: [], dueAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 600)), snoozeMinutes: 5
    )

    func make(
        mode: BreakScreenMode = .native, screen: NativeBreakScreen? = NativeBreakScreenTests.screen, native: RecordingNativeLauncher = .init(),
        browser: RecordingLauncher = .init()
    ) -> (BreakWindowNotifier, RecordingLauncher, RecordingNativeLauncher) {
        let notifier = BreakWindowNotifier(
            base: RecordingNotifier(), mode: { mode }, link: { "http://127.0.0.1:4711/break" }, browser: { BreakWindowTests.browser },
            launcher: browser, profile: URL(fileURLWithPath: "/tmp/data/break-window"), native: { screen }, nativeLauncher: native,
            directory: URL(fileURLWithPath: "/tmp/data")
        )
        return (notifier, browser, native)
    }

    @Test("set to native, a break starts the break screen once for the agent's data directory; withdrawing it closes the screen")
    func opensAndCloses() {
        let (notifier, browser, native) = make()
        notifier.present(due) { _ in }
        notifier.present(due) { _ in }
        #expect(native.opened.withLock { $0 } == [URL(fileURLWithPath: "/tmp/data")])
        #expect(browser.opened.withLock { $0 }.isEmpty, "never two break screens")
        notifier.withdraw(id: BreakNotifications.id)
        #expect(native.closed.withLock { $0 } == 1)
        native.end(NativeBreakScreenEnd(status: nil, signal: 15, lastLine: nil))
        #expect(browser.opened.withLock { $0 }.isEmpty, "a screen the agent closed calls for nothing")
    }

    @Test("a screen that cannot open a display, crashes or is killed leaves the break to the browser window", arguments: [
        NativeBreakScreenEnd(status: 69, signal: nil, lastLine: "cannot open X display :9"),
        NativeBreakScreenEnd(status: nil, signal: 11, lastLine: nil),
        NativeBreakScreenEnd(status: nil, signal: 9, lastLine: nil),
    ])
    func failsOver(end: NativeBreakScreenEnd) {
        let (notifier, browser, native) = make()
        notifier.present(due) { _ in }
        native.end(end)
        #expect(browser.opened.withLock { $0 } == ["http://127.0.0.1:4711/break"])
        notifier.present(due) { _ in }
        #expect(native.opened.withLock { $0.count } == 1, "the browser window shows it now: no second screen")
        notifier.withdraw(id: BreakNotifications.id)
        #expect(browser.closed.withLock { $0 } == 1)
    }

    @Test("a break withdrawn while the browser window starts in a failed screen's place gets no window")
    func withdrawnDuringFailover() {
        let browser = RecordingLauncher()
        let (notifier, _, native) = make(browser: browser)
        browser.whileOpening.withLock { $0 = { notifier.withdraw(id: BreakNotifications.id) } }
        notifier.present(due) { _ in }
        native.end(NativeBreakScreenEnd(status: nil, signal: 9, lastLine: nil))
        #expect(browser.opened.withLock { $0.count } == 1)
        #expect(browser.closed.withLock { $0 } == 1, "the window that started after the break ended is closed at once")
        browser.whileOpening.withLock { $0 = nil }
        notifier.present(due) { _ in }
        #expect(native.opened.withLock { $0.count } == 2, "the next break starts a native screen again")
    }

    @Test("a screen that ended because the break was answered calls for nothing")
    func answered() {
        let (notifier, browser, native) = make()
        notifier.present(due) { _ in }
        native.end(NativeBreakScreenEnd(status: 0, signal: nil, lastLine: nil))
        #expect(browser.opened.withLock { $0 }.isEmpty)
    }

    @Test("without the program, or when it cannot start, the browser window shows the break")
    func missing() {
        let (notifier, browser, native) = make(screen: nil)
        notifier.present(due) { _ in }
        #expect(native.opened.withLock { $0 }.isEmpty)
        #expect(browser.opened.withLock { $0.count } == 1)
        let (failing, failingBrowser, _) = make(native: RecordingNativeLauncher(starts: false))
        failing.present(due) { _ in }
        #expect(failingBrowser.opened.withLock { $0.count } == 1)
    }

    @Test("set to window, the browser shows the break and the native screen does not start")
    func windowMode() {
        let (notifier, browser, native) = make(mode: .window)
        notifier.present(due) { _ in }
        #expect(native.opened.withLock { $0 }.isEmpty)
        #expect(browser.opened.withLock { $0.count } == 1)
    }

    @Test("the end names how the screen ended and why")
    func endText() {
        #expect(NativeBreakScreenEnd(status: 69, signal: nil, lastLine: "cannot open X display :9").description
            == "exited with status 69 (cannot open X display :9)")
        #expect(NativeBreakScreenEnd(status: nil, signal: 9, lastLine: nil).description == "was killed by signal 9")
        #expect(NativeBreakScreenEnd(status: nil, signal: 9, lastLine: "first frame on every monitor (1)").description
            == "was killed by signal 9", "a killed screen's last line is no reason")
        #expect(!NativeBreakScreenEnd(status: 0, signal: nil, lastLine: nil).failed)
    }

    @Test("the program beside the running lockout is found first")
    func finding() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-native-\(UUID())")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let path = bin.appendingPathComponent(NativeBreakScreen.name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        let found = NativeBreakScreen.find(environment: ["PATH": "/nonexistent"], beside: bin.appendingPathComponent("lockout"))
        #expect(found?.executable.path == path)
        #expect(NativeBreakScreen.find(environment: ["PATH": "/nonexistent"], beside: URL(fileURLWithPath: "/nonexistent/lockout")) == nil)
    }
}
