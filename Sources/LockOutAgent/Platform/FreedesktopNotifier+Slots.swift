#if canImport(CSystemd)
import Foundation
import LockOutCore

/// Everything about one request id: what should be on screen for it, and what a server shows.
///
/// ```
///   present ──► wanted (version n) ──Notify, in place of what the serving server shows for the id──► in flight
///   in flight ──reply (server, id)──► on screen, version n
///   in flight ──error──► not shown there; to the fallback if version n reached nobody yet
///   on screen ──ActionInvoked──► answered: `onAction` once, CloseNotification, no longer wanted
///   on screen ──NotificationClosed──► dismissed: no longer wanted
///   withdraw ──► not wanted: CloseNotification, once a Notify in flight has answered
///   the server goes ──► wanted, shown nowhere: shown again when another server answers
/// ```
/// Signals about a version the id no longer shows (replaced meanwhile) are ignored.
struct NotificationSlot {
    /// A presentation the agent asked for.
    struct Wanted {
        let request: NotificationRequest
        let onAction: @Sendable (String) -> Void
        let version: Int
        /// Whether this version reached the person anywhere: on a desktop, or through the fallback.
        var isDelivered = false
    }

    /// A `Notify` waiting for its reply: which version, sent while which server served (nil: none did).
    struct Sent: Equatable {
        let server: String?
        let version: Int
    }

    var wanted: Wanted?
    /// The notification a server shows for this id, and the version it shows.
    var screen: FreedesktopNotifications.Shown?
    var screenVersion: Int?
    var inFlight: Sent?
    /// The last `Notify` the server refused, so the same version is not sent to the same server again.
    var refused: Sent?

    /// Nothing wanted, shown or awaited: the slot can go.
    var isEmpty: Bool { wanted == nil && screen == nil && inFlight == nil }
}

extension FreedesktopNotifier {
    /// Brings what is shown for `id` in line with what is wanted, as far as the service allows now.
    func sync(_ id: String) {
        guard let slot = slots[id], slot.inFlight == nil else { return }
        switch state {
        case .serving(let owner):
            guard let wanted = slot.wanted else {
                if let screen = slot.screen, screen.server == owner { closeOnServer(screen.id) }
                slots[id] = nil
                return
            }
            let onThisServer = slot.screen?.server == owner ? slot.screen : nil
            if onThisServer != nil, slot.screenVersion == wanted.version { return }
            if slot.refused == NotificationSlot.Sent(server: owner, version: wanted.version) { return }
            send(wanted, replacing: onThisServer?.id ?? 0, for: id, server: owner)
        case .absent:
            guard let wanted = slot.wanted else {
                slots[id] = nil
                return
            }
            // One Notify may start an activatable service; if none answers it goes to the fallback.
            if !wanted.isDelivered { send(wanted, replacing: 0, for: id, server: nil) }
        case .asking:
            break  // the answer syncs every slot
        }
    }

    private func send(_ wanted: NotificationSlot.Wanted, replacing: UInt32, for id: String, server: String?) {
        slots[id]?.inFlight = NotificationSlot.Sent(server: server, version: wanted.version)
        service.notify(wanted.request, replacing: replacing) { [weak self] result in
            self?.notified(id, result)
        }
    }

    private func notified(_ id: String, _ result: Result<FreedesktopNotifications.Shown, DBusError>) {
        guard var slot = slots[id], let sent = slot.inFlight else { return }
        slot.inFlight = nil
        switch result {
        case .success(let shown):
            slot.screen = shown
            slot.screenVersion = sent.version
            if slot.wanted?.version == sent.version { slot.wanted?.isDelivered = true }
            slots[id] = slot
        case .failure(let error):
            logger.warning("the notification service did not show \(id): \(error)")
            slot.refused = sent
            slots[id] = slot
            deliverElsewhere(id)
        }
        sync(id)
        saveLedger()
    }

    /// Hands the wanted version to the fallback, unless it already reached the person.
    func deliverElsewhere(_ id: String) {
        guard let wanted = slots[id]?.wanted, !wanted.isDelivered else { return }
        slots[id]?.wanted?.isDelivered = true
        fallback(wanted.request)
    }

    /// The server that showed `id` is gone, and its notifications with it.
    func serverGone(_ id: String) {
        guard var slot = slots[id] else { return }
        slot.screen = nil
        slot.screenVersion = nil
        slots[id] = slot.isEmpty ? nil : slot
    }

    /// An action or a close reported by the service.
    func handle(_ event: FreedesktopNotifications.Event) {
        switch event {
        case .actionInvoked(let shown, let action):
            guard let (id, slot) = slots.first(where: { $0.value.screen == shown }),
                  slot.inFlight == nil, let wanted = slot.wanted, slot.screenVersion == wanted.version
            else { return }
            // Answered: closed here too, since not every server closes a notification whose action was chosen.
            slots[id] = nil
            closeOnServer(shown.id)
            saveLedger()
            wanted.onAction(action)
        case .closed(let shown, let reason):
            guard let (id, found) = slots.first(where: { $0.value.screen == shown }) else { return }
            var slot = found
            if slot.inFlight == nil, slot.screenVersion == slot.wanted?.version {
                logger.debug("\(id) closed: \(reason)")
                slot.wanted = nil  // dismissed, expired or closed by someone: no longer outstanding
            }
            slot.screen = nil
            slot.screenVersion = nil
            slots[id] = slot.isEmpty ? nil : slot
            saveLedger()
        }
    }
}
#endif
