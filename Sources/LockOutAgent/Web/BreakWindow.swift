import Foundation
import LockOutCore
import Logging
import Synchronization

/// Where a due break is shown besides its notification: `notification` (the default) or `window`, a
/// full-screen browser window with the break screen, opened when the break shows and closed when it is
/// answered or over. Set with `lockout settings set break-screen notification|window`.
public enum BreakScreenMode: String, Codable, Sendable, CaseIterable {
    case notification
    case window
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
/// screen is set to `window`, a full-screen browser window shows the break page too; when the
/// notification is withdrawn (the break answered, snoozed or over) the window closes. Without a browser
/// it says so once, as a notification, and breaks go on with their notifications.
public final class BreakWindowNotifier: Notifying {
    private let base: any Notifying
    private let mode: @Sendable () -> BreakScreenMode
    private let link: @Sendable () -> String?
    private let browser: @Sendable () -> BreakWindowBrowser?
    private let launcher: any BreakWindowLaunching
    private let profile: URL
    private let logger: Logger
    private struct State {
        var close: (@Sendable () -> Void)?
        var toldNoBrowser = false
    }
    private let state = Mutex(State())

    /// The id of the one notification that says no browser could show the break window.
    public static let noBrowserID = "break-window"

    public init(
        base: any Notifying, mode: @escaping @Sendable () -> BreakScreenMode, link: @escaping @Sendable () -> String?,
        browser: @escaping @Sendable () -> BreakWindowBrowser?, launcher: any BreakWindowLaunching = ProcessBreakWindowLauncher(),
        profile: URL, logger: Logger = Logger(label: "lockout.agent")
    ) {
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
        guard request.id == BreakNotifications.id, mode() == .window else { return }
        guard state.withLock({ $0.close == nil }) else { return }  // the window already shows the break
        guard let browser = browser(), let url = link() else {
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
        state.withLock { $0.close = close }
    }

    public func withdraw(id: String) {
        base.withdraw(id: id)
        guard id == BreakNotifications.id else { return }
        let close = state.withLock { state -> (@Sendable () -> Void)? in
            defer { state.close = nil }
            return state.close
        }
        close?()
    }
}
