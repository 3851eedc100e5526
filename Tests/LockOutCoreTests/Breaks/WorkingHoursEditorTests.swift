import Foundation
import Testing
@testable import LockOutCore

@Suite("Working-hours editor")
struct WorkingHoursEditorTests {
    @Test("seven days, Monday first, each with its window in minutes and as HH:MM; a free day shows 09:00–17:00")
    func days() {
        let hours = WorkingHours(windows: [2: .init(startMinute: 8 * 60 + 30, endMinute: 1440)])
        let editor = WorkingHoursEditor(settings: BreakSettings(workingHours: hours))
        #expect(editor.days.map(\.name) == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
        #expect(editor.days.map(\.weekday) == [2, 3, 4, 5, 6, 7, 1])
        let monday = editor.days[0]
        #expect(monday.isWorkingDay)
        #expect((monday.startMinute, monday.endMinute) == (510, 1440))
        #expect((monday.start, monday.end) == ("08:30", "24:00"))
        let tuesday = editor.days[1]
        #expect(!tuesday.isWorkingDay)
        #expect((tuesday.startMinute, tuesday.endMinute, tuesday.start, tuesday.end) == (540, 1020, "09:00", "17:00"))
    }

    @Test("making a day a working day gives it the window it shows; the last free one takes the schedule away")
    func workingDay() {
        let editor = WorkingHoursEditor(settings: .defaults)
        let monday = editor.settingWorkingDay(2, true)
        #expect(monday == WorkingHours(windows: [2: .init(startMinute: 540, endMinute: 1020)]))
        let again = WorkingHoursEditor(settings: BreakSettings(workingHours: monday))
        #expect(again.settingWorkingDay(2, false) == nil)
        #expect(again.settingWorkingDay(3, true)?.windows.keys.sorted() == [2, 3])
    }

    @Test("new hours replace the day's window, unchecked: the engine judges them")
    func hours() {
        let editor = WorkingHoursEditor(settings: BreakSettings(workingHours: BreakFixture.officeHours))
        let changed = editor.settingHours(2, startMinute: 17 * 60, endMinute: 9 * 60)
        #expect(changed?.windows[2] == WorkingHours.Window(startMinute: 1020, endMinute: 540))
        #expect(changed?.windows[3] == BreakFixture.officeHours.windows[3])
        #expect(throws: BreakInputError.invalidWorkingHours("a window must start before it ends")) { try changed?.validate() }
    }
}
