import Foundation
import Testing
@testable import LockOutCore

/// Office hours are Monday to Friday 09:00–17:00 in Berlin; 2026-03-10 is a Tuesday.
@Suite("Working hours")
struct BreakWorkingHoursTests {
    private let settings = BreakSettings(workingHours: BreakFixture.officeHours)

    private func tuesday(_ hour: Int, _ minute: Int = 0) -> Date { BreakFixture.berlinDate(2026, 3, 10, hour, minute) }
    private func wednesday(_ hour: Int, _ minute: Int = 0) -> Date { BreakFixture.berlinDate(2026, 3, 11, hour, minute) }

    private func idleEngine(at time: Date) -> BreakEngine {
        BreakFixture.engine(.idle(at: time), settings: settings)
    }

    /// A run the schedule started at `start`, ending at 17:00 that day.
    private func scheduledRun(since start: Date) -> BreakEngine {
        BreakFixture.running(since: start, settings: settings, scheduledUntil: tuesday(17))
    }

    // MARK: Windows

    @Test("the window containing a time is that day's [start, end)")
    func windowContaining() {
        let hours = BreakFixture.officeHours
        #expect(hours.window(containing: tuesday(9), calendar: BreakFixture.berlin) == DateInterval(start: tuesday(9), end: tuesday(17)))
        #expect(hours.window(containing: tuesday(17), calendar: BreakFixture.berlin) == nil)
        #expect(hours.window(containing: tuesday(8, 59), calendar: BreakFixture.berlin) == nil)
    }

    @Test("on the spring DST day a 09:00 window starts at 09:00 local time, not 10:00")
    func windowOnDSTDay() throws {
        let sunday = WorkingHours(windows: [1: .init(startMinute: 9 * 60, endMinute: 17 * 60)])
        let window = try #require(sunday.window(containing: BreakFixture.berlinDate(2026, 3, 29, 12), calendar: BreakFixture.berlin))
        #expect(window.start == BreakFixture.berlinDate(2026, 3, 29, 9))
        #expect(window.end == BreakFixture.berlinDate(2026, 3, 29, 17))
    }

