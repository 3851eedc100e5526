#if canImport(CSystemd)
import Foundation
import Logging

extension SessionBus {
    /// The bus daemon itself, which owns names and announces their changes.
    static let daemon = "org.freedesktop.DBus"

    /// The session bus named by `environment`, or nil (logged) when there is none to connect to.
    public static func connect(environment: [String: String], logger: Logger) -> SessionBus? {
        do {
            return try SessionBus(environment: environment, logger: logger)
        } catch {
            logger.info("no session bus (\(error)): notifications go to the terminal")
            return nil
        }
    }

    /// Reports who owns the bus name `name`, as a unique name like `:1.42`: once with the owner now
    /// (nil when nobody owns it), then at every `NameOwnerChanged`, and nil when the connection
    /// closes. The handler runs on the bus's queue; a change may repeat the owner it last reported.
    public func watchOwner(of name: String, handler: @escaping @Sendable (String?) -> Void) -> DBusSubscription {
        let match = DBusSignalMatch(
            sender: Self.daemon, path: "/org/freedesktop/DBus", interface: Self.daemon,
            member: "NameOwnerChanged", firstArgument: name
        )
        let subscription = subscribe(
            to: match,
            installed: { [weak self] _ in
                // Asked once the match is in place, so no change can fall between the answer and the first signal.
                self?.askOwner(of: name, handler: handler)
            },
            handler: { signal in
                let arguments = signal.arguments.compactMap(\.string)
                guard arguments.count == 3, arguments[0] == name else { return }
                handler(arguments[2].isEmpty ? nil : arguments[2])
            }
        )
        let id = subscription.id
        perform { [self] in closeHandlers[id] = { handler(nil) } }
        return subscription
    }

    private func askOwner(of name: String, handler: @escaping @Sendable (String?) -> Void) {
        let logger = logger
        let question = DBusMethodCall(
            destination: Self.daemon, path: "/org/freedesktop/DBus", interface: Self.daemon,
            member: "GetNameOwner", arguments: [.string(name)]
        )
        call(question, timeout: .seconds(10)) { result in
            switch result {
            case .success(let reply):
                handler(reply.arguments.first?.string)
            case .failure(let error):
                if error.name != DBusError.nameHasNoOwner {
                    logger.warning("could not ask who owns \(name): \(error)")
                }
                handler(nil)
            }
        }
    }
}
#endif
