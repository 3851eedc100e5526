import Foundation
import LockOutCore

/// Fixed times, a pinned calendar and engines in given states, shared by the plans' tests.
enum PlanFixture {
    /// 2026-11-23 08:00 UTC, a Monday: 09:00 in Berlin.
    static let t0 = Date(timeIntervalSince1970: 1_795_420_800)
    /// 2026-11-24 00:00 in Berlin, the next local midnight after `t0`.
    static let midnight = Date(timeIntervalSince1970: 1_795_474_800)

    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `minutes` after `t0`.
    static func at(_ minutes: Double) -> Date {
        t0.addingTimeInterval(minutes * 60)
    }

    /// Unix seconds, as request ids carry them.
    static func seconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970)
    }

    /// Settings with only `kinds` switched on, defaults otherwise (eye 20 min, micro 30 min, long 60 min, snooze 5 min).
    static func settings(_ kinds: Set<BreakKind> = Set(BreakKind.allCases), workingHours: WorkingHours? = nil) -> BreakSettings {
        var settings = BreakSettings(workingHours: workingHours)
        for kind in BreakKind.allCases { settings[kind].enabled = kinds.contains(kind) }
        return settings
    }

    /// A breaks engine in `state` with every cycle starting at `since`.
    static func breaks(
        _ kinds: Set<BreakKind> = Set(BreakKind.allCases),
        state: BreakState = .running,
        since: Date = t0,
        workingHours: WorkingHours? = nil,
        scheduledUntil: Date? = nil,
        heldSince: Date? = nil,
        calendar: Calendar = berlin
    ) -> BreakEngine {
        BreakEngine(
            record: BreakRecord(state: state, cycles: CycleStarts(all: since), scheduledUntil: scheduledUntil, heldSince: heldSince),
            settings: settings(kinds, workingHours: workingHours),
            calendar: calendar
        )
    }

    /// A focus engine with a session of `mode` started at `start`.
    static func focus(
        _ mode: FocusMode,
        minutes: Int? = nil,
        activity: String? = nil,
        at start: Date = t0,
        settings: FocusSettings = .defaults,
        capability: AlertCapability = .notificationOnly
    ) throws -> FocusEngine {
        var engine = FocusEngine(record: .stopped, settings: settings, capability: capability, calendar: berlin)
        _ = try engine.handle(.userStarted(FocusStart(mode: mode, durationMinutes: minutes, activity: activity)), now: start)
        return engine
    }

    /// Monday to Friday 09:00–17:00.
    static let officeHours = WorkingHours(windows: Dictionary(uniqueKeysWithValues: (2...6).map {
        ($0, WorkingHours.Window(startMinute: 9 * 60, endMinute: 17 * 60))
    }))

    /// A task with an exact reminder at `date`.
    static func task(_ id: Int, remindAt date: Date, title: String? = nil) -> TaskItem {
        TaskItem(id: TaskID(rawValue: id), title: title ?? "Task \(id)", reminder: .exact(date))
    }

    /// Runs the engine to `now`, as the runtime does after sleeping until then.
    static func tick(_ engine: inout BreakEngine, at now: Date) {
        _ = try? engine.handle(.tick, now: now)
    }
}
