import Foundation
import Testing
@testable import LockOutCore

@Suite("Goal evaluator: which of today's goals keep the gate closed")
struct GoalEvaluatorTests {
    @Test("a value one below the target keeps the gate closed", arguments: [(GateGoalKind.steps, 10_000.0), (.energy, 500), (.exercise, 30)])
    func oneBelowTarget(kind: GateGoalKind, target: Double) {
        let settings = GateFixture.only(kind)
        let value = target - 1
        let snapshot = GateFixture.snapshot(
            steps: kind == .steps ? value : 0, energy: kind == .energy ? value : 0, exercise: kind == .exercise ? value : 0
        )
        let evaluation = GoalEvaluator.evaluate(settings, snapshot: snapshot)
        #expect(evaluation.isClosed)
        #expect(evaluation.unmet == [kind])
    }

    @Test("a value exactly at the target meets the goal", arguments: [(GateGoalKind.steps, 10_000.0), (.energy, 500), (.exercise, 30)])
    func atTarget(kind: GateGoalKind, target: Double) {
        let settings = GateFixture.only(kind)
        let snapshot = GateFixture.snapshot(
            steps: kind == .steps ? target : 0, energy: kind == .energy ? target : 0, exercise: kind == .exercise ? target : 0
        )
        let evaluation = GoalEvaluator.evaluate(settings, snapshot: snapshot)
        #expect(!evaluation.isClosed)
        #expect(evaluation.goals.map(\.isMet) == [true])
    }

    @Test("the unlock time keeps the gate closed one minute before it")
    func unlockTimeMinuteBefore() {
        let evaluation = GoalEvaluator.evaluate(GateFixture.only(.unlockTime), snapshot: GateFixture.snapshot(minute: 19 * 60 - 1))
        #expect(evaluation.unmet == [.unlockTime])
    }

    @Test("the unlock time is met at the minute it names")
    func unlockTimeAt() {
        let evaluation = GoalEvaluator.evaluate(GateFixture.only(.unlockTime), snapshot: GateFixture.snapshot(minute: 19 * 60))
        #expect(!evaluation.isClosed)
    }

    @Test("an unlock time of 0 never blocks, even at midnight")
    func unlockTimeZero() {
        var settings = GateFixture.only(.unlockTime)
        settings.unlockTime.target = 0
        let evaluation = GoalEvaluator.evaluate(settings, snapshot: GateFixture.snapshot(minute: 0))
        #expect(!evaluation.isClosed)
    }

    @Test("with several goals one unmet goal keeps the gate closed and only it is named")
    func severalGoalsOneUnmet() {
        let settings = GateFixture.only(.steps, .energy, .exercise)
        let snapshot = GateFixture.snapshot(steps: 12_000, energy: 499, exercise: 45)
        #expect(GoalEvaluator.evaluate(settings, snapshot: snapshot).unmet == [.energy])
    }

    @Test("with several goals all met the gate opens")
    func severalGoalsAllMet() {
        let settings = GateFixture.only(.steps, .energy, .exercise, .unlockTime)
        let snapshot = GateFixture.snapshot(minute: 19 * 60, steps: 10_000, energy: 500, exercise: 30)
        #expect(!GoalEvaluator.evaluate(settings, snapshot: snapshot).isClosed)
    }

    @Test("no enabled goal means the gate is open")
    func noGoalOpens() {
        let evaluation = GoalEvaluator.evaluate(GateFixture.only(), snapshot: GateFixture.snapshot())
        #expect(evaluation.goals.isEmpty)
        #expect(!evaluation.isClosed)
    }

    @Test("totals of another day count as nothing")
    func otherDaysTotalsIgnored() {
        let yesterday = LocalDate(year: 2026, month: 11, day: 22)
        let snapshot = GateSnapshot(
            day: GateFixture.monday, weekday: .monday, minuteOfDay: 600, totals: GateFixture.totals(yesterday, steps: 20_000)
        )
        #expect(GoalEvaluator.evaluate(GateFixture.only(.steps), snapshot: snapshot).unmet == [.steps])
    }

    @Test("the snapshot of a moment reads the Berlin wall clock and weekday")
    func snapshotOfMoment() {
        let snapshot = GateSnapshot(at: GateFixture.t0, calendar: GateFixture.berlin, totals: nil)
        #expect(snapshot.day == GateFixture.monday)
        #expect(snapshot.weekday == .monday)
        #expect(snapshot.minuteOfDay == 9 * 60)
    }

