#if canImport(CSystemd)
import Foundation
import Logging
import LockOutCore

/// The agent's icon in the desktop's tray: a StatusNotifierItem with a dbusmenu menu, exported on the agent's
/// session-bus connection and registered with the tray host's `org.kde.StatusNotifierWatcher`.
///
/// ```
///   no host ──(the watcher gets an owner: RegisterStatusNotifierItem)──► in the tray ──(the owner goes)──► no host
/// ```
/// A host that starts later or restarts gets the item registered again. Without one, the agent says so once in
/// its log. `hostChanged` hears when the icon enters or leaves a tray, so the agent feeds it only while shown.
/// Its state lives on the bus's queue, where every call and signal is handled.
public final class TrayIcon: @unchecked Sendable {
    /// The tray host's registry of items.
    public static let watcherName = "org.kde.StatusNotifierWatcher"

    private let bus: SessionBus
    private let logger: Logger
    private let clicked: @Sendable (TrayMenu.Item) -> Void
    private let hostChanged: @Sendable (Bool) -> Void
    /// Confined to the bus's queue from here on.
    private var item: StatusNotifierItem
    private var menu = TrayMenu()
    private var serviceName: String?
    /// The watcher's owner last reported, once one was.
    private var watcher: String??
    private var isShown = false
    private var saidNoHost = false
    private var subscriptions: [DBusSubscription] = []

    /// An icon on `bus` whose icon file is in `iconThemePath`; nothing shows until `start`.
    init(
        bus: SessionBus, iconThemePath: String, logger: Logger,
        clicked: @escaping @Sendable (TrayMenu.Item) -> Void, hostChanged: @escaping @Sendable (Bool) -> Void
    ) {
        self.bus = bus
        self.logger = logger
        self.clicked = clicked
        self.hostChanged = hostChanged
        item = StatusNotifierItem(iconThemePath: iconThemePath)
    }

    /// Exports the item and its menu, takes the name `org.kde.StatusNotifierItem-PID-1`, and follows the watcher.
    func start() {
        let name = "org.kde.StatusNotifierItem-\(getpid())-1"
        bus.perform { [self] in
            subscriptions.append(bus.export(path: StatusNotifierItem.path) { [weak self] call in self?.answerItem(call) })
            subscriptions.append(bus.export(path: StatusNotifierItem.menuPath) { [weak self] call in self?.answerMenu(call) })
        }
        bus.requestName(name) { [weak self] owned in
            guard let self else { return }
            // Without the name, the object's path registers it: the watcher takes the caller's connection then.
            serviceName = owned ? name : StatusNotifierItem.path
            subscriptions.append(bus.watchOwner(of: Self.watcherName) { [weak self] owner in self?.watcherChanged(owner) })
        }
    }

    /// Takes the icon out of the tray and stops following the watcher.
    public func stop() {
        bus.perform { [self] in
            for subscription in subscriptions { subscription.cancel() }
            subscriptions.removeAll()
            if isShown {
                isShown = false
                hostChanged(false)
            }
        }
    }

    /// Shows `status`: the tooltip, the attention state and the menu's Resume, each signalled when it changed.
    public func show(_ status: TrayStatus) {
        bus.perform { [self] in
            let old = item.status
            item.status = status
            let path = StatusNotifierItem.path, interface = StatusNotifierItem.interface
            if old?.tooltipTitle != status.tooltipTitle || old?.tooltipText != status.tooltipText {
                bus.emit(path: path, interface: interface, member: "NewToolTip")
            }
            if (old?.needsAttention ?? false) != status.needsAttention {
                bus.emit(path: path, interface: interface, member: "NewStatus", arguments: [.string(item.statusName)])
            }
            if menu.setPaused(status.isPaused) {
                bus.emit(path: StatusNotifierItem.menuPath, interface: TrayMenu.interface, member: "ItemsPropertiesUpdated", arguments: menu.resumeUpdate)
                bus.emit(
                    path: StatusNotifierItem.menuPath, interface: TrayMenu.interface, member: "LayoutUpdated",
                    arguments: [.uint32(menu.revision), .int32(TrayMenu.rootID)]
                )
            }
        }
    }

    private func answerItem(_ call: DBusMessage) -> DBusAnswer? {
        item.answer(call) { clicked(.open) }
    }

    private func answerMenu(_ call: DBusMessage) -> DBusAnswer? {
        menu.answer(call) { clicked($0) }
    }

    /// The watcher's owner now; on the bus's queue.
    private func watcherChanged(_ owner: String?) {
        guard watcher != .some(owner) else { return }
        watcher = .some(owner)
        guard owner != nil else {
            if isShown {
                isShown = false
                logger.info("the tray host left: the tray icon comes back when one starts")
                hostChanged(false)
            } else if !saidNoHost {
                saidNoHost = true
                logger.info("no tray host (\(Self.watcherName) is not on the session bus): running without a tray icon")
            }
            return
        }
        register()
    }

    private func register() {
        let register = DBusMethodCall(
            destination: Self.watcherName, path: "/StatusNotifierWatcher", interface: Self.watcherName,
            member: "RegisterStatusNotifierItem", arguments: [.string(serviceName ?? StatusNotifierItem.path)], allowsAutoStart: false
        )
        bus.call(register, timeout: .seconds(10)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                guard !isShown else { return }
                isShown = true
                logger.info("the tray icon is registered with \(Self.watcherName)")
                hostChanged(true)
            case .failure(let error):
                logger.warning("could not register the tray icon: \(error)")
            }
        }
    }
}
#endif
