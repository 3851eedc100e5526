import Foundation
import LockOutCore
import LockOutShared
import Testing

/// Core names the learning events and reads the records; the monitor extension parses the names and writes the
/// records through `LockOutShared`. These prove both sides speak the same names and lines, and that a write the
/// system killed loses nothing already recorded.
@Suite("Learning thresholds between Core's plan and the monitor extension")
struct LearningThresholdTests {
    /// 2026-11-23 08:00 UTC, a Monday: 09:00 in Berlin.
    private static let t0 = Date(timeIntervalSince1970: 1_795_420_800)
    private static let monday = LocalDate(year: 2026, month: 11, day: 23)

    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private static func plan() -> LearningMonitorPlan {
        let settings = RewardsSettings(programs: [RewardProgram(name: "org.kde.gcompris", category: .learning)])
        return LearningMonitorPlan(rewards: RewardsEngine(record: RewardsRecord(day: monday), settings: settings, calendar: berlin), now: t0)
    }

    private static func temporaryLog() throws -> LockOutShared.LearningThresholdLog {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-thresholds-\(UUID().uuidString)")
        return LockOutShared.LearningThresholdLog(container: directory)
    }

    @Test("Every event Core plans reads back in the extension as its day, minutes and program; the names agree")
    func eventNames() throws {
        #expect(LearningThreshold.eventPrefix == LearningMonitorPlan.eventPrefix)
        #expect(LockOutShared.LearningThresholdLog.directoryName == LearningThresholdLines.directoryName)
        #expect(ShieldSelectionName.learning("org.kde.gcompris") == LearningMonitorPlan.selection(for: "org.kde.gcompris"))
        for day in Self.plan().days {
            for event in day.activity.events {
                let threshold = try #require(LearningThreshold(eventName: event.name))
                #expect(threshold.day == day.day.description)
                #expect(threshold.minutes == event.minutes)
                #expect(threshold.program == event.program)
            }
        }
        #expect(LearningThreshold(eventName: "lockout.shield.1795420800") == nil)
        #expect(LearningThreshold(eventName: "lockout.learn.2026-11-23.x.gcompris") == nil)
    }

    @Test("A threshold told twice is recorded twice and read as one session of its minutes")
    func toldTwice() throws {
        let log = try Self.temporaryLog()
        let event = try #require(Self.plan().days[0].activity.events.first { $0.minutes == 20 })
        let threshold = try #require(LearningThreshold(eventName: event.name))
        try log.record(threshold, at: Self.t0)
        try log.record(threshold, at: Self.t0.addingTimeInterval(2))
        let text = try String(contentsOf: log.file(for: "2026-11-23"), encoding: .utf8)
        let records = LearningThresholdLines.records(in: text, day: Self.monday)
        #expect(records.count == 2)
        let sessions = ThresholdUsage.sessions(from: records, categories: ["org.kde.gcompris": .learning], calendar: Self.berlin)
        #expect(sessions.map(\.activeSeconds) == [20 * 60])
    }

    @Test("A write the system killed halfway: the record is skipped, the ones before it and the next one count")
    func killedMidWrite() throws {
        let log = try Self.temporaryLog()
        let day = Self.plan().days[0].activity.events
        try log.record(try #require(LearningThreshold(eventName: day[9].name)), at: Self.t0)
        // The extension killed in the middle of its next line: no closing mark, no newline.
        let file = log.file(for: "2026-11-23")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("11 17954".utf8))
        try handle.close()
        try log.record(try #require(LearningThreshold(eventName: day[11].name)), at: Self.t0.addingTimeInterval(120))
        let text = try String(contentsOf: file, encoding: .utf8)
        let records = LearningThresholdLines.records(in: text, day: Self.monday)
        #expect(records.map(\.minutes) == [10, 12])
        #expect(records.last?.reachedAt == Self.t0.addingTimeInterval(120))
    }
}