    @Test("progress is the fraction of the target, capped at 1")
    func progressFraction() {
        let settings = GateFixture.only(.steps, .energy)
        let goals = GoalEvaluator.evaluate(settings, snapshot: GateFixture.snapshot(steps: 2_500, energy: 900)).goals
        #expect(goals.map(\.fraction) == [0.25, 1])
    }
}

@Suite("Goal schedules: which days a goal applies on")
struct GoalScheduleTests {
    static let saturday = LocalDate(year: 2026, month: 11, day: 28)

    func closed(_ schedule: GoalSchedule, day: LocalDate = GateFixture.monday, weekday: Weekday = .monday) -> Bool {
        var settings = GateFixture.only(.steps)
        settings.steps.schedule = schedule
        return GoalEvaluator.evaluate(settings, snapshot: GateFixture.snapshot(day: day, weekday: weekday)).isClosed
    }

    @Test("an every-day goal applies on a Saturday")
    func everyDay() { #expect(closed(.everyDay, day: Self.saturday, weekday: .saturday)) }

    @Test("a weekdays goal applies on Monday")
    func weekdaysMonday() { #expect(closed(.weekdays)) }

    @Test("a weekdays goal does not apply on Saturday")
    func weekdaysSaturday() { #expect(!closed(.weekdays, day: Self.saturday, weekday: .saturday)) }

    @Test("a weekends goal does not apply on Monday")
    func weekendsMonday() { #expect(!closed(.weekends)) }

    @Test("a weekends goal applies on Saturday")
    func weekendsSaturday() { #expect(closed(.weekends, day: Self.saturday, weekday: .saturday)) }

    @Test("a chosen-days goal applies on a chosen day")
    func chosenIncluded() { #expect(closed(.chosen(days: [.monday, .wednesday]))) }

    @Test("a chosen-days goal does not apply on another day")
    func chosenExcluded() { #expect(!closed(.chosen(days: [.tuesday, .wednesday]))) }

    @Test("a today-only goal applies on its day")
    func todayOnlyItsDay() { #expect(closed(.todayOnly(day: GateFixture.monday))) }

    @Test("a today-only goal does not apply the next day")
    func todayOnlyNextDay() {
        #expect(!closed(.todayOnly(day: GateFixture.monday), day: LocalDate(year: 2026, month: 11, day: 24), weekday: .tuesday))
    }

    @Test("a disabled goal applies on no day")
    func disabledNever() {
        var settings = GateFixture.only()
        settings.steps.schedule = .everyDay
        #expect(!GoalEvaluator.evaluate(settings, snapshot: GateFixture.snapshot()).isClosed)
    }

    @Test("expiring today-only goals disables them and resets them to every day")
    func expiry() {
        var settings = GateFixture.only(.steps, .energy)
        settings.steps.schedule = .todayOnly(day: GateFixture.monday)
        let expired = settings.expiringTodayOnlyGoals(before: LocalDate(year: 2026, month: 11, day: 24))
        #expect(expired.steps == GateGoal(isEnabled: false, target: 10_000, schedule: .everyDay))
        #expect(expired.energy == settings.energy)
    }

    @Test("a today-only goal of today does not expire today")
    func noExpiryToday() {
        var settings = GateFixture.only(.steps)
        settings.steps.schedule = .todayOnly(day: GateFixture.monday)
        #expect(settings.expiringTodayOnlyGoals(before: GateFixture.monday) == settings)
    }

    @Test("day lists parse from the CLI's words", arguments: [
        ("every", GoalSchedule.everyDay), ("weekdays", .weekdays), ("Weekends", .weekends),
        ("today", .todayOnly(day: GateFixture.monday)), ("mon,wed", .chosen(days: [.monday, .wednesday])),
    ])
    func parsing(text: String, expected: GoalSchedule) throws {
        #expect(try GoalSchedule(parsing: text, today: GateFixture.monday) == expected)
    }

    @Test("an unknown day name is refused and says what is allowed")
    func parsingUnknown() {
        #expect(throws: GateInputError.unknownDays("mon,funday")) {
            try GoalSchedule(parsing: "mon,funday", today: GateFixture.monday)
        }
    }
}
