import Foundation
import Testing
@testable import LockOutCore

@Suite("ReminderPlanner: presets, defaults and notification text")
struct ReminderPlannerTests {
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private static func berlinDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    private static func task(_ day: LocalDate?, _ hour: Int? = nil, _ minute: Int = 0) -> TaskItem {
        let due = day.map { TaskDue(day: $0, time: hour.flatMap { TaskDue.TimeOfDay(hour: $0, minute: minute) }) }
        return TaskItem(id: TaskID(rawValue: 7), title: "Send invoice", due: due)
    }

    private static let nov23 = LocalDate(year: 2026, month: 11, day: 23)

    private static func fire(_ task: TaskItem, _ preset: ReminderPreset) -> Date? {
        ReminderPlanner.fireDate(for: task, preset: preset, calendar: berlin)
    }

    private static let now = berlinDate(2026, 11, 23, 8, 10)

    @Test("The default for a task due at a time is 1 hour before")
    func defaultWithTime() {
        #expect(ReminderPreset.default(for: Self.task(Self.nov23, 14).due, now: Self.now) == .hourBefore)
    }

    @Test("The default for a task due on a day without a time is the morning of, 09:00")
    func defaultWithoutTime() {
        let task = Self.task(Self.nov23)
        let preset = ReminderPreset.default(for: task.due, now: Self.now)
        #expect(Self.fire(task, preset) == Self.berlinDate(2026, 11, 23, 9))
    }

    @Test("'on' for a task without a due date fires one hour from now, and needs no due date")
    func defaultWithoutDue() throws {
        let task = Self.task(nil)
        let preset = try #require(ReminderChoice.standard.preset(for: task.due, now: Self.now))
        #expect(preset == .exact(Self.berlinDate(2026, 11, 23, 9, 10)))
        #expect(throws: Never.self) { try ReminderPlanner.validate(preset, for: task) }
        #expect(ReminderPlanner.planned(task.with(reminder: preset), now: Self.now, calendar: Self.berlin) == Self.berlinDate(2026, 11, 23, 9, 10))
    }

    @Test("A choice is written back as the person typed it", arguments: [
        (ReminderChoice.off, "off"), (.standard, "on"), (.preset(.hourBefore), "1h-before"), (.preset(.morningOf), "morning-of"),
        (.preset(.dayBefore), "day-before"), (.preset(.exact(berlinDate(2026, 11, 23, 18, 30))), "2026-11-23 18:30"),
    ])
    func choiceText(choice: ReminderChoice, typed: String) {
        #expect(choice.text(in: Self.berlin) == typed)
    }

    @Test("Refusals name the reminder as typed, never a preset the person did not choose")
    func refusalsNameWhatWasTyped() {
        #expect(FocusDataError.reminderNeedsDueDate(.hourBefore).description.hasPrefix("the reminder 1h-before needs a due date"))
        #expect(FocusDataError.reminderInPast(choice: "on", moment: "2026-11-23 09:00").description
            == "the reminder on would fire at 2026-11-23 09:00, which has passed: choose a later time, another preset or off")
        #expect(FocusDataError.reminderInPast(choice: "2026-11-23 07:00", moment: "2026-11-23 07:00").description
            == "the reminder at 2026-11-23 07:00 has passed: choose a later time, a preset or off")
    }

    @Test("1 hour before a 14:00 due time fires at 13:00")
    func hourBefore() {
        #expect(Self.fire(Self.task(Self.nov23, 14), .hourBefore) == Self.berlinDate(2026, 11, 23, 13))
    }

    @Test("1 hour before a 00:30 due time fires at 00:00 the same day, not the evening before")
    func hourBeforeClampedToMidnight() {
        #expect(Self.fire(Self.task(Self.nov23, 0, 30), .hourBefore) == Self.berlinDate(2026, 11, 23, 0))
    }

    @Test("1 hour before on a task without a time fires at 09:00 on the due day")
    func hourBeforeWithoutTime() {
        #expect(Self.fire(Self.task(Self.nov23), .hourBefore) == Self.berlinDate(2026, 11, 23, 9))
    }

    @Test("Morning of fires at 09:00 on the due day even when the task is due earlier")
    func morningOf() {
        #expect(Self.fire(Self.task(Self.nov23, 7), .morningOf) == Self.berlinDate(2026, 11, 23, 9))
    }

    @Test("Day before fires at 18:00 local on the day before, across the spring DST change")
    func dayBeforeAcrossDST() throws {
        // Clocks went forward on 2026-03-29: 18:00 CEST is 16:00 UTC, not 17:00.
        let date = try #require(Self.fire(Self.task(LocalDate(year: 2026, month: 3, day: 30), 10), .dayBefore))
        #expect(date == Self.berlinDate(2026, 3, 29, 18))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        #expect(utc.component(.hour, from: date) == 16)
    }

    @Test("An exact reminder fires at its moment even without a due date")
    func exactWithoutDue() {
        let moment = Self.berlinDate(2026, 11, 22, 20, 15)
        #expect(Self.fire(Self.task(nil), .exact(moment)) == moment)
    }

    @Test("A preset that counts from the due date has no fire date on a task without one")
    func presetWithoutDue() {
        #expect(Self.fire(Self.task(nil), .dayBefore) == nil)
    }

    @Test("Validating such a preset throws reminderNeedsDueDate, whose message says how to fix it")
    func validateNeedsDue() {
        #expect(throws: FocusDataError.reminderNeedsDueDate(.morningOf)) {
            try ReminderPlanner.validate(.morningOf, for: Self.task(nil))
        }
        #expect(FocusDataError.reminderNeedsDueDate(.morningOf).description.contains("--due YYYY-MM-DD"))
    }

    @Test("A reminder whose moment has passed is not planned")
    func pastNotPlanned() {
        let task = Self.task(Self.nov23, 14).with(reminder: .hourBefore)
        #expect(ReminderPlanner.planned(task, now: Self.berlinDate(2026, 11, 23, 13, 1), calendar: Self.berlin) == nil)
        #expect(ReminderPlanner.planned(task, now: Self.berlinDate(2026, 11, 23, 12), calendar: Self.berlin)
            == Self.berlinDate(2026, 11, 23, 13))
    }

    @Test("A done task's reminder is not planned")
    func doneNotPlanned() {
        let task = Self.task(Self.nov23, 14).with(reminder: .hourBefore, isDone: true)
        #expect(ReminderPlanner.planned(task, now: Self.berlinDate(2026, 11, 22, 12), calendar: Self.berlin) == nil)
    }

    @Test("The notification reads 'Task Due Soon' with the task's title under id task.<id>")
    func notificationText() {
        let request = ReminderPlanner.notification(for: Self.task(Self.nov23))
        #expect(request.id == "task.7")
        #expect(request.title == "Task Due Soon")
        #expect(request.body == "Send invoice")
    }
}
