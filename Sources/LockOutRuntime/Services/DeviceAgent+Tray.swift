import Foundation
import LockOutCore

extension DeviceAgent {
    /// Starts sending tray statuses to `send`: the status now at once, then each one that differs from the last,
    /// until `unfollowTray`. The agent wakes for it only when a minute the tray shows changes.
    public func followTray(id: UUID, _ send: @escaping @Sendable (TrayStatus) -> Void) {
        trayFollowers[id] = send
        if let status = trayStatus(now: clock.now()) {
            lastTrayStatus = status
            send(status)
        }
        rearm()
    }

    /// Stops sending statuses to the tray `id`.
    public func unfollowTray(id: UUID) {
        trayFollowers[id] = nil
        if trayFollowers.isEmpty { lastTrayStatus = nil }
        rearm()
    }

    /// How many tray icons follow.
    public var trayFollowerCount: Int { trayFollowers.count }

    /// The tray's status now; nil before the agent started.
    func trayStatus(now: Date) -> TrayStatus? {
        guard let breaks, let dashboard = try? breakService.dashboard(for: breaks, now: now) else { return nil }
        return TrayStatus(dashboard: dashboard, focus: focus?.liveStatus(now: now), now: now, calendar: breakService.calendar)
    }

    /// Sends the trays the status now when it differs from the last one sent.
    func tellTrays(now: Date) {
        guard !trayFollowers.isEmpty, let status = trayStatus(now: now), status != lastTrayStatus else { return }
        lastTrayStatus = status
        for send in trayFollowers.values {
            send(status)
        }
    }
}
