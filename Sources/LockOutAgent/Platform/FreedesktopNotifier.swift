#if canImport(CSystemd)
import Foundation
import Logging
import LockOutCore

/// Shows notifications on the session's freedesktop Notifications service over the agent's bus
/// connection, and keeps every request that is outstanding (presented, and not withdrawn, answered
/// or dismissed) so it can show it again on a service that starts later or replaces the one that
/// showed it. No process is started: `Notify`, `CloseNotification`, `ActionInvoked` and
/// `NotificationClosed` travel over the one connection.
///
/// The service, as this notifier sees it:
/// ```
///   asking ──(GetServerInformation answered by S)──► serving(S): shows, replaces, closes on S
///   asking ──(no answer, an error)─────────────────► absent: each new request goes to `fallback`
///                                                    (after one Notify that may start an activatable service)
///   serving(S) ──(NameOwnerChanged: nobody)─────────► absent (S's notifications are gone with it)
///   serving(S) | absent ──(NameOwnerChanged: T)─────► asking T ──► serving(T): every outstanding
///                                                    request is shown on T, with its actions
/// ```
/// While asking, requests wait; if the answer is "absent" the ones not yet shown anywhere go to `fallback`.
/// What happens to each request id is drawn on `NotificationSlot`.
///
/// All state lives on the bus's queue; the public methods hand their work to it and return at once.
final class FreedesktopNotifier: @unchecked Sendable {
    enum ServiceState: Equatable {
        /// Waiting for `GetServerInformation`: from the well-known name (and allowed to start it), or from one connection.
        case asking(generation: Int, destination: String)
        case serving(String)
        case absent
    }

    let service: FreedesktopNotifications
    let logger: Logger
    let fallback: @Sendable (NotificationRequest) -> Void
    private let ledger: NotificationLedger?
    /// The requests a killed predecessor left outstanding, read once at start.
    let leftOverRequests: [NotificationRequest]

    // Confined to the bus's queue.
    var state: ServiceState
    /// Who the serving service said it is, like `dunst 1.9.0 (knopwob)`.
    var serverName: String?
    var slots: [String: NotificationSlot] = [:]
    /// Left-overs not yet shown again or closed, by request id.
    var leftOvers: [String: NotificationLedger.Entry]
    /// `closeLeftOvers` was called while asking; done once the service is known.
    var closesLeftOversWhenKnown = false
    private var lastVersion = 0
    private var askGeneration = 0
    private var subscriptions: [DBusSubscription] = []

    /// Starts watching the service and asks it who it is (starting it if it can be started); returns at once.
    /// With a `ledger`, what is outstanding is kept there, and what a killed predecessor left is read from it.
    init(
        bus: SessionBus,
        ledger: NotificationLedger? = nil,
        logger: Logger = Logger(label: "lockout.notifier"),
        fallback: @escaping @Sendable (NotificationRequest) -> Void
    ) {
        service = FreedesktopNotifications(bus: bus)
        self.ledger = ledger
        self.logger = logger
        self.fallback = fallback
        var left: [NotificationLedger.Entry] = []
        do {
            left = try ledger?.load() ?? []
        } catch {
            logger.warning("the notifications a previous agent left stay as they are: \(error)")
        }
        leftOverRequests = left.map(\.request)
        leftOvers = Dictionary(left.map { ($0.request.id, $0) }, uniquingKeysWith: { _, last in last })
        state = .asking(generation: 0, destination: FreedesktopNotifications.name)
        bus.perform { [self] in
            subscriptions = service.watchEvents { [weak self] event in self?.handle(event) }
            subscriptions.append(service.watchOwner { [weak self] owner in self?.ownerChanged(to: owner) })
            ask(FreedesktopNotifications.name)
        }
    }

