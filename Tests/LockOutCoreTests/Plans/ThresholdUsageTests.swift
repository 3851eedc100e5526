import Foundation
import LockOutCore
import Testing

private typealias F = PlanFixture

/// The monitor extension's records read back as usage sessions: whole lines only, the most minutes a program and day.
@Suite("Learning thresholds read as usage")
struct ThresholdUsageTests {
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)
    private static let learning: [String: ProgramCategory] = ["gcompris": .learning, "game": .reward]

    @Test("A threshold told twice, and a lower one after a higher, make one session of the most minutes")
    func toldTwice() throws {
        let seconds = F.seconds(F.t0)
        let text = "10 \(seconds) gcompris ok\n20 \(seconds + 600) gcompris ok\n20 \(seconds + 601) gcompris ok\n15 \(seconds + 700) gcompris ok\n"
        let records = LearningThresholdLines.records(in: text, day: Self.monday)
        #expect(records.count == 4)
        let sessions = ThresholdUsage.sessions(from: records, categories: Self.learning, calendar: F.berlin)
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.activeSeconds == 20 * 60)
        #expect(session.end == F.at(10))
        #expect(session.category == .learning)
        #expect(session.id == ThresholdUsage.sessionID(day: Self.monday, program: "gcompris"))
        #expect(session.day(in: F.berlin) == Self.monday)
    }

    @Test("A record the extension was killed writing is skipped; the whole ones before and after count")
    func killedMidWrite() {
        let seconds = F.seconds(F.t0)
        let text = "10 \(seconds) gcompris ok\n15 \(seconds + 300) gcomp\n20 \(seconds + 600) gcompris ok\n25 \(seconds + 900) gcom"
        let records = LearningThresholdLines.records(in: text, day: Self.monday)
        #expect(records.map(\.minutes) == [10, 20])
        #expect(LearningThresholdLines.records(in: "", day: Self.monday).isEmpty)
        #expect(LearningThresholdLines.records(in: "garbage\n\n0 1 gcompris ok\n", day: Self.monday).isEmpty)
    }

    @Test("A threshold told after midnight counts on the day it names, ending at that midnight")
    func toldLate() throws {
        let record = LearningThresholdRecord(day: Self.monday, program: "gcompris", minutes: 30, reachedAt: F.midnight.addingTimeInterval(40))
        let session = try #require(ThresholdUsage.sessions(from: [record], categories: Self.learning, calendar: F.berlin).first)
        #expect(session.end == F.midnight)
        #expect(session.day(in: F.berlin) == Self.monday)
    }

    @Test("A program that is no longer a learning program earns nothing; each day is its own session")
    func programsAndDays() {
        let tuesday = LocalDate(year: 2026, month: 11, day: 24)
        let records = [
            LearningThresholdRecord(day: Self.monday, program: "game", minutes: 30, reachedAt: F.t0),
            LearningThresholdRecord(day: Self.monday, program: "gcompris", minutes: 30, reachedAt: F.t0),
            LearningThresholdRecord(day: tuesday, program: "gcompris", minutes: 5, reachedAt: F.midnight.addingTimeInterval(3600)),
        ]
        let sessions = ThresholdUsage.sessions(from: records, categories: Self.learning, calendar: F.berlin)
        #expect(sessions.map(\.program) == ["gcompris", "gcompris"])
        #expect(sessions.map { $0.day(in: F.berlin) } == [Self.monday, tuesday])
        #expect(Set(sessions.map(\.id)).count == 2)
        #expect(LearningThresholdLines.day(ofFile: "2026-11-24.log") == tuesday)
        #expect(LearningThresholdLines.day(ofFile: "notes.txt") == nil)
    }
}