    @Test("on the spring DST day the engine starts itself at 09:00 local time")
    func engineStartsOnDSTDay() {
        let sunday = BreakSettings(workingHours: WorkingHours(windows: [1: .init(startMinute: 9 * 60, endMinute: 17 * 60)]))
        let saturdayNight = BreakFixture.berlinDate(2026, 3, 28, 22)
        var engine = BreakFixture.engine(.idle(at: saturdayNight), settings: sunday)
        let nine = BreakFixture.berlinDate(2026, 3, 29, 9)
        #expect(engine.nextDeadline(now: saturdayNight) == nine)
        BreakFixture.tick(&engine, at: nine)
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == BreakFixture.berlinDate(2026, 3, 29, 17))
    }

    @Test("on the autumn DST day a window ending at 17:00 ends at 17:00 local time")
    func windowOnAutumnDSTDay() throws {
        let sunday = WorkingHours(windows: [1: .init(startMinute: 9 * 60, endMinute: 17 * 60)])
        let window = try #require(sunday.nextWindow(after: BreakFixture.berlinDate(2026, 10, 24, 20), calendar: BreakFixture.berlin))
        #expect(window.start == BreakFixture.berlinDate(2026, 10, 25, 9))
        #expect(window.end == BreakFixture.berlinDate(2026, 10, 25, 17))
    }

    @Test("a window ending at 24:00 ends at the next local midnight")
    func windowUntilMidnight() throws {
        let late = WorkingHours(windows: [3: .init(startMinute: 18 * 60, endMinute: 1440)])
        let window = try #require(late.window(containing: tuesday(23), calendar: BreakFixture.berlin))
        #expect(window.end == wednesday(0))
    }

    @Test("the next window after Friday evening is Monday morning")
    func nextWindowOverWeekend() {
        let friday = BreakFixture.berlinDate(2026, 3, 13, 18)
        let next = BreakFixture.officeHours.nextWindow(after: friday, calendar: BreakFixture.berlin)
        #expect(next?.start == BreakFixture.berlinDate(2026, 3, 16, 9))
    }

    @Test("a weekday outside 1...7 is rejected")
    func invalidWeekday() {
        let hours = WorkingHours(windows: [8: .init(startMinute: 0, endMinute: 60)])
        #expect(throws: BreakInputError.invalidWorkingHours("weekday 8 is not 1...7")) { try hours.validate() }
    }

    // MARK: The schedule drives the engine

    @Test("outside a window nothing fires")
    func outsideWindowSilent() {
        var engine = idleEngine(at: tuesday(18))
        #expect(BreakFixture.tick(&engine, at: tuesday(23)).isEmpty)
        #expect(engine.record.state == .idle)
    }

    @Test("outside a window the next deadline is the next window's start")
    func idleWakesAtWindowStart() {
        let engine = idleEngine(at: tuesday(18))
        #expect(engine.nextDeadline(now: tuesday(18)) == wednesday(9))
    }

    @Test("the engine starts itself when a window opens, with cycles from the window's start")
    func windowOpensStartsEngine() {
        var engine = idleEngine(at: tuesday(18))
        BreakFixture.tick(&engine, at: wednesday(9))
        #expect(engine.record.state == .running)
        #expect(engine.record.cycles == CycleStarts(all: wednesday(9)))
        #expect(engine.record.scheduledUntil == wednesday(17))
    }

    @Test("a run the schedule started stops at the window's end")
    func scheduledRunStops() {
        var engine = scheduledRun(since: tuesday(16, 50))
        #expect(engine.nextDeadline(now: tuesday(16, 50)) == tuesday(17))
        BreakFixture.tick(&engine, at: tuesday(17))
        #expect(engine.record.state == .idle)
        #expect(engine.record.scheduledUntil == nil)
    }

    @Test("a break still pending at the window's end is saved as skipped then")
    func pendingAtWindowEndSkipped() throws {
        var engine = scheduledRun(since: tuesday(16, 30))
        BreakFixture.tick(&engine, at: tuesday(16, 50))
        #expect(BreakFixture.pending(engine)?.kind == .eye)
        let effects = BreakFixture.tick(&engine, at: tuesday(17))
        let session = try #require(BreakFixture.saved(effects).onlyElement)
        #expect(session.outcome == .skipped)
        #expect(session.endedAt == tuesday(17))
        #expect(effects.contains(.withdraw(id: BreakNotifications.id)))
        #expect(engine.record.state == .idle)
    }

    @Test("a break being taken at the window's end is saved as completed then")
    func activeAtWindowEndCompleted() throws {
        var engine = scheduledRun(since: tuesday(16))
        _ = try engine.execute(.takeBreakNow(.long), now: tuesday(16, 58))
        let effects = BreakFixture.tick(&engine, at: tuesday(17))
        #expect(BreakFixture.saved(effects).map(\.outcome) == [.completed])
        #expect(BreakFixture.saved(effects).map(\.endedAt) == [tuesday(17)])
        #expect(engine.record.state == .idle)
    }

    @Test("a deadline that would fall exactly at the window's end is not scheduled")
    func deadlineAtWindowEndNotScheduled() {
        var engine = scheduledRun(since: tuesday(16, 40))
        // eye would fall due at 17:00, the window's end.
        #expect(engine.nextDeadline(now: tuesday(16, 40)) == tuesday(17))
        let effects = BreakFixture.tick(&engine, at: tuesday(17))
        #expect(BreakFixture.presented(effects).isEmpty)
        #expect(engine.record.state == .idle)
    }

    @Test("a deadline at now + interval inside the window is scheduled; one past its end is not")
    func deadlinesCheckedAgainstSchedule() throws {
        var engine = scheduledRun(since: tuesday(16, 30))
        #expect(engine.nextDeadline(now: tuesday(16, 30)) == tuesday(16, 50))
        BreakFixture.tick(&engine, at: tuesday(16, 50))
        _ = try engine.execute(.done(nil), now: tuesday(16, 50))
        // The next eye break would be 17:10, after the window: the next thing is the window's end.
        #expect(engine.nextDeadline(now: tuesday(16, 50)) == tuesday(17))
    }

    @Test("removing the working hours while they keep breaks off starts breaks now")
    func removingHoursStarts() throws {
        var engine = idleEngine(at: tuesday(19))
        _ = try engine.execute(.setWorkingHours(nil), now: tuesday(20))
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == nil)
        #expect(engine.nextDeadline(now: tuesday(20)) == tuesday(20, 20))
    }

    @Test("new working hours whose window holds now start breaks until the window's end")
    func newWindowNowStarts() throws {
        var engine = idleEngine(at: tuesday(19))
        let evenings = WorkingHours(windows: [3: .init(startMinute: 18 * 60, endMinute: 22 * 60)])
        _ = try engine.execute(.setWorkingHours(evenings), now: tuesday(20))
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == tuesday(22))
    }

    @Test("breaks stopped by hand for the window stay stopped when the working hours are removed")
    func stoppedByHandStays() throws {
        var engine = scheduledRun(since: tuesday(9))
        _ = try engine.execute(.stop, now: tuesday(10))
        _ = try engine.execute(.setWorkingHours(nil), now: tuesday(11))
        #expect(engine.record.state == .idle)
    }

    @Test("a manual stop inside a window holds for the rest of that window")
    func manualStopHolds() throws {
        var engine = scheduledRun(since: tuesday(9))
        _ = try engine.execute(.stop, now: tuesday(10))
        #expect(engine.record.state == .idle)
        #expect(BreakFixture.tick(&engine, at: tuesday(16, 59)).isEmpty)
        #expect(engine.record.state == .idle)
    }

    @Test("after a manual stop the next window starts normally")
    func nextWindowAfterManualStop() throws {
        var engine = scheduledRun(since: tuesday(9))
        _ = try engine.execute(.stop, now: tuesday(10))
        BreakFixture.tick(&engine, at: tuesday(17))
        #expect(engine.nextDeadline(now: tuesday(17)) == wednesday(9))
        BreakFixture.tick(&engine, at: wednesday(9))
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == wednesday(17))
    }

    @Test("a manual stop outside every window does not block the next window")
    func stopOutsideWindow() throws {
        var engine = BreakFixture.running(since: tuesday(19), settings: settings)
        _ = try engine.execute(.stop, now: tuesday(20))
        #expect(engine.record.stoppedUntil == nil)
        BreakFixture.tick(&engine, at: wednesday(9))
        #expect(engine.record.state == .running)
    }

    @Test("stopping withdraws the break on screen and records nothing")
    func stopWithdraws() throws {
        var engine = scheduledRun(since: tuesday(9))
        BreakFixture.tick(&engine, at: tuesday(9, 20))
        let effects = try engine.execute(.stop, now: tuesday(9, 21))
        #expect(effects == [.withdraw(id: BreakNotifications.id)])
    }

    @Test("starting by hand inside a window (after a stop) still ends with that window")
    func manualStartInsideWindowEndsWithWindow() throws {
        var engine = scheduledRun(since: tuesday(9))
        _ = try engine.execute(.stop, now: tuesday(10))
        _ = try engine.execute(.start, now: tuesday(11))
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == tuesday(17))
        BreakFixture.tick(&engine, at: tuesday(17))
        #expect(engine.record.state == .idle)
    }

    @Test("resuming outside working hours leaves breaks idle until the next window")
    func resumeOutsideWindow() throws {
        var engine = scheduledRun(since: tuesday(16))
        _ = try engine.execute(.pause(seconds: 3600), now: tuesday(16, 30))
        BreakFixture.tick(&engine, at: tuesday(17, 30))
        #expect(engine.record.state == .idle)
        #expect(engine.nextDeadline(now: tuesday(17, 30)) == wednesday(9))
    }

    @Test("a pause taken before the window opens holds the schedule off until it ends")
    func pauseBeforeWindow() throws {
        var engine = idleEngine(at: tuesday(8))
        _ = try engine.execute(.pause(seconds: 7200), now: tuesday(8))
        #expect(engine.nextDeadline(now: tuesday(8)) == tuesday(10))
        BreakFixture.tick(&engine, at: tuesday(10))
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == tuesday(17))
    }

    @Test("moving the window's end earlier ends the scheduled run at the new end")
    func windowMovedEarlier() throws {
        var engine = scheduledRun(since: tuesday(9))
        var shorter = BreakFixture.officeHours
        shorter.windows[3] = .init(startMinute: 9 * 60, endMinute: 16 * 60)
        _ = try engine.execute(.setWorkingHours(shorter), now: tuesday(15))
        #expect(engine.record.scheduledUntil == tuesday(16))
    }

    @Test("working hours that no longer contain now end the scheduled run at once")
    func windowRemovedEndsRun() throws {
        var engine = scheduledRun(since: tuesday(9))
        let mornings = WorkingHours(windows: [3: .init(startMinute: 8 * 60, endMinute: 12 * 60)])
        _ = try engine.execute(.setWorkingHours(mornings), now: tuesday(13))
        #expect(engine.record.state == .idle)
    }

    @Test("Take a break now minutes before the window ends takes the next kind instead of failing")
    func takeBreakNearWindowEnd() throws {
        var engine = scheduledRun(since: tuesday(16, 50))
        _ = try engine.execute(.takeBreakNow(nil), now: tuesday(16, 55))
        #expect(BreakFixture.active(engine)?.due.kind == .eye)
    }

    // MARK: Changing the hours

    @Test("setting working hours during a run outside every window stops it now")
    func settingHoursOutsideWindowStops() throws {
        var engine = BreakFixture.running(since: tuesday(19))
        _ = try engine.execute(.setWorkingHours(BreakFixture.officeHours), now: tuesday(19, 5))
        #expect(engine.record.state == .idle)
        #expect(engine.nextDeadline(now: tuesday(19, 5)) == wednesday(9))
    }

    @Test("setting working hours during a run inside a window makes it end with the window")
    func settingHoursInsideWindowBoundsRun() throws {
        var engine = BreakFixture.running(since: tuesday(10))
        _ = try engine.execute(.setWorkingHours(BreakFixture.officeHours), now: tuesday(10, 5))
        #expect(engine.record.state == .running)
        #expect(engine.record.scheduledUntil == tuesday(17))
    }

    @Test("removing working hours lets the current run go on past the old window's end")
    func removingHoursUnbindsRun() throws {
        var engine = scheduledRun(since: tuesday(10))
        _ = try engine.execute(.setWorkingHours(nil), now: tuesday(10, 5))
        #expect(engine.record.scheduledUntil == nil)
        #expect(engine.record.state == .running)
    }
}

