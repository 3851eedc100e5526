#if canImport(CSystemd)
import Foundation
import Logging
import LockOutRuntime

extension AgentHost {
    /// Puts the agent in the desktop's tray over `bus`, its icon file under `directory`; nothing without a session bus.
    /// Open LockOut opens `link()` (a one-time login to the web app, as `lockout open` makes) in the default browser;
    /// Quit runs `quit`.
    static func startTray(
        agent: DeviceAgent, bus: SessionBus?, directory: URL, environment: [String: String],
        link: @escaping @Sendable () -> String?, quit: @escaping @Sendable () -> Void
    ) -> TrayIcon? {
        guard let bus else { return nil }
        let logger = Logger(label: "lockout.tray")
        return AgentTray.start(
            agent: agent, bus: bus, iconDirectory: directory.appendingPathComponent("icons"), logger: logger,
            openWebApp: {
                guard let link = link() else { return }
                if !WebOpener.openInBrowser(link, environment: environment) {
                    logger.warning("could not open the web app in a browser: open \(link)")
                }
            },
            quit: quit
        )
    }
}
#endif
