import Foundation
import Testing
@testable import LockOutCore

/// Which day a focus segment counts for: the day it started, in the zone it started in.
/// `FocusFixture.t0` is 23:13:20 on 2023-11-14 in Berlin (a Tuesday).
@Suite("Focus: the day a segment counts for")
struct FocusDayTests {
    private static let tuesday = LocalDate(year: 2023, month: 11, day: 14)

    private static func calendar(_ identifier: String) -> Calendar {
        FocusFixture.berlin.withTimeZone(TimeZone(identifier: identifier)!)
    }

    @Test("a timer across midnight counts, all of it, for the day it started")
    func acrossMidnight() throws {
        var engine = try FocusFixture.started(.timer, minutes: 60)
        let record = try #require(FocusFixture.single(FocusFixture.saved(FocusFixture.tick(&engine, at: FocusFixture.at(61)))))
        #expect(record.day == Self.tuesday)
        #expect(record.timeZone == FocusFixture.berlin.timeZone)
        let stats = FocusStats([record])
        #expect(stats.byDay.map(\.day) == [Self.tuesday])
        #expect(stats.byDay.first?.totals.focusTime == 3_600)
        #expect(try FocusHistoryQuery(from: Self.tuesday, to: Self.tuesday).admits(record))
        #expect(try !FocusHistoryQuery(from: Self.tuesday.adding(days: 1, in: FocusFixture.berlin)).admits(record))
    }

    @Test("a segment started in Berlin and recorded later by an engine in Tokyo keeps its Berlin day and zone")
    func recordedElsewhere() throws {
        let started = try FocusFixture.started(.timer, minutes: 60)
        // The next command runs in Tokyo.
        var elsewhere = FocusEngine(
            record: started.record, settings: started.settings, capability: .notificationOnly,
            calendar: Self.calendar("Asia/Tokyo")
        )
        let record = try #require(FocusFixture.single(FocusFixture.saved(FocusFixture.tick(&elsewhere, at: FocusFixture.at(61)))))
        // In Tokyo the start was 07:13 on Wednesday; the segment still counts for Berlin's Tuesday.
        #expect(record.day == Self.tuesday)
        #expect(record.timeZone.identifier == "Europe/Berlin")
    }

    @Test("the pomodoro segment that follows keeps the zone of the one before, wherever it is recorded")
    func nextSegmentKeepsZone() throws {
        let started = try FocusFixture.started(.pomodoro)
        var elsewhere = FocusEngine(
            record: started.record, settings: started.settings, capability: .notificationOnly,
            calendar: Self.calendar("America/Los_Angeles")
        )
        // Focus ends at 23:38:20 and the short break at 23:43:20 Berlin time, both recorded at once.
        let records = FocusFixture.saved(FocusFixture.tick(&elsewhere, at: FocusFixture.at(31)))
        #expect(records.map(\.segment) == [.focus, .shortBreak])
        #expect(records.map(\.timeZone.identifier) == ["Europe/Berlin", "Europe/Berlin"])
        #expect(records.map(\.day) == [Self.tuesday, Self.tuesday])
    }

    @Test("a row lists its times where the segment started, naming the zone when it is not the reader's")
    func detailReadsInOwnZone() throws {
        var engine = try FocusFixture.started(.timer, minutes: 10)
        let record = try #require(FocusFixture.single(FocusFixture.saved(FocusFixture.tick(&engine, at: FocusFixture.at(11)))))
        let home = FocusSessionDetail(record, calendar: FocusFixture.berlin)
        #expect(home.startedAt == "2023-11-14 23:13")
        #expect(home.endedAt == "2023-11-14 23:23")
        let away = FocusSessionDetail(record, calendar: Self.calendar("Asia/Tokyo"))
        #expect(away.startedAt == "2023-11-14 23:13 Europe/Berlin")
    }
}

@Suite("Focus: today across time zones")
struct FocusTodayTests {
    @Test("flying west: a segment started on a later day where it started makes that day today")
    func west() throws {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let losAngeles = tokyo.withTimeZone(TimeZone(identifier: "America/Los_Angeles")!)
        // 00:30 on 2026-03-12 in Tokyo, 08:30 on 03-11 in Los Angeles.
        let start = Date(timeIntervalSince1970: 1_773_243_000)
        var engine = FocusEngine(record: .stopped, settings: .defaults, capability: .notificationOnly, calendar: tokyo)
        _ = try engine.handle(.userStarted(FocusStart(mode: .timer, durationMinutes: 25, activity: nil)), now: start)
        let history = InMemoryFocusHistory(FocusFixture.saved(FocusFixture.tick(&engine, at: start.addingTimeInterval(1_800))))
        let now = start.addingTimeInterval(3_600)
        #expect(try history.today(now: now, calendar: losAngeles) == LocalDate(year: 2026, month: 3, day: 12))
        #expect(try history.today(now: now, calendar: tokyo) == LocalDate(year: 2026, month: 3, day: 12))
        // Before it started it does not count.
        #expect(try history.today(now: start.addingTimeInterval(-60), calendar: losAngeles) == LocalDate(year: 2026, month: 3, day: 11))
    }
}