    /// Shows `request`, in place of the one shown under the same id; `onAction` gets the chosen action once.
    func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        service.bus.perform { [self] in
            lastVersion += 1
            var slot = slots[request.id] ?? NotificationSlot()
            slot.wanted = NotificationSlot.Wanted(request: request, onAction: onAction, version: lastVersion)
            if slot.screen == nil, let left = leftOvers.removeValue(forKey: request.id),
               let server = left.server, let id = left.serverID {
                slot.screen = FreedesktopNotifications.Shown(server: server, id: id)  // a killed predecessor's: take its place
            }
            slots[request.id] = slot
            sync(request.id)
            saveLedger()
        }
    }

    /// Closes what is shown for `id`, also a predecessor's left-over; an action chosen after this is ignored.
    func withdraw(id: String) {
        service.bus.perform { [self] in
            if let left = leftOvers.removeValue(forKey: id) { close(left) }
            slots[id]?.wanted = nil
            sync(id)
            saveLedger()
        }
    }

    /// Withdraws everything and waits until the closing calls are written; for the moment before the agent exits.
    func withdrawAll() {
        service.bus.queue.sync {
            for id in Array(slots.keys) {
                slots[id]?.wanted = nil
                sync(id)
            }
            saveLedger()
        }
        service.bus.flush()
    }

    /// Closes what a killed predecessor left that was not shown again since; call once the agent has
    /// presented what it keeps. Left-overs on a server that is gone are forgotten.
    func closeLeftOvers() {
        service.bus.perform { [self] in
            if case .asking = state {
                closesLeftOversWhenKnown = true
                return
            }
            closeRemainingLeftOvers()
        }
    }

    /// Where `requestID` is shown now, once the server has said; for tests.
    func shown(_ requestID: String) -> FreedesktopNotifications.Shown? {
        service.bus.queue.sync { slots[requestID]?.screen }
    }

    /// The service as this notifier sees it now; for tests.
    var currentState: ServiceState {
        service.bus.queue.sync { state }
    }

    /// The name of the service that shows notifications now, nil while none answers.
    var servingName: String? {
        service.bus.queue.sync { if case .serving = state { serverName } else { nil } }
    }

    // MARK: - The service

    /// Asks `destination` who it is; its answer decides between serving and absent.
    private func ask(_ destination: String) {
        askGeneration += 1
        let generation = askGeneration
        state = .asking(generation: generation, destination: destination)
        service.serverInformation(from: destination) { [weak self] result in
            self?.answered(result, generation: generation)
        }
    }

    private func answered(_ result: Result<FreedesktopNotifications.ServerInformation, DBusError>, generation: Int) {
        guard case .asking(generation, _) = state else { return }  // a newer question is out, or the owner left
        switch result {
        case .success(let server):
            logger.info("desktop notifications through \(server)")
            state = .serving(server.owner)
            serverName = "\(server.name) \(server.version) (\(server.vendor))"
            for id in Array(slots.keys) { sync(id) }
        case .failure(let error):
            logger.info("no notification service answers (\(error)): notifications go to the terminal until one starts")
            state = .absent
            for id in Array(slots.keys) { deliverElsewhere(id) }
        }
        if closesLeftOversWhenKnown { closeRemainingLeftOvers() }
        saveLedger()
    }

    private func ownerChanged(to owner: String?) {
        switch (state, owner) {
        case (.serving(let current), let owner?) where owner == current:
            return
        case (.asking(_, let destination), nil) where destination == FreedesktopNotifications.name:
            return  // the first question may be starting the service right now; its answer decides
        case (_, nil):
            if case .serving(let gone) = state { logger.info("the notification service \(gone) went away") }
            askGeneration += 1
            state = .absent
            for id in Array(slots.keys) { serverGone(id) }
            saveLedger()
        case (_, let owner?):
            ask(owner)
        }
    }

    private func closeRemainingLeftOvers() {
        closesLeftOversWhenKnown = false
        for left in leftOvers.values { close(left) }
        leftOvers.removeAll()
        saveLedger()
    }

    private func close(_ left: NotificationLedger.Entry) {
        guard case .serving(let owner) = state, left.server == owner, let id = left.serverID else { return }
        closeOnServer(id)
    }

    /// Asks the serving connection to close notification `id`.
    func closeOnServer(_ id: UInt32) {
        let logger = logger
        service.close(id) { error in
            if let error { logger.debug("CloseNotification \(id): \(error)") }
        }
    }

    /// Writes what is outstanding, and the left-overs not yet decided, to the ledger.
    func saveLedger() {
        guard let ledger else { return }
        var entries = leftOvers.values.map { $0 }
        for (_, slot) in slots {
            guard let wanted = slot.wanted else { continue }
            entries.append(NotificationLedger.Entry(request: wanted.request, server: slot.screen?.server, serverID: slot.screen?.id))
        }
        entries.sort { $0.request.id < $1.request.id }
        do {
            try ledger.save(entries)
        } catch {
            logger.warning("could not write \(ledger.url.path): \(error); a crash now would lose what is on screen")
        }
    }
}
#endif
