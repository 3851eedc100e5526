import Foundation
import LockOutCore

extension DeviceAgent {
    /// The statistics of the last `range` days at the agent's now.
    public func statistics(_ range: StatsRange) throws -> StatsReport {
        try StatsQuery(history: service.breaks.stores.history, calendar: service.breaks.calendar).report(range: range, now: clock.now())
    }

    /// Every day of history as `date,completed,skipped` lines, as `lockout export csv` writes them.
    public func dailyCSV() throws -> String {
        CSVExport.dailyCSV(try StatsQuery(history: service.breaks.stores.history, calendar: service.breaks.calendar).allDays(now: clock.now()))
    }

    /// The Schedule screen from the settings in force.
    public func scheduleScreen() throws -> ScheduleScreen {
        ScheduleScreen(settings: try settings())
    }

    /// The Settings screen from the settings in force.
    public func settingsScreen() throws -> SettingsScreen {
        SettingsScreen(settings: try settings())
    }

    /// Carries out `commands` in order and stops at the first refused one, which it throws.
    public func perform(_ commands: [BreakCommand]) throws {
        for command in commands { _ = try perform(command) }
    }

    /// Shows a notification that says notifications work.
    public func presentTestNotification() {
        notifier.present(NotificationRequest(
            id: "lockout-test", title: "LockOut", body: "Notifications work: this is how a break will call you.",
            category: "TEST_CATEGORY", actions: []
        )) { _ in }
    }

    /// The agent's now, for pages that show countdowns.
    public func now() -> Date { clock.now() }

    /// How many times faster than real time the agent's clock runs.
    public nonisolated var clockScale: Double { clock.scale }
}

extension DeviceAgent {
    /// Tells `watcher` now, and after every transition that changes it, a short signature of what the
    /// pages show (the breaks' state and the break on screen, the focus session's state, the gate's
    /// status), so an open page updates itself only when something it shows changed.
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
        return [dashboard?.state ?? "-", current, focus, gate, settings].joined(separator: ":")
    }
}
