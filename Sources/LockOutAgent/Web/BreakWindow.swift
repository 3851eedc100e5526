import Foundation
import LockOutCore
import Logging
import Synchronization

/// Where a due break is shown besides its notification: `notification` (the default); `window`, a
/// full-screen browser window with the break screen; or `native`, the break screen program on every monitor
/// (`lockout-break-screen`), with the browser window where it cannot show. Either opens when the break shows
/// and closes when it is answered or over. Set with `lockout settings set break-screen notification|window|native`.
public enum BreakScreenMode: String, Codable, Sendable, CaseIterable {
    case notification
    case window
    case native
}

/// A browser that can show one page as a full-screen app window of its own.
public struct BreakWindowBrowser: Equatable, Sendable {
    public let executable: URL
    /// The arguments that open `url` full screen, in a profile of its own (so the window is this process's,
    /// and closing it closes the window) kept in `profile`.
    public let arguments: @Sendable (_ url: String, _ profile: URL) -> [String]

    public static func == (lhs: BreakWindowBrowser, rhs: BreakWindowBrowser) -> Bool { lhs.executable == rhs.executable }

    /// The browser to use: the desktop's default (`xdg-settings get default-web-browser`) when it is
    /// Chromium, Chrome or Firefox, else the first of those on PATH; nil when there is none.
    public static func find(environment: [String: String], defaultBrowser: String?) -> BreakWindowBrowser? {
        let chromiums = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let firefoxes = ["firefox", "firefox-esr"]
        let preferFirefox = defaultBrowser?.lowercased().contains("firefox") == true
        for name in preferFirefox ? firefoxes + chromiums : chromiums + firefoxes {
            guard let executable = PlatformCommand.find(name, environment: environment) else { continue }
            if firefoxes.contains(name) {
                return BreakWindowBrowser(executable: executable) { url, profile in
                    ["--new-instance", "--profile", profile.path, "--kiosk", url]
                }
            }
            // Chromium refuses to start as root without its sandbox switched off (a container, a kiosk).
            let asRoot = getuid() == 0
            return BreakWindowBrowser(executable: executable) { url, profile in
                ["--user-data-dir=\(profile.path)", "--no-first-run", "--start-fullscreen"] + (asRoot ? ["--no-sandbox"] : []) + ["--app=\(url)"]
            }
        }
        return nil
    }

    /// The desktop's default browser as `xdg-settings` names it (like `firefox.desktop`), nil when unknown.
    public static func desktopDefault(environment: [String: String]) -> String? {
        guard let settings = PlatformCommand.find("xdg-settings", environment: environment) else { return nil }
        let output = Pipe()
        guard let child = try? ChildProcess(settings, ["get", "default-web-browser"], stdout: .pipe(output), stderr: .null) else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return child.waitUntilExit() == .exit(0) && !name.isEmpty ? name : nil
    }
}

/// Starts and stops the break window's browser process.
public protocol BreakWindowLaunching: Sendable {
    /// Starts `browser` on `url`; answers a way to close what it started, nil when it could not start.
    func open(_ browser: BreakWindowBrowser, url: String, profile: URL) -> (@Sendable () -> Void)?
}

/// Starts the browser as a child process and closes its window with SIGTERM.
public struct ProcessBreakWindowLauncher: BreakWindowLaunching {
    public init() {}

    public func open(_ browser: BreakWindowBrowser, url: String, profile: URL) -> (@Sendable () -> Void)? {
        guard let child = try? ChildProcess(browser.executable, browser.arguments(url, profile), stdout: .null, stderr: .null) else {
            return nil
        }
        return { child.terminate() }
    }
}

/// The agent's notifier with the break window added: when the break notification is shown and the break
/// screen is set to `window`, a full-screen browser window shows the break page too; set to `native`, the
/// native break screen does, and the browser window only where it cannot (no program, no display, a crash,
/// killed), with one log line naming why. When the notification is withdrawn (the break answered, snoozed or
/// over) the screen closes. Only one break screen shows at a time. Without a browser it says so once, as a
/// notification, and breaks go on with their notifications.
public final class BreakWindowNotifier: Notifying {
    private let base: any Notifying
    private let mode: @Sendable () -> BreakScreenMode
    private let link: @Sendable () -> String?
    private let browser: @Sendable () -> BreakWindowBrowser?
    private let launcher: any BreakWindowLaunching
    private let profile: URL
    private let native: @Sendable () -> NativeBreakScreen?
    private let nativeLauncher: (any NativeBreakScreenLaunching)?
    private let directory: URL
    private let logger: Logger
    private struct State {
        var close: (@Sendable () -> Void)?
        var toldNoBrowser = false
        var toldNoNative = false
        /// Counts the screens opened, so that a screen's end is told only while it is the one showing.
        var opened = 0
    }
    private let state = Mutex(State())

