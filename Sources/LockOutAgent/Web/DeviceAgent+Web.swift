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
