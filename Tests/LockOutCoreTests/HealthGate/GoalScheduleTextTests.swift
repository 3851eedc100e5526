import Foundation
import Testing
@testable import LockOutCore

/// Day sets read the way people say them, however they were typed or stored.
@Suite("Goal schedules as people read them")
struct GoalScheduleTextTests {
    static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    @Test("each schedule reads as people say it, and as --days takes it", arguments: [
        (GoalSchedule.everyDay, "every day", "every"),
        (.weekdays, "weekdays", "weekdays"),
        (.weekends, "weekends", "weekends"),
        (.chosen(days: Set(Weekday.allCases)), "every day", "every"),
        (.chosen(days: workdays), "weekdays", "weekdays"),
        (.chosen(days: [.sunday, .saturday]), "weekends", "weekends"),
        (.chosen(days: [.friday, .monday, .wednesday]), "Mon, Wed, Fri", "mon,wed,fri"),
        (.chosen(days: [.sunday, .monday]), "Mon, Sun", "mon,sun"),
        (.chosen(days: [.saturday]), "Sat", "sat"),
        (.todayOnly(day: GateFixture.monday), "today (2026-11-23)", "today (2026-11-23)"),
    ])
    func texts(schedule: GoalSchedule, readable: String, typed: String) {
        #expect(schedule.readableText == readable)
        #expect(schedule.text == typed)
    }

    @Test("Monday to Friday, the weekend or all seven days, typed in any order, are the named schedules", arguments: [
        ("mon,tue,wed,thu,fri", GoalSchedule.weekdays), ("fri,thu,wed,tue,mon", .weekdays), ("Friday, monday,tue,wed,thu", .weekdays),
        ("sun,sat", .weekends), ("sat,sun", .weekends),
        ("sun,mon,tue,wed,thu,fri,sat", .everyDay), ("sat,fri,thu,wed,tue,mon,sun", .everyDay),
        ("every", .everyDay), ("every day", .everyDay), ("weekdays", .weekdays), ("weekends", .weekends),
        ("fri,mon,wed", .chosen(days: [.monday, .wednesday, .friday])),
    ])
    func parsing(text: String, expected: GoalSchedule) throws {
        #expect(try GoalSchedule(parsing: text, today: GateFixture.monday) == expected)
    }

    @Test("the gate screen carries every goal's days as people say them")
    func screen() throws {
        var settings = GateFixture.only(.steps, .energy, .exercise)
        settings.steps.schedule = .chosen(days: Self.workdays)
        settings.energy.schedule = .chosen(days: [.friday, .monday, .wednesday])
        settings.exercise.schedule = .todayOnly(day: GateFixture.monday)
        let gate = try GateFixture.evaluated(settings)
        let screen = GateScreen(gate: gate, now: GateFixture.at(1))
        #expect(screen.goalSettings.map(\.days) == ["weekdays", "Mon, Wed, Fri", "today (2026-11-23)", "every day"])
        #expect(screen.goalSettings.map(\.kind) == GateGoalKind.allCases)
    }
}
