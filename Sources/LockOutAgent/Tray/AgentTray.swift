#if canImport(CSystemd)
import Foundation
import Logging
import LockOutCore
import LockOutRuntime

/// The tray icon over a running agent: the menu's break entries go through `DeviceAgent.perform` as the CLI's
/// commands do, and the agent feeds the icon its status only while a tray shows it.
public enum AgentTray {
    /// Starts the icon for `agent` on `bus`, its icon file written under `iconDirectory`; `openWebApp` and `quit`
    /// carry out Open LockOut and Quit, on a queue of their own (they may wait for the bus).
    public static func start(
        agent: DeviceAgent, bus: SessionBus, iconDirectory: URL, logger: Logger,
        openWebApp: @escaping @Sendable () -> Void, quit: @escaping @Sendable () -> Void
    ) -> TrayIcon {
        let executor = agent.executor
        let follower = UUID()
        let tray = Box()
        // Open LockOut waits for the browser and Quit for the agent to stop, neither on the bus's queue.
        let outside = DispatchQueue(label: "lockout.tray")
        let icon = TrayIcon(
            bus: bus, iconThemePath: TrayIconFiles.write(in: iconDirectory, logger: logger), logger: logger,
            clicked: { item in
                switch item {
                case .open: outside.async(execute: openWebApp)
                case .quit: outside.async(execute: quit)
                case .separator: break
                case .takeBreak, .pause30, .pause60, .pauseUntilTomorrow, .resume:
                    guard let command = item.command else { return }
                    Task(executorPreference: executor) {
                        do {
                            _ = try await agent.perform(command)
                        } catch {
                            logger.warning("the tray's \(item.label ?? "") was not applied: \(error)")
                        }
                    }
                }
            },
            hostChanged: { shown in
                Task(executorPreference: executor) {
                    if shown {
                        await agent.followTray(id: follower) { status in tray.icon?.show(status) }
                    } else {
                        await agent.unfollowTray(id: follower)
                    }
                }
            }
        )
        tray.icon = icon
        icon.start()
        return icon
    }

    /// The icon, for the agent's follower, without the follower keeping it alive.
    private final class Box: @unchecked Sendable {
        weak var icon: TrayIcon?
    }
}

extension TrayMenu.Item {
    /// The breaks command the entry gives, as `lockout break …` would; nil for the entries that are not one.
    var command: BreakCommand? {
        switch self {
        case .takeBreak: .takeBreakNow(nil)
        case .pause30: .pause(seconds: 30 * 60)
        case .pause60: .pause(seconds: 60 * 60)
        case .pauseUntilTomorrow: .pauseUntilTomorrow
        case .resume: .resume
        case .separator, .open, .quit: nil
        }
    }
}

/// The icon file a tray host finds by name: the embedded icon, written where `IconThemePath` points.
enum TrayIconFiles {
    /// Writes `lockout.png` into `directory` and its `hicolor/256x256/apps`, and answers the directory's path;
    /// a failure is logged and the host falls back to the desktop's theme.
    static func write(in directory: URL, logger: Logger) -> String {
        let themed = directory.appendingPathComponent("hicolor/256x256/apps")
        do {
            try FileManager.default.createDirectory(at: themed, withIntermediateDirectories: true)
            for folder in [directory, themed] {
                let file = folder.appendingPathComponent(StatusNotifierItem.iconName + ".png")
                if (try? Data(contentsOf: file)) != SessionIcon.png {
                    try SessionIcon.png.write(to: file, options: .atomic)
                }
            }
        } catch {
            logger.warning("could not write the tray icon into \(directory.path): \(error)")
        }
        return directory.path
    }
}
#endif
