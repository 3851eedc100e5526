import Foundation
import LockOutCore
import Testing

/// Readings in, usage sessions out: what the agent's meter writes.
@Suite("Rewards: usage tracker")
struct UsageTrackerTests {
    private typealias F = RewardsFixture
    private final class IDs: @unchecked Sendable {
        private var next = 0
        func make() -> UUID {
            next += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
        }
    }

    private func tracker() -> UsageTracker {
        var tracker = UsageTracker(calendar: F.berlin)
        _ = tracker.setCategories(["gcompris": .learning, "supertux": .reward, "xterm": .none], now: F.t0)
        return tracker
    }

    private func focused(_ program: String?, idle: TimeInterval? = 0, locked: Bool = false) -> ActivityReading {
        ActivityReading(focusedProgram: program, idleSeconds: idle, locked: locked)
    }

    @Test("focus on a marked program opens a session; moving on closes it with the active seconds between")
    func openAndClose() {
        var tracker = tracker()
        let ids = IDs()
        #expect(tracker.observe(focused("xterm"), at: F.t0, newID: ids.make).isEmpty)  // not measured
        #expect(!tracker.isMeasuring)
        let opened = tracker.observe(focused("gcompris"), at: F.at(minutes: 1), newID: ids.make)
        #expect(opened.map(\.program) == ["gcompris"])
        #expect(opened.first?.activeSeconds == 0)
        #expect(tracker.isMeasuring)
        #expect(tracker.observe(focused("gcompris"), at: F.at(minutes: 1.5), newID: ids.make).isEmpty)  // nothing new to write yet
        let closed = tracker.observe(focused("xterm"), at: F.at(minutes: 4), newID: ids.make)
        #expect(closed.count == 1)
        #expect(closed.first?.activeSeconds == 180)
        #expect(closed.first?.end == F.at(minutes: 4))
        #expect(closed.first?.category == .learning)
        #expect(!tracker.isMeasuring)
    }

    @Test("an open session is written again once a minute, so a kill loses at most a minute")
    func writtenEveryMinute() {
        var tracker = tracker()
        let ids = IDs()
        _ = tracker.observe(focused("gcompris"), at: F.t0, newID: ids.make)
        var writes: [Int] = []
        for step in 1...30 {  // a reading every 5 s for 150 s
            writes += tracker.observe(focused("gcompris"), at: F.t0.addingTimeInterval(Double(step * 5)), newID: ids.make).map(\.activeSeconds)
        }
        #expect(writes == [60, 120])
    }

    @Test("idle past 180 s stops counting: 10 minutes with 300 s idle at the end count 480 s; a locked screen counts nothing")
    func idleAndLocked() {
        var tracker = tracker()
        let ids = IDs()
        _ = tracker.observe(focused("gcompris"), at: F.t0, newID: ids.make)
        let written = tracker.observe(focused("gcompris", idle: 300), at: F.at(minutes: 10), newID: ids.make)
        #expect(written.map(\.activeSeconds) == [480])
        let locked = tracker.observe(focused("gcompris", locked: true), at: F.at(minutes: 12), newID: ids.make)
        #expect(locked.map(\.activeSeconds) == [480])
    }

    @Test("a session across local midnight is split there: each part counts on its own day")
    func splitAtMidnight() {
        var tracker = tracker()
        let ids = IDs()
        let beforeMidnight = F.at(2026, 5, 12, 23, 58)
        _ = tracker.observe(focused("gcompris"), at: beforeMidnight, newID: ids.make)
        let written = tracker.observe(focused("gcompris"), at: F.at(2026, 5, 13, 0, 3), newID: ids.make)
        #expect(written.map(\.activeSeconds) == [120, 180])
        #expect(written[0].end == F.at(2026, 5, 13, 0, 0))
        #expect(written[0].day(in: F.berlin) == F.day0)
        #expect(written[1].start == F.at(2026, 5, 13, 0, 0))
        #expect(written[1].day(in: F.berlin) == LocalDate(year: 2026, month: 5, day: 13))
        #expect(written[0].id != written[1].id)
    }

    @Test("with focus unknown, every running marked program counts")
    func runningPrograms() {
        var tracker = tracker()
        let ids = IDs()
        let both = ActivityReading(runningPrograms: ["gcompris", "supertux", "bash"])
        #expect(tracker.observe(both, at: F.t0, newID: ids.make).map(\.program) == ["gcompris", "supertux"])
        let one = ActivityReading(runningPrograms: ["supertux"])
        let written = tracker.observe(one, at: F.at(minutes: 2), newID: ids.make)
        // gcompris closed; supertux written again, a minute having passed.
        #expect(written.map(\.program) == ["gcompris", "supertux"])
        #expect(written.map(\.activeSeconds) == [120, 120])
        #expect(tracker.programsInUse == ["supertux"])
    }

    @Test("a program no longer marked closes its session; the clock going back closes what is open")
    func unmarkedAndClockBack() {
        var tracker = tracker()
        let ids = IDs()
        _ = tracker.observe(focused("gcompris"), at: F.t0, newID: ids.make)
        let closed = tracker.setCategories(["supertux": .reward], now: F.at(minutes: 1))
        #expect(closed.map(\.program) == ["gcompris"])
        #expect(!tracker.isMeasuring)
        _ = tracker.observe(focused("supertux"), at: F.at(minutes: 2), newID: ids.make)
        let back = tracker.observe(focused("supertux"), at: F.at(minutes: -5), newID: ids.make)
        #expect(back.count == 2)  // the old session closed, a new one opened from the new now
        #expect(back[1].start == F.at(minutes: -5))
    }
}