    /// The id of the one notification that says no browser could show the break window.
    public static let noBrowserID = "break-window"

    public init(
        base: any Notifying, mode: @escaping @Sendable () -> BreakScreenMode, link: @escaping @Sendable () -> String?,
        browser: @escaping @Sendable () -> BreakWindowBrowser?, launcher: any BreakWindowLaunching = ProcessBreakWindowLauncher(),
        profile: URL, native: @escaping @Sendable () -> NativeBreakScreen? = { nil },
        nativeLauncher: (any NativeBreakScreenLaunching)? = nil, directory: URL? = nil,
        logger: Logger = Logger(label: "lockout.agent")
    ) {
        self.native = native
        self.nativeLauncher = nativeLauncher
        self.directory = directory ?? profile.deletingLastPathComponent()
        self.base = base
        self.mode = mode
        self.link = link
        self.browser = browser
        self.launcher = launcher
        self.profile = profile
        self.logger = logger
    }

    public func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        base.present(request, onAction: onAction)
        guard request.id == BreakNotifications.id else { return }
        let mode = mode()
        guard mode != .notification else { return }
        guard state.withLock({ $0.close == nil }) else { return }  // a break screen already shows the break
        if mode == .native, openNative() { return }
        openBrowser()
    }

    /// Starts the native break screen; false when there is none to start.
    private func openNative() -> Bool {
        guard let launcher = nativeLauncher, let screen = native() else {
            let tell = state.withLock { state -> Bool in
                defer { state.toldNoNative = true }
                return !state.toldNoNative
            }
            if tell { logger.info("break screen is set to native, but \(NativeBreakScreen.name) is not installed: breaks show in the browser window") }
            return false
        }
        // Marked as showing before it starts: a screen that fails at once must still find itself the one showing.
        let opened = state.withLock { state -> Int in
            state.opened += 1
            state.close = {}
            return state.opened
        }
        let close = launcher.open(screen, directory: directory) { [self] end in
            // Only the screen showing now, ended on its own, while its break still shows, calls for the next way.
            // A failed screen's place stays taken until the browser window holds it, so no second screen starts.
            let showing = state.withLock { state -> Bool in
                guard state.opened == opened, state.close != nil else { return false }
                if end.failed { state.close = {} } else { state.close = nil }
                return true
            }
            guard showing, end.failed else { return }
            logger.warning("the native break screen \(end): showing the break in the browser window")
            openBrowser(replacing: opened)
        }
        guard let close else {
            state.withLock { state in if state.opened == opened { state.close = nil } }
            logger.warning("could not start \(screen.executable.path): showing the break in the browser window")
            return false
        }
        let current = state.withLock { state -> Bool in
            guard state.opened == opened, state.close != nil else { return false }
            state.close = close
            return true
        }
        if !current { close() }  // withdrawn while it started, or already ended
        return true
    }

    /// Opens the browser window; `replacing` is the native screen it takes over from, so that a break withdrawn
    /// meanwhile (the screen ends on a thread of its own) gets no window.
    private func openBrowser(replacing generation: Int? = nil) {
        guard let browser = browser(), let url = link() else {
            if let generation { state.withLock { state in if state.opened == generation { state.close = nil } } }
            let tell = state.withLock { state -> Bool in
                defer { state.toldNoBrowser = true }
                return !state.toldNoBrowser
            }
            if tell {
                logger.info("break screen is set to window, but no Chromium, Chrome or Firefox was found: breaks show as notifications")
                base.present(NotificationRequest(
                    id: Self.noBrowserID, title: "No break window",
                    body: "The break screen is set to window, but no Chromium, Chrome or Firefox is installed: breaks show as notifications.",
                    category: "BREAK_WINDOW_CATEGORY", actions: []
                )) { _ in }
            }
            return
        }
        let close = launcher.open(browser, url: url, profile: profile)
        if close == nil { logger.warning("could not start \(browser.executable.path) for the break window") }
        let kept = state.withLock { state -> Bool in
            if let generation, state.opened != generation { return false }
            state.opened += 1
            state.close = close
            return true
        }
        if !kept { close?() }  // the break was withdrawn while the window started
    }

    public func withdraw(id: String) {
        base.withdraw(id: id)
        guard id == BreakNotifications.id else { return }
        let close = state.withLock { state -> (@Sendable () -> Void)? in
            defer {
                state.close = nil
                state.opened += 1
            }
            return state.close
        }
        close?()
    }
}
