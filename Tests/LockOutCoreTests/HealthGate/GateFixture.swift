import Foundation
@testable import LockOutCore

/// Fixed times, a pinned calendar and small readers of effects, shared by the health gate tests.
enum GateFixture {
    /// 2026-11-23 08:00 UTC, a Monday: 09:00 in Berlin.
    static let t0 = Date(timeIntervalSince1970: 1_795_420_800)
    /// The local day of `t0`.
    static let monday = LocalDate(year: 2026, month: 11, day: 23)
    /// The next local midnight after `t0`: 2026-11-24 00:00 in Berlin (23:00 UTC).
    static let midnight = Date(timeIntervalSince1970: 1_795_474_800)

    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// `minutes` after `t0`.
    static func at(_ minutes: Double) -> Date {
        t0.addingTimeInterval(minutes * 60)
    }

    /// `seconds` after `date`.
    static func plus(_ seconds: Double, _ date: Date) -> Date {
        date.addingTimeInterval(seconds)
    }

    /// The local moment `hour:minute` on `day` in Berlin.
    static func local(_ day: LocalDate, _ hour: Int, _ minute: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))!
    }

    static func totals(_ day: LocalDate = monday, steps: Double = 0, energy: Double = 0, exercise: Double = 0) -> HealthTotals {
        HealthTotals(day: day, values: [.steps: steps, .activeEnergy: energy, .exerciseMinutes: exercise])
    }

    static func snapshot(
        day: LocalDate = monday, weekday: Weekday = .monday, minute: Int = 9 * 60,
        steps: Double = 0, energy: Double = 0, exercise: Double = 0
    ) -> GateSnapshot {
        GateSnapshot(day: day, weekday: weekday, minuteOfDay: minute, totals: totals(day, steps: steps, energy: energy, exercise: exercise))
    }

    /// Only the goals in `kinds` enabled, each with its default target and every day.
    static func only(_ kinds: GateGoalKind..., apps: [String] = ["steam"]) -> GateSettings {
        var settings = GateSettings(blockedApps: apps.map { BlockedApp(executable: $0) })
        for kind in GateGoalKind.allCases { settings[kind].isEnabled = kinds.contains(kind) }
        return settings
    }

    static func code(_ number: Int) -> FrictionCode { FrictionCode(number: number) }

    // MARK: - Engine

    /// A gate first run at `now` with `settings`, nothing read yet.
    static func gate(_ settings: GateSettings = only(.steps), at now: Date = t0) -> HealthGate {
        HealthGate.starting(at: now, settings: settings, calendar: berlin)
    }

    /// A gate started at `now` and given a reading of `steps` (and the other totals) for that day.
    static func evaluated(
        _ settings: GateSettings = only(.steps), steps: Double = 0, energy: Double = 0, exercise: Double = 0,
        confirmed: Bool = true, at now: Date = t0
    ) throws -> HealthGate {
        var gate = gate(settings, at: now)
        _ = try gate.handle(.evaluationRequested, now: now)
        let day = LocalDate(now, in: berlin)
        _ = try gate.handle(reading(day, steps: steps, energy: energy, exercise: exercise, confirmed: confirmed), now: now)
        return gate
    }

    static func reading(
        _ day: LocalDate = monday, steps: Double = 0, energy: Double = 0, exercise: Double = 0, confirmed: Bool = true
    ) -> GateEvent {
        .healthDataChanged(HealthReadout(totals: totals(day, steps: steps, energy: energy, exercise: exercise), confirmed: confirmed))
    }

    /// The shield states set, in order.
    static func shields(_ effects: [GateEffect]) -> [Bool] {
        effects.compactMap { if case .setShields(let on, _) = $0 { on } else { nil } }
    }

    /// The apps of the last shield effect.
    static func shieldedApps(_ effects: [GateEffect]) -> [String]? {
        effects.compactMap { if case .setShields(_, let apps) = $0 { apps.map(\.executable) } else { nil } }.last
    }

    static func reads(_ effects: [GateEffect]) -> [LocalDate] {
        effects.compactMap { if case .readHealth(let day) = $0 { day } else { nil } }
    }

    static func logs(_ effects: [GateEffect]) -> [GateLogEvent] {
        effects.compactMap { if case .log(let entry) = $0 { entry.event } else { nil } }
    }

    static func savedSettings(_ effects: [GateEffect]) -> [GateSettings] {
        effects.compactMap { if case .saveSettings(let settings) = $0 { settings } else { nil } }
    }

    static func notices(_ effects: [GateEffect]) -> [NotificationRequest] {
        effects.compactMap { if case .notify(let request) = $0 { request } else { nil } }
    }

    /// Runs the gate to `now`, as the runtime does after sleeping until then.
    @discardableResult
    static func tick(_ gate: inout HealthGate, at now: Date) -> [GateEffect] {
        (try? gate.handle(.tick, now: now)) ?? []
    }
}
