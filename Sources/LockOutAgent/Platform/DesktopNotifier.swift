import Foundation
import Logging
import LockOutCore

/// The agent's one notifier: on the desktop through the freedesktop Notifications service while one
/// answers, else a line and a bell on the terminal (`TerminalNotifier`). What is presented while no
/// service answers is remembered too, and shown on the desktop, with its actions, as soon as a service
/// starts — as is everything still outstanding when a new service replaces the old.
///
/// With a ledger file it also carries outstanding notifications across a crash: `leftOvers` are the
/// requests a killed predecessor had outstanding; the agent presents again those it keeps (each takes
/// the old notification's place on screen), then `closeLeftOvers` closes the rest.
///
/// Without a session bus (or on a system without libsystemd) everything goes to the terminal.
public final class DesktopNotifier: Notifying {
    #if canImport(CSystemd)
    private let desktop: FreedesktopNotifier?
    #endif
    private let terminal: TerminalNotifier

    /// Connects to the session bus in `environment` and starts looking for a notification service;
    /// returns at once. With `ledger`, outstanding notifications are kept in that file.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        ledger: URL? = nil,
        terminal: TerminalNotifier = TerminalNotifier(),
        logger: Logger = Logger(label: "lockout.notifier")
    ) {
        #if canImport(CSystemd)
        self.init(bus: SessionBus.connect(environment: environment, logger: logger), ledger: ledger, terminal: terminal, logger: logger)
        #else
        logger.info("no D-Bus support in this build: notifications go to the terminal")
        self.init(terminal: terminal)
        #endif
    }

    #if canImport(CSystemd)
    /// Shows notifications over `bus`, the agent's one session-bus connection, and starts looking for a
    /// notification service; without a bus everything goes to the terminal.
    public init(
        bus: SessionBus?,
        ledger: URL? = nil,
        terminal: TerminalNotifier = TerminalNotifier(),
        logger: Logger = Logger(label: "lockout.notifier")
    ) {
        self.terminal = terminal
        desktop = bus.map { bus in
            FreedesktopNotifier(bus: bus, ledger: ledger.map(NotificationLedger.init(url:)), logger: logger) { request in
                terminal.present(request) { _ in }
            }
        }
    }
    #else
    private init(terminal: TerminalNotifier) {
        self.terminal = terminal
    }
    #endif

    /// Where notifications go now: the desktop service that answers (by name), none answering yet, or the terminal
    /// for good (no session bus).
    public var destination: NotificationDestination {
        #if canImport(CSystemd)
        guard let desktop else { return .terminal }
        return desktop.servingName.map(NotificationDestination.service) ?? .noService
        #else
        return .terminal
        #endif
    }

    /// Shows `request` on the desktop, or on the terminal while no service answers, replacing the one with the same id.
    public func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        #if canImport(CSystemd)
        if let desktop { return desktop.present(request, onAction: onAction) }
        #endif
        terminal.present(request, onAction: onAction)
    }

    /// Closes the notification with `id`, and forgets it: it is not shown again on a new service.
    public func withdraw(id: String) {
        #if canImport(CSystemd)
        desktop?.withdraw(id: id)
        #endif
    }

    /// The requests a killed predecessor had outstanding, as the ledger kept them.
    public var leftOvers: [NotificationRequest] {
        #if canImport(CSystemd)
        return desktop?.leftOverRequests ?? []
        #else
        return []
        #endif
    }

    /// Closes the left-overs not presented again since; call once, after the agent has started.
    public func closeLeftOvers() {
        #if canImport(CSystemd)
        desktop?.closeLeftOvers()
        #endif
    }

    /// Closes everything shown and waits until that is sent; for the moment before the agent exits.
    public func withdrawAll() {
        #if canImport(CSystemd)
        desktop?.withdrawAll()
        #endif
    }
}

/// Where the agent's notifications go.
public enum NotificationDestination: Sendable, Equatable {
    /// The desktop's notification service of this name shows them, with their buttons.
    case service(String)
    /// There is a session bus but no notification service answers: they go to the terminal until one starts.
    case noService
    /// There is no session bus: they go to the terminal the agent runs in.
    case terminal
}
