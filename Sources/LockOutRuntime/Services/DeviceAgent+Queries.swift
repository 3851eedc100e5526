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
    /// Every activity, pinned first, then by name; those `filter` admits.
    public func activities(_ filter: ActivityFilter = .all) throws -> [Activity] {
        ActivityListing.list(try service.stores.activities.all(), filter: filter)
    }

    /// The collections activities are filed in.
    public func activityCollections() throws -> [String] {
        ActivityListing.collections(try service.stores.activities.all())
    }

    /// Carries out an Activities form; a duplicate or unknown name throws.
    public func perform(_ action: ActivityAction) throws {
        let store = service.stores.activities
        switch action {
        case .add(let name, let collection, let notes):
            try store.add(Activity(id: ActivityID(rawValue: UUID()), name: name, collection: collection, notes: notes))
        case .pin(let name, let pinned):
            try store.setPinned(pinned, name: name)
        case .notes(let name, let notes):
            try store.setNotes(notes, name: name)
        case .remove(let name):
            _ = try store.remove(name)
        }
        rearm()
    }

    /// The task list as the CLI lists it.
    public func taskRows() throws -> [TaskRow] {
        TaskListing.rows(try service.stores.tasks.all(), now: clock.now(), calendar: service.calendar)
    }

    /// Focus sessions `query` selects, newest first, as the history shows them.
    public func focusHistory(_ query: FocusHistoryQuery) throws -> [FocusSessionDetail] {
        try service.stores.history.sessions(query).map { FocusSessionDetail($0, calendar: service.calendar) }
    }

    /// One focus session, nil when there is none with `id`.
    public func focusSession(_ id: FocusSessionID) throws -> FocusSessionDetail? {
        try service.stores.history.session(id).map { FocusSessionDetail($0, calendar: service.calendar) }
    }
}

extension DeviceAgent {
    /// Focus time of the last `range` days, by activity and by day.
    public func focusStats(_ range: StatsRange) throws -> FocusStats {
        let today = try service.stores.history.today(now: clock.now(), calendar: service.calendar)
        let query = try FocusHistoryQuery(from: today.adding(days: -(range.days - 1), in: service.calendar), to: today)
        return FocusStats(try service.stores.history.sessions(query))
    }

    /// What the health gate logged in the last `range` days, oldest first, each with its time as people read it.
    public func gateLog(_ range: StatsRange) throws -> [(time: String, text: String)] {
        let calendar = gateService.calendar
        let today = LocalDate(clock.now(), in: calendar)
        let start = today.adding(days: -(range.days - 1), in: calendar).start(in: calendar)
        return try gateService.store.log(from: start).map { entry in
            (LocalTimeText.text(entry.at, now: .distantPast, calendar: calendar), entry.event.text)
        }
    }
}
