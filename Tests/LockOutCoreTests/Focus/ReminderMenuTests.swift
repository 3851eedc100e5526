import Foundation
import Testing
import LockOutCore

@Suite("Reminder menu and due dates from a picker")
struct ReminderMenuTests {
    @Test("the menu lists none, the default and the presets with the hours they fire at")
    func menu() {
        #expect(ReminderChoice.menu.map(\.title) == ["None", "Default", "1 hour before", "09:00 on the day", "18:00 the day before"])
        #expect(ReminderChoice.preset(.exact(FocusFixture.t0)).title == "At a chosen time")
    }

    @Test("a picked date becomes the local day, with its time only when the picker shows one")
    func due() {
        // 2023-11-14 22:13:20 UTC is 23:13 on the 14th in Berlin.
        let withTime = TaskDue(FocusFixture.t0, includesTime: true, in: FocusFixture.berlin)
        #expect(withTime.text == "2023-11-14 23:13")
        let dayOnly = TaskDue(FocusFixture.t0.addingTimeInterval(3600), includesTime: false, in: FocusFixture.berlin)
        #expect(dayOnly.text == "2023-11-15")
    }
}
