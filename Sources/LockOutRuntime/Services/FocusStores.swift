import Foundation
import LockOutCore

/// The stores focus sessions, activities and tasks persist to.
public struct FocusStores: Sendable {
    public let history: any FocusHistory
    public let record: any FocusRecordStore
    public let settings: any FocusSettingsStore
    public let activities: any ActivityStore
    public let tasks: any TaskStore

    public init(
        history: any FocusHistory,
        record: any FocusRecordStore,
        settings: any FocusSettingsStore,
        activities: any ActivityStore,
        tasks: any TaskStore
    ) {
        self.history = history
        self.record = record
        self.settings = settings
        self.activities = activities
        self.tasks = tasks
    }
}

/// What a focus transition asks of the runtime: the focus engine's effects, and the breaks engine's
/// effects of the link between them (a hold starting or ending, a pomodoro break counted as a break).
public struct FocusTransition: Sendable {
    public var focus: [FocusEffect] = []
    public var breaks: [BreakEffect] = []

    public init(focus: [FocusEffect] = [], breaks: [BreakEffect] = []) {
        self.focus = focus
        self.breaks = breaks
    }
}
