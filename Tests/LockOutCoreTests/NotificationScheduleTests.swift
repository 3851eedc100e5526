import Foundation
import Testing
@testable import LockOutCore

@Suite("Timed notifications")
struct NotificationScheduleTests {
    private let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    private func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    private func request(_ id: String, title: String = "Reminder") -> NotificationRequest {
        NotificationRequest(id: id, title: title, body: "Body of \(id)", category: "TASK", actions: [])
    }

    private func alert(fireAt: Date) -> FocusAlert {
        FocusAlert(id: FocusAlerts.id, fireAt: fireAt, fireIn: 1500, title: FocusAlerts.title, body: "Work session finished")
    }

    @Test("a new schedule is empty, with no next date")
    func empty() {
        let schedule = NotificationSchedule()
        #expect(schedule.pending.isEmpty)
        #expect(schedule.nextDate == nil)
    }

    @Test("a scheduled notification is listed with its id, date and request")
    func scheduleLists() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        #expect(schedule.pending == [NotificationSchedule.Entry(id: "a", date: at(10), request: request("a"))])
    }

    @Test("scheduling under an id already pending replaces that entry")
    func sameIdReplaces() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a", title: "Old"))
        schedule.schedule(id: "a", at: at(20), request: request("a", title: "New"))
        #expect(schedule.pending.map(\.date) == [at(20)])
        #expect(schedule.pending.map(\.request.title) == ["New"])
    }

    @Test("cancel drops the entry with that id and leaves the others")
    func cancelDrops() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        schedule.schedule(id: "b", at: at(20), request: request("b"))
        schedule.cancel(id: "a")
        #expect(schedule.pending.map(\.id) == ["b"])
    }

    @Test("cancelling an id that is not pending changes nothing")
    func cancelUnknown() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        let before = schedule
        schedule.cancel(id: "zzz")
        #expect(schedule == before)
    }

    @Test("the next date is the earliest pending one, whatever the order of scheduling")
    func nextDateEarliest() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "late", at: at(30), request: request("late"))
        schedule.schedule(id: "early", at: at(5), request: request("early"))
        #expect(schedule.nextDate == at(5))
    }

    @Test("pending lists entries by date, then by id")
    func pendingOrder() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "c", at: at(20), request: request("c"))
        schedule.schedule(id: "b", at: at(10), request: request("b"))
        schedule.schedule(id: "a", at: at(20), request: request("a"))
        #expect(schedule.pending.map(\.id) == ["b", "a", "c"])
    }

    @Test("takeDue removes and returns every entry at or before now, oldest first, ties by id")
    func takeDueOrder() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "z", at: at(10), request: request("z"))
        schedule.schedule(id: "later", at: at(30), request: request("later"))
        schedule.schedule(id: "first", at: at(5), request: request("first"))
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        let due = schedule.takeDue(now: at(10))
        #expect(due.map(\.id) == ["first", "a", "z"])
        #expect(schedule.pending.map(\.id) == ["later"])
    }

    @Test("takeDue before anything is due returns nothing and keeps every entry")
    func takeDueNothing() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        #expect(schedule.takeDue(now: at(9)).isEmpty)
        #expect(schedule.pending.count == 1)
    }

    @Test("a reminder's schedule effect schedules its request at its date")
    func reminderSchedule() {
        var schedule = NotificationSchedule()
        schedule.apply(ReminderEffect.schedule(id: "task.1", at: at(15), request: request("task.1")))
        #expect(schedule.pending == [NotificationSchedule.Entry(id: "task.1", date: at(15), request: request("task.1"))])
    }

    @Test("a reminder's cancel effect cancels its entry")
    func reminderCancel() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "task.1", at: at(15), request: request("task.1"))
        schedule.apply(ReminderEffect.cancel(id: "task.1"))
        #expect(schedule.pending.isEmpty)
    }

    @Test("a focus notification is scheduled at the alert's time with its texts, category FOCUS_TIMER and no actions")
    func focusNotification() {
        var schedule = NotificationSchedule()
        schedule.apply(FocusEffect.scheduleNotification(alert(fireAt: at(25))))
        let expected = NotificationRequest(
            id: "focus", title: "Timer Complete", body: "Work session finished", category: "FOCUS_TIMER", actions: []
        )
        #expect(schedule.pending == [NotificationSchedule.Entry(id: "focus", date: at(25), request: expected)])
    }

    @Test("a focus alarm is scheduled as a notification too")
    func focusAlarm() {
        var schedule = NotificationSchedule()
        schedule.apply(FocusEffect.scheduleAlarm(alert(fireAt: at(25))))
        #expect(schedule.pending.map(\.id) == ["focus"])
        #expect(schedule.nextDate == at(25))
    }

    @Test("a focus alert's cancel effect cancels it")
    func focusCancel() {
        var schedule = NotificationSchedule()
        schedule.apply(FocusEffect.scheduleNotification(alert(fireAt: at(25))))
        schedule.apply(FocusEffect.cancelAlert(id: FocusAlerts.id))
        #expect(schedule.pending.isEmpty)
    }

    @Test("focus effects that are not about alerts change nothing")
    func otherFocusEffects() {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        let before = schedule
        schedule.apply(FocusEffect.endStatus)
        #expect(schedule == before)
    }

    @Test("the focus engine's own effects keep one end alert pending, moved by pause and resume")
    func focusEngineEffects() throws {
        var focus = FocusFixture.engine()
        var schedule = NotificationSchedule()
        for effect in try focus.handle(.userStarted(FocusStart(mode: .timer)), now: t0) { schedule.apply(effect) }
        for effect in try focus.handle(.userPaused, now: at(5)) { schedule.apply(effect) }
        #expect(schedule.pending.isEmpty)
        for effect in try focus.handle(.userResumed, now: at(10)) { schedule.apply(effect) }
        #expect(schedule.pending.map(\.date) == [at(30)])
    }

    @Test("a schedule survives a JSON round trip")
    func roundTrip() throws {
        var schedule = NotificationSchedule()
        schedule.schedule(id: "a", at: at(10), request: request("a"))
        schedule.schedule(id: "b", at: at(5), request: request("b"))
        let decoded = try JSONDecoder().decode(NotificationSchedule.self, from: try JSONEncoder().encode(schedule))
        #expect(decoded == schedule)
    }

    @Test("decoding puts stored entries back in firing order, one per id")
    func decodeNormalizes() throws {
        let entries = [
            NotificationSchedule.Entry(id: "b", date: at(20), request: request("b")),
            NotificationSchedule.Entry(id: "a", date: at(10), request: request("a", title: "Old")),
            NotificationSchedule.Entry(id: "a", date: at(30), request: request("a", title: "New")),
        ]
        let data = try JSONEncoder().encode(["pending": entries])
        let decoded = try JSONDecoder().decode(NotificationSchedule.self, from: data)
        #expect(decoded.pending.map(\.id) == ["b", "a"])
        #expect(decoded.pending.map(\.request.title) == ["Reminder", "New"])
    }
}
