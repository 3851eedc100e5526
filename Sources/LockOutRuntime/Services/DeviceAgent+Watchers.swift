import Foundation
import LockOutCore

extension DeviceAgent {
    /// Tells `watcher` now, and after every transition that changes it, a short signature of what the
    /// pages show (the breaks' state and the break on screen, the focus session's state, the gate's
    /// status, rewards), so an open page updates itself only when something it shows changed.
    public func watchPages(id: UUID, _ watcher: @escaping @Sendable (String) -> Void) {
        pageWatchers[id] = watcher
        watcher(pageSignature())
    }

    /// Stops telling the watcher `id`.
    public func unwatchPages(id: UUID) {
        pageWatchers.removeValue(forKey: id)
    }

    /// The number of open pages watching.
    public var pageWatcherCount: Int { pageWatchers.count }

    func tellPages() {
        guard !pageWatchers.isEmpty else { return }
        let signature = pageSignature()
        guard signature != lastPageSignature else { return }
        lastPageSignature = signature
        for watcher in pageWatchers.values { watcher(signature) }
    }

    private func pageSignature() -> String {
        let dashboard = try? dashboard()
        let current = dashboard?.currentBreak.map { "\($0.kind.rawValue)-\($0.snoozeCount)" } ?? "-"
        let focus = (try? focusScreen())?.state ?? "-"
        let gate = gate.map { $0.record.status.isClosed ? "closed" : "open" } ?? "-"
        let settings = (try? settings()).map { "\($0.hashValue)" } ?? "-"
        return [dashboard?.state ?? "-", current, focus, gate, settings, rewardsSignature()].joined(separator: ":")
    }

    /// What the Rewards page shows that only the agent changes: the balance, today's points, reward time
    /// (its end, not its seconds, so a running countdown is no change), the quest, badges, the settings, and
    /// the last celebration.
    private func rewardsSignature() -> String {
        guard let screen = try? rewardsScreen() else { return "-" }
        var hasher = Hasher()
        hasher.combine(screen.pointsToday)
        hasher.combine(screen.rewardEndsAt)
        hasher.combine(screen.quest)
        hasher.combine(screen.badges.filter(\.isUnlocked).map(\.id))
        hasher.combine(screen.programs.map { "\($0.program)=\($0.category.rawValue)/\($0.rate ?? 0)" })
        hasher.combine(screen.dailyCap)
        hasher.combine(screen.mode)
        hasher.combine(screen.pinSet)
        hasher.combine(celebration(since: .distantPast)?.id)
        return "\(screen.balance)-\(hasher.finalize())"
    }
}
