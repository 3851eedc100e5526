import Foundation
import LockOutCore
import LockOutRuntime
import Testing

@Suite("Break alarm watch: which break alarms left the system, and whether they were seen ringing")
struct BreakAlarmWatchTests {
    private static let t0 = Date(timeIntervalSince1970: 1_795_420_800)
    private static let due = PlannedAlarm(beat: .breakDue, kind: .eye, fireDate: t0.addingTimeInterval(20 * 60))
    private static let next = PlannedAlarm(beat: .breakDue, kind: .micro, fireDate: t0.addingTimeInterval(30 * 60))
    private static let foreign = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    private static func held(_ alarm: PlannedAlarm, alerting: Bool = false) -> HeldAlarm {
        HeldAlarm(id: alarm.id, isAlerting: alerting)
    }

    @Test("an alarm seen ringing, then gone: it left, seen alerting")
    func stoppedWhileRinging() {
        var watch = BreakAlarmWatch()
        watch.start(held: [Self.held(Self.due)])
        let ringing = watch.update([Self.held(Self.due, alerting: true)])
        #expect(ringing.isEmpty)
        let stopped = watch.update([])
        #expect(stopped == [BreakAlarmWatch.Departure(alarm: Self.due, seenAlerting: true)])
        // Reported once.
        let again = watch.update([])
        #expect(again.isEmpty)
    }

    @Test("an alarm gone without ever being seen ringing is reported as such; Core decides by its date")
    func goneUnseen() {
        var watch = BreakAlarmWatch()
        watch.start(held: [Self.held(Self.due)])
        let gone = watch.update([])
        #expect(gone == [BreakAlarmWatch.Departure(alarm: Self.due, seenAlerting: false)])
    }

    @Test("an alarm the app cancelled leaves without being reported; a failed cancel is reported again")
    func cancelledByTheApp() {
        var watch = BreakAlarmWatch()
        watch.start(held: [Self.held(Self.due), Self.held(Self.next)])
        watch.willCancel([Self.due.id, Self.next.id])
        watch.cancelFailed(Self.next.id)
        let left = watch.update([])
        #expect(left == [BreakAlarmWatch.Departure(alarm: Self.next, seenAlerting: false)])
    }

    @Test("an alarm scheduled later is watched from the set that first holds it; alarms of others never")
    func newAndForeign() {
        var watch = BreakAlarmWatch()
        watch.start(held: [HeldAlarm(id: Self.foreign, isAlerting: true)])
        let first = watch.update([Self.held(Self.due, alerting: true)])
        #expect(first.isEmpty)
        let second = watch.update([Self.held(Self.next)])
        #expect(second == [BreakAlarmWatch.Departure(alarm: Self.due, seenAlerting: true)])
    }

    @Test("a cancel of an alarm the system did not hold is forgotten at the next set: the alarm held later and gone is reported")
    func cancelForgotten() {
        var watch = BreakAlarmWatch()
        watch.start(held: [])
        watch.willCancel([Self.due.id])
        let other = watch.update([Self.held(Self.next)])
        #expect(other.isEmpty)
        let scheduled = watch.update([Self.held(Self.next), Self.held(Self.due)])
        #expect(scheduled.isEmpty)
        let gone = watch.update([Self.held(Self.next)])
        #expect(gone == [BreakAlarmWatch.Departure(alarm: Self.due, seenAlerting: false)])
    }

    @Test("Start break marks: spent once their alarm is gone; at launch, the break-due ones are breaks started")
    func marks() {
        let lookAway = PlannedAlarm(beat: .lookAwayDone, kind: .eye, fireDate: Self.due.fireDate.addingTimeInterval(20))
        let marks: Set<UUID> = [Self.due.id, Self.next.id, lookAway.id, Self.foreign]
        let held = [Self.held(Self.next, alerting: true)]
        #expect(BreakAlarmWatch.spentMarks(marks, held: held) == [Self.due.id, lookAway.id, Self.foreign])
        #expect(BreakAlarmWatch.startedWhileAway(marks: marks, held: held) == [Self.due])
    }
}
