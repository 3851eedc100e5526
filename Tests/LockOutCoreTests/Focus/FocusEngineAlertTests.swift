import Foundation
import Testing
@testable import LockOutCore

@Suite("End-of-session alerts: scheduled, cancelled, rescheduled, exactly one per ending")
struct FocusEngineAlertTests {
    @Test("starting a timer schedules one notification for its whole length")
    func startSchedules() throws {
        var engine = FocusFixture.engine()
        let effects = try engine.handle(.userStarted(FocusStart(mode: .timer)), now: FocusFixture.t0)
        #expect(effects.first == .scheduleNotification(FocusAlert(
            id: FocusAlerts.id,
            fireAt: FocusFixture.at(25),
            fireIn: 1500,
            title: "Timer Complete",
            body: "Timer finished"
        )))
        #expect(FocusFixture.alerts(effects).count == 1)
    }

    @Test("with an alarm available, the alarm is scheduled and no notification")
    func alarmInsteadOfNotification() throws {
        var engine = FocusFixture.engine(capability: .alarm)
        let effects = try engine.handle(.userStarted(FocusStart(mode: .timer)), now: FocusFixture.t0)
        #expect(effects.contains { if case .scheduleAlarm = $0 { true } else { false } })
        #expect(!effects.contains { if case .scheduleNotification = $0 { true } else { false } })
    }

    @Test("pause cancels the alert")
    func pauseCancels() throws {
        var engine = try FocusFixture.started(.timer)
        let effects = try engine.handle(.userPaused, now: FocusFixture.at(10))
        #expect(FocusFixture.cancels(effects) == [FocusAlerts.id])
        #expect(FocusFixture.alerts(effects).isEmpty)
    }

    @Test("resume reschedules the alert for the remaining time")
    func resumeReschedules() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        let effects = try engine.handle(.userResumed, now: FocusFixture.at(30))
        let alert = try #require(FocusFixture.single(FocusFixture.alerts(effects)))
        #expect(alert.fireIn == 900)
        #expect(alert.fireAt == FocusFixture.at(45))
    }

    @Test("stop cancels the alert")
    func stopCancels() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = try engine.handle(.userStopped, now: FocusFixture.at(3))
        #expect(FocusFixture.cancels(effects) == [FocusAlerts.id])
    }

    @Test("no alert is ever scheduled or cancelled for a stopwatch", arguments: [FocusMode.stopwatch, .focus])
    func noAlertForCountUp(mode: FocusMode) throws {
        var engine = FocusFixture.engine()
        var effects = try engine.handle(.userStarted(FocusStart(mode: mode)), now: FocusFixture.t0)
        effects += try engine.handle(.userPaused, now: FocusFixture.at(1))
        effects += try engine.handle(.userResumed, now: FocusFixture.at(2))
        effects += try engine.handle(.userStopped, now: FocusFixture.at(3))
        #expect(FocusFixture.alerts(effects).isEmpty)
        #expect(FocusFixture.cancels(effects).isEmpty)
    }

    @Test("a pomodoro says Work session finished for focus and Break finished for a break")
    func pomodoroBodies() throws {
        var engine = FocusFixture.engine()
        let start = try engine.handle(.userStarted(FocusStart(mode: .pomodoro)), now: FocusFixture.t0)
        let tick = FocusFixture.tick(&engine, at: FocusFixture.at(25))
        #expect(FocusFixture.alerts(start).map(\.body) == ["Work session finished"])
        #expect(FocusFixture.alerts(tick).map(\.body) == ["Break finished"])
    }

    @Test("a segment running out schedules only the next segment's alert and cancels nothing")
    func naturalEndOneAlert() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = FocusFixture.tick(&engine, at: FocusFixture.at(25))
        #expect(FocusFixture.cancels(effects).isEmpty)
        #expect(FocusFixture.alerts(effects).map(\.fireAt) == [FocusFixture.at(30)])
    }

    @Test("over a pomodoro with pauses and a skip, every ending had exactly one alert pending")
    func neverTwoAlertsPerEnding() throws {
        var engine = FocusFixture.engine(capability: .alarm)
        var pending: [Date] = []
        func apply(_ effects: [FocusEffect]) {
            for effect in effects {
                switch effect {
                case .scheduleAlarm(let alert), .scheduleNotification(let alert): pending = [alert.fireAt]
                case .cancelAlert: pending = []
                case .save, .publishStatus, .endStatus: break
                }
            }
        }
        apply(try engine.handle(.userStarted(FocusStart(mode: .pomodoro)), now: FocusFixture.t0))
        apply(try engine.handle(.userPaused, now: FocusFixture.at(5)))
        apply(try engine.handle(.userResumed, now: FocusFixture.at(7)))
        #expect(pending == [FocusFixture.at(27)])
        apply(FocusFixture.tick(&engine, at: FocusFixture.at(27)))
        #expect(pending == [FocusFixture.at(32)])
        apply(try engine.handle(.userSkipped, now: FocusFixture.at(29)))
        #expect(pending == [FocusFixture.at(54)])
    }

    @Test("skip cancels the old alert once and schedules the next segment's once")
    func skipOneCancelOneSchedule() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = try engine.handle(.userSkipped, now: FocusFixture.at(10))
        #expect(FocusFixture.cancels(effects).count == 1)
        #expect(FocusFixture.alerts(effects).map(\.fireIn) == [300])
    }

    @Test("no alert when nothing remains: a paused timer shortened below its running time ends on resume")
    func noAlertWhenNothingRemains() throws {
        var engine = try FocusFixture.started(.timer)
        _ = try engine.handle(.userPaused, now: FocusFixture.at(10))
        _ = try engine.update(settings: FocusSettings(timerMinutes: 5), now: FocusFixture.at(11))
        let effects = try engine.handle(.userResumed, now: FocusFixture.at(12))
        #expect(FocusFixture.alerts(effects).isEmpty)
        #expect(FocusFixture.saved(effects).map(\.outcome) == [.completed])
    }

    @Test("a tick long after several segments ended schedules only the current segment's alert")
    func lateTickOneAlert() throws {
        var engine = try FocusFixture.started(.pomodoro)
        let effects = FocusFixture.tick(&engine, at: FocusFixture.at(62))
        #expect(FocusFixture.alerts(effects).map(\.fireAt) == [FocusFixture.at(85)])
    }
}
