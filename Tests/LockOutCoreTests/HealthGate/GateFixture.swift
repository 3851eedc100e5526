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
}
