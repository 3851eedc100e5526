#if canImport(CSystemd)
import Foundation
import Synchronization

/// The desktop's do-not-disturb: the notification service's `Inhibited` property where it offers one
/// (watched through `PropertiesChanged`), else GNOME's `show-banners` setting, read when asked.
public final class DoNotDisturb: Sendable {
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let properties = "org.freedesktop.DBus.Properties"

    private let bus: SessionBus?
    private let environment: [String: String]
    private let subscription = Mutex<DBusSubscription?>(nil)

    public init(bus: SessionBus?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.bus = bus
        self.environment = environment
    }

    /// Whether do-not-disturb is on now; false when nothing tells.
    public func isOn() -> Bool {
        if let inhibited = inhibited() { return inhibited }
        if let banners = gnomeShowBanners() { return !banners }
        return false
    }

    /// Starts telling `onChange` when the notification service's `Inhibited` changes.
    public func start(onChange: @escaping @Sendable () -> Void) {
        guard let bus else { return }
        let match = DBusSignalMatch(sender: Self.service, path: Self.path, interface: Self.properties, member: "PropertiesChanged", firstArgument: Self.service)
        let watch = bus.subscribe(to: match) { signal in
            let arguments = signal.arguments
            guard arguments.count >= 2 else { return }
            let invalidated = arguments.count > 2 ? (arguments[2].strings ?? []) : []
            if arguments[1].variants?["Inhibited"] != nil || invalidated.contains("Inhibited") { onChange() }
        }
        subscription.withLock { $0 = watch }
    }

    public func stop() {
        subscription.withLock { watch in
            watch?.cancel()
            watch = nil
        }
    }

    /// The notification service's `Inhibited`, nil when it has none or does not answer within a second.
    func inhibited() -> Bool? {
        guard let bus else { return nil }
        let call = DBusMethodCall(
            destination: Self.service, path: Self.path, interface: Self.properties, member: "Get",
            arguments: [.string(Self.service), .string("Inhibited")], allowsAutoStart: false
        )
        return (try? bus.callWaiting(call, timeout: .seconds(1)))?.arguments.first?.bool
    }

    /// GNOME's `org.gnome.desktop.notifications show-banners` (false while do-not-disturb is on), nil outside GNOME.
    func gnomeShowBanners() -> Bool? {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        guard desktops.contains(where: { $0.uppercased() == "GNOME" }),
              let gsettings = PlatformCommand.find("gsettings", environment: environment) else { return nil }
        let output = Pipe()
        guard let child = try? ChildProcess(gsettings, ["get", "org.gnome.desktop.notifications", "show-banners"], stdout: .pipe(output), stderr: .null)
        else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.waitUntilExit() == .exit(0) else { return nil }
        return text == "true" ? true : text == "false" ? false : nil
    }
}
#endif
