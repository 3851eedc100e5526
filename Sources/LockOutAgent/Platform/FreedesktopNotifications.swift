#if canImport(CSystemd)
import Foundation
import LockOutCore

/// The freedesktop Notifications service (dunst, GNOME Shell, KDE Plasma, mako …) on the session bus:
/// its methods and signals in Swift types. Holds no state; `FreedesktopNotifier` keeps that.
struct FreedesktopNotifications: Sendable {
    /// The service's well-known bus name, also its interface.
    static let name = "org.freedesktop.Notifications"
    /// The object every method is called on.
    static let path = "/org/freedesktop/Notifications"

    /// Who answered `GetServerInformation`: the connection and the server's own description.
    struct ServerInformation: Sendable, CustomStringConvertible {
        /// The unique bus name of the connection that answered, like `:1.7`.
        let owner: String
        let name: String
        let vendor: String
        let version: String

        var description: String { "\(name) \(version) (\(vendor)) at \(owner)" }
    }

    /// A notification on screen: the server connection showing it and the id it gave it.
    struct Shown: Hashable, Sendable {
        let server: String
        let id: UInt32
    }

    /// Why a notification closed, as `NotificationClosed` says.
    enum CloseReason: UInt32, Sendable {
        case expired = 1, dismissed = 2, closedByCall = 3, undefined = 4
    }

    /// What the service reports about its notifications.
    enum Event: Sendable {
        case actionInvoked(Shown, action: String)
        case closed(Shown, CloseReason)
    }

    let bus: SessionBus

    /// The call that asks the service who it is; it starts an activatable service that isn't running.
    static let serverInformationCall = call("GetServerInformation", [])

    /// Asks `destination` (the well-known name, or one connection's unique name) who it is.
    func serverInformation(from destination: String, reply: @escaping @Sendable (Result<ServerInformation, DBusError>) -> Void) {
        let question = DBusMethodCall(
            destination: destination, path: Self.path, interface: Self.name, member: "GetServerInformation",
            allowsAutoStart: destination == Self.name
        )
        bus.call(question, timeout: .seconds(10)) { result in
            reply(result.flatMap { message in
                let fields = message.arguments.compactMap(\.string)
                guard fields.count == 4, let owner = message.sender else {
                    return .failure(DBusError(name: DBusError.invalidArgs, message: "GetServerInformation answered \(message.arguments)"))
                }
                return .success(ServerInformation(owner: owner, name: fields[0], vendor: fields[1], version: fields[2]))
            })
        }
    }

    /// Shows `request`, in place of the notification `replacing` unless it is 0; `reply` gets where it is shown.
    func notify(
        _ request: NotificationRequest,
        replacing: UInt32,
        reply: @escaping @Sendable (Result<Shown, DBusError>) -> Void
    ) {
        bus.call(Self.call("Notify", FreedesktopNotifyArguments.arguments(for: request, replacing: replacing)), timeout: .seconds(10)) { result in
            reply(result.flatMap { message in
                guard let id = message.arguments.first?.uint32, let server = message.sender else {
                    return .failure(DBusError(name: DBusError.invalidArgs, message: "Notify answered \(message.arguments)"))
                }
                return .success(Shown(server: server, id: id))
            })
        }
    }

    /// Closes notification `id`; `reply` hears whether the server took the call.
    func close(_ id: UInt32, reply: @escaping @Sendable (DBusError?) -> Void) {
        let call = Self.call("CloseNotification", [.uint32(id)], allowsAutoStart: false)
        bus.call(call, timeout: .seconds(10)) { result in
            if case .failure(let error) = result { reply(error) } else { reply(nil) }
        }
    }

    /// Delivers `ActionInvoked` and `NotificationClosed` from whichever connection owns the name.
    func watchEvents(_ handler: @escaping @Sendable (Event) -> Void) -> [DBusSubscription] {
        func match(_ member: String) -> DBusSignalMatch {
            DBusSignalMatch(sender: Self.name, path: Self.path, interface: Self.name, member: member)
        }
        let actions = bus.subscribe(to: match("ActionInvoked")) { signal in
            guard let server = signal.sender, signal.arguments.count == 2,
                  let id = signal.arguments[0].uint32, let action = signal.arguments[1].string
            else { return }
            handler(.actionInvoked(Shown(server: server, id: id), action: action))
        }
        let closes = bus.subscribe(to: match("NotificationClosed")) { signal in
            guard let server = signal.sender, signal.arguments.count == 2,
                  let id = signal.arguments[0].uint32, let reason = signal.arguments[1].uint32
            else { return }
            handler(.closed(Shown(server: server, id: id), CloseReason(rawValue: reason) ?? .undefined))
        }
        return [actions, closes]
    }

    /// Reports the connection owning the service's name: now, at every change, nil while none does.
    func watchOwner(_ handler: @escaping @Sendable (String?) -> Void) -> DBusSubscription {
        bus.watchOwner(of: Self.name, handler: handler)
    }

    private static func call(_ member: String, _ arguments: [DBusValue], allowsAutoStart: Bool = true) -> DBusMethodCall {
        DBusMethodCall(
            destination: name, path: path, interface: name, member: member,
            arguments: arguments, allowsAutoStart: allowsAutoStart
        )
    }
}
#endif
