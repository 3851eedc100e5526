#if canImport(CSystemd)
import Foundation
import Logging

/// The processes that own the desktop's own names on the session bus — the notification service, the
/// screen saver and locker, the portals, the secret service, the accessibility bus, the tray's watcher,
/// the shell and session manager — so the shield spares them by what they do, whatever their
/// executable is called: a notification daemon no catalog has heard of is still never stopped.
///
/// It follows each name's owner (`NameOwnerChanged`) and asks the bus for the owner's pid
/// (`GetConnectionUnixProcessID`), so a service that starts, restarts or hands its name over is known
/// within one round trip. It costs nothing while no name changes hands.
public final class DesktopBusOwners: @unchecked Sendable {
    /// The well-known names whose owners are part of the desktop session.
    public static let names = [
        "org.freedesktop.DBus",
        "org.freedesktop.Notifications",
        "org.freedesktop.ScreenSaver", "org.gnome.ScreenSaver", "org.mate.ScreenSaver", "org.cinnamon.ScreenSaver",
        "org.xfce.ScreenSaver", "org.kde.screensaver",
        "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Documents", "org.freedesktop.impl.portal.PermissionStore",
        "org.freedesktop.secrets", "org.freedesktop.impl.portal.Secret",
        "org.a11y.Bus",
        "org.kde.StatusNotifierWatcher", "org.freedesktop.StatusNotifierWatcher",
        "org.gnome.Shell", "org.gnome.SessionManager", "org.gnome.Mutter.DisplayConfig",
        "org.kde.KWin", "org.kde.plasmashell", "org.kde.ksmserver", "org.kde.kglobalaccel",
        "org.xfce.SessionManager", "org.xfce.Panel", "org.xfce.Xfconf",
        "org.freedesktop.IBus", "org.fcitx.Fcitx5", "org.freedesktop.PowerManagement",
    ]

    private let bus: SessionBus
    private let logger: Logger
    private let lock = NSLock()
    /// The owner of each name as last reported, and its pid once the bus told it; guarded by `lock`.
    private var owners: [String: (owner: String, pid: Int32?)] = [:]
    private var watches: [DBusSubscription] = []

    /// Starts following the owners of `names` on `bus`; returns at once, the pids arrive as the bus answers.
    public init(bus: SessionBus, names: [String] = DesktopBusOwners.names, logger: Logger = Logger(label: "lockout.shield")) {
        self.bus = bus
        self.logger = logger
        let watches = names.map { name in
            bus.watchOwner(of: name) { [weak self] owner in self?.ownerChanged(name, to: owner) }
        }
        lock.withLock { self.watches = watches }
    }

    /// The pids of the names' owners known now; answers at once from what the bus has told.
    public var processIDs: Set<Int32> {
        lock.withLock { Set(owners.values.compactMap(\.pid)) }
    }

    private func ownerChanged(_ name: String, to owner: String?) {
        lock.withLock {
            guard let owner else {
                owners[name] = nil
                return
            }
            if owners[name]?.owner != owner { owners[name] = (owner, nil) }
        }
        guard let owner else { return }
        let question = DBusMethodCall(
            destination: SessionBus.daemon, path: "/org/freedesktop/DBus", interface: SessionBus.daemon,
            member: "GetConnectionUnixProcessID", arguments: [.string(owner)]
        )
        bus.call(question, timeout: .seconds(10)) { [weak self] result in
            self?.answered(name, owner: owner, result)
        }
    }

    private func answered(_ name: String, owner: String, _ result: Result<DBusMessage, DBusError>) {
        switch result {
        case .success(let reply):
            guard case .uint32(let pid) = reply.arguments.first, let processID = Int32(exactly: pid) else { return }
            lock.withLock {
                // The name may have changed hands while the question was on its way.
                guard owners[name]?.owner == owner else { return }
                owners[name] = (owner, processID)
            }
        case .failure(let error):
            logger.debug("no pid for the owner of \(name): \(error)")
        }
    }
}
#endif
