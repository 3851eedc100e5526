import Foundation
@testable import LockOutCore

/// Fixed times, a pinned calendar and small readers of effects, shared by the breaks tests.
enum BreakFixture {
    /// 2023-11-14 22:13:20 UTC, a Tuesday (23:13:20 in Berlin).
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func minutes(_ value: Double) -> TimeInterval { value * 60 }

    static func at(_ offsetMinutes: Double, from start: Date = t0) -> Date {
        start.addingTimeInterval(offsetMinutes * 60)
    }

    /// A Berlin wall-clock time.
    static func berlinDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    /// An engine running since `start` with every cycle starting then.
    static func running(
        since start: Date = t0,
        settings: BreakSettings = .defaults,
        scheduledUntil: Date? = nil
    ) -> BreakEngine {
        BreakEngine(
            record: BreakRecord(state: .running, cycles: CycleStarts(all: start), scheduledUntil: scheduledUntil),
            settings: settings,
            calendar: berlin
        )
    }

    static func engine(_ record: BreakRecord, settings: BreakSettings = .defaults) -> BreakEngine {
        BreakEngine(record: record, settings: settings, calendar: berlin)
    }

    /// Settings with only `kinds` switched on, defaults otherwise.
    static func only(_ kinds: Set<BreakKind>, snoozeMinutes: Int = 5, workingHours: WorkingHours? = nil) -> BreakSettings {
        var settings = BreakSettings(snoozeMinutes: snoozeMinutes, workingHours: workingHours)
        for kind in BreakKind.allCases { settings[kind].enabled = kinds.contains(kind) }
        return settings
    }

    /// Monday to Friday 09:00–17:00.
    static let officeHours = WorkingHours(windows: Dictionary(uniqueKeysWithValues: (2...6).map {
        ($0, WorkingHours.Window(startMinute: 9 * 60, endMinute: 17 * 60))
    }))

    static func presented(_ effects: [BreakEffect]) -> [NotificationRequest] {
        effects.compactMap { if case .present(let request) = $0 { request } else { nil } }
    }

    static func saved(_ effects: [BreakEffect]) -> [BreakSession] {
        effects.flatMap { effect -> [BreakSession] in
            if case .save(let sessions) = effect { sessions } else { [] }
        }
    }

    static func pending(_ engine: BreakEngine) -> DueBreak? {
        if case .breakPending(let due) = engine.record.state { due } else { nil }
    }

    static func snoozed(_ engine: BreakEngine) -> (due: DueBreak, until: Date)? {
        if case .snoozed(let due, let until) = engine.record.state { (due, until) } else { nil }
    }

    static func active(_ engine: BreakEngine) -> (due: DueBreak, startedAt: Date, endsAt: Date)? {
        if case .breakActive(let due, let startedAt, let endsAt) = engine.record.state { (due, startedAt, endsAt) } else { nil }
    }

    /// Whether two engines hold the same record, settings and calendar.
    static func same(_ lhs: BreakEngine, _ rhs: BreakEngine) -> Bool {
        lhs.record == rhs.record && lhs.settings == rhs.settings && lhs.calendar == rhs.calendar
    }

    /// Runs the engine to `now`, as the runtime does after sleeping until then.
    @discardableResult
    static func tick(_ engine: inout BreakEngine, at now: Date) -> [BreakEffect] {
        (try? engine.handle(.tick, now: now)) ?? []
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    var onlyElement: Element? { count == 1 ? first : nil }
}
