import Foundation
import Testing
@testable import LockOutCore

@Suite("TaskInput: --due, --remind and dates as typed on the command line")
struct TaskInputTests {
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    @Test("A due date alone has no time")
    func dueDateOnly() throws {
        #expect(try TaskInput.due("2026-11-23") == TaskDue(day: LocalDate(year: 2026, month: 11, day: 23)))
    }

    @Test("A due date with HH:MM keeps the time and reads back the same")
    func dueDateTime() throws {
        let due = try TaskInput.due("2026-11-23 00:30")
        #expect(due.time == TaskDue.TimeOfDay(hour: 0, minute: 30))
        #expect(due.text == "2026-11-23 00:30")
    }

    @Test("Malformed due dates throw malformedDue", arguments: ["tomorrow", "2026-13-01", "2026-11-23 24:00", "2026-11-23 9:00", "2026-11-23 09:00 x"])
    func malformedDue(text: String) {
        #expect(throws: FocusDataError.malformedDue(text)) { try TaskInput.due(text) }
    }

    @Test("The malformed-due message lists both allowed forms")
    func malformedDueMessage() {
        #expect(FocusDataError.malformedDue("x").description
            == "malformed due date 'x': use YYYY-MM-DD or YYYY-MM-DD HH:MM (local time)")
    }

    @Test("The named presets parse, ignoring case")
    func presetsParse() throws {
        #expect(try TaskInput.reminder("1h-before", calendar: Self.berlin) == .hourBefore)
        #expect(try TaskInput.reminder("Morning-Of", calendar: Self.berlin) == .morningOf)
        #expect(try TaskInput.reminder("day-before", calendar: Self.berlin) == .dayBefore)
    }

    @Test("off turns the reminder off")
    func offParses() throws {
        #expect(try TaskInput.reminder("off", calendar: Self.berlin) == nil)
    }

    @Test("An exact date-time is read in local time")
    func exactParses() throws {
        let expected = Self.berlin.date(from: DateComponents(year: 2026, month: 11, day: 23, hour: 8, minute: 45))!
        #expect(try TaskInput.reminder("2026-11-23 08:45", calendar: Self.berlin) == .exact(expected))
    }

    @Test("An exact reminder needs a time: a bare date is refused")
    func exactNeedsTime() {
        #expect(throws: FocusDataError.malformedReminder("2026-11-23")) {
            try TaskInput.reminder("2026-11-23", calendar: Self.berlin)
        }
    }

    @Test("An unknown reminder's message lists everything allowed")
    func unknownReminderMessage() {
        #expect(FocusDataError.malformedReminder("soon").description
            == "unknown reminder 'soon': use off, on, 1h-before, morning-of, day-before or YYYY-MM-DD HH:MM")
    }

    @Test("A reminder choice reads on, off, the presets and a moment", arguments: [
        ("on", ReminderChoice.standard), (" ON ", .standard), ("off", .off), ("1h-before", .preset(.hourBefore)),
        ("morning-of", .preset(.morningOf)),
    ])
    func choiceParses(text: String, expected: ReminderChoice) throws {
        #expect(try TaskInput.reminderChoice(text, calendar: Self.berlin) == expected)
    }

    @Test("A task id is a positive number; anything else throws malformedTaskID")
    func taskIDParsing() throws {
        #expect(try TaskID(parsing: "12") == TaskID(rawValue: 12))
        #expect(throws: FocusDataError.malformedTaskID("0")) { try TaskID(parsing: "0") }
        #expect(throws: FocusDataError.malformedTaskID("abc")) { try TaskID(parsing: "abc") }
    }

    @Test("A --from/--to date must be YYYY-MM-DD")
    func dateParsing() throws {
        #expect(try TaskInput.date("2026-02-28") == LocalDate(year: 2026, month: 2, day: 28))
        #expect(throws: FocusDataError.malformedDate("2026-02-30")) { try TaskInput.date("2026-02-30") }
    }
}