/// 2026-03-29 is the Sunday Berlin skips 02:00–03:00; 2026-10-25 the Sunday it lives 02:00–03:00 twice.
@Suite("Working hours across daylight-saving changes")
struct BreakWorkingHoursDaylightSavingTests {
    private static func sunday(_ start: Int, _ end: Int) -> WorkingHours {
        WorkingHours(windows: [1: .init(startMinute: start, endMinute: end)])
    }

    private static func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    @Test("a window starting at 02:30 on the spring-forward night starts at 03:00, the first moment after the gap")
    func startInsideGap() throws {
        let hours = Self.sunday(2 * 60 + 30, 5 * 60)
        let window = try #require(hours.nextWindow(after: BreakFixture.berlinDate(2026, 3, 28, 22), calendar: BreakFixture.berlin))
        #expect(window.start == Self.utc("2026-03-29T01:00:00Z"))
        #expect(window.end == Self.utc("2026-03-29T03:00:00Z"))
        #expect(hours.window(containing: Self.utc("2026-03-29T01:00:00Z"), calendar: BreakFixture.berlin) == window)
    }

    @Test("a window ending at 02:30 on the spring-forward night ends at 03:00, the first moment after the gap")
    func endInsideGap() throws {
        let hours = Self.sunday(60, 2 * 60 + 30)
        let window = try #require(hours.window(containing: Self.utc("2026-03-29T00:30:00Z"), calendar: BreakFixture.berlin))
        #expect(window.start == Self.utc("2026-03-29T00:00:00Z"))
        #expect(window.end == Self.utc("2026-03-29T01:00:00Z"))
        #expect(hours.window(containing: Self.utc("2026-03-29T01:00:00Z"), calendar: BreakFixture.berlin) == nil)
    }

    @Test("a window inside the gap is no window that night")
    func windowInsideGap() {
        let hours = Self.sunday(2 * 60 + 10, 2 * 60 + 50)
        #expect(hours.window(containing: Self.utc("2026-03-29T01:00:00Z"), calendar: BreakFixture.berlin) == nil)
        let next = hours.nextWindow(after: Self.utc("2026-03-28T22:00:00Z"), calendar: BreakFixture.berlin)
        #expect(next?.start == BreakFixture.berlinDate(2026, 4, 5, 2, 10))
    }

    @Test("a window starting at 02:30 on the fall-back night starts at the first 02:30, summer time")
    func startInRepeatedHour() throws {
        let hours = Self.sunday(2 * 60 + 30, 4 * 60)
        let window = try #require(hours.nextWindow(after: BreakFixture.berlinDate(2026, 10, 24, 22), calendar: BreakFixture.berlin))
        #expect(window.start == Self.utc("2026-10-25T00:30:00Z"))
        #expect(window.end == Self.utc("2026-10-25T03:00:00Z"))
    }
}
