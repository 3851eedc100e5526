import Foundation
import Testing
@testable import LockOutCore

@Suite("FocusHistory: saving once, filtering by activity and local days, newest first, pruning")
struct FocusHistoryTests {
    private static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private static func day(_ value: Int) -> LocalDate { LocalDate(year: 2026, month: 11, day: value) }

    /// A 25-minute focus segment that started at `hour`:`minute` Berlin time on November `day`.
    private static func record(_ activity: String?, day: Int, hour: Int, minute: Int = 0) -> FocusSessionRecord {
        let start = berlin.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute))!
        return FocusSessionRecord(
            id: .forSegment(startedAt: start, mode: .pomodoro, segment: .focus),
            activity: activity, mode: .pomodoro, segment: .focus, planned: 1500, actual: 1500,
            startedAt: start, endedAt: start.addingTimeInterval(1500), outcome: .completed,
            day: LocalDate(start, in: berlin), timeZone: berlin.timeZone
        )
    }

    private static let writingMonday = record("Writing", day: 23, hour: 9)
    private static let readingMonday = record("Reading", day: 23, hour: 11)
    private static let writingSunday = record("writing", day: 22, hour: 23, minute: 50)
    private static let untagged = record(nil, day: 21, hour: 8)

    private static func history() -> InMemoryFocusHistory {
        InMemoryFocusHistory([writingSunday, untagged, readingMonday, writingMonday])
    }

    @Test("Everything comes back newest start first")
    func newestFirst() {
        #expect(Self.history().sessions(.everything) == [Self.readingMonday, Self.writingMonday, Self.writingSunday, Self.untagged])
    }

    @Test("Saving the same id twice stores it once and keeps the first")
    func saveTwiceStoresOnce() throws {
        let history = InMemoryFocusHistory()
        history.save([Self.writingMonday])
        let again = FocusSessionRecord(
            id: Self.writingMonday.id, activity: "Other", mode: .timer, segment: .focus, planned: 60, actual: 60,
            startedAt: Self.writingMonday.startedAt, endedAt: Self.writingMonday.endedAt, outcome: .cancelled,
            day: Self.writingMonday.day, timeZone: Self.berlin.timeZone
        )
        history.save([again])
        #expect(history.sessions(.everything) == [Self.writingMonday])
    }

    @Test("The activity filter ignores case and leaves out untagged segments")
    func filterByActivity() throws {
        let query = try FocusHistoryQuery(activity: "WRITING")
        #expect(Self.history().sessions(query) == [Self.writingMonday, Self.writingSunday])
    }

    @Test("The date range is inclusive and counts local days: 23:50 on the 22nd belongs to the 22nd")
    func filterByDays() throws {
        let query = try FocusHistoryQuery(from: Self.day(22), to: Self.day(22))
        #expect(Self.history().sessions(query) == [Self.writingSunday])
    }

    @Test("Only a lower bound keeps that day and everything after")
    func filterFromOnly() throws {
        let query = try FocusHistoryQuery(from: Self.day(22))
        #expect(Self.history().sessions(query).count == 3)
    }

    @Test("Activity and date range combine")
    func filterCombined() throws {
        let query = try FocusHistoryQuery(activity: "writing", from: Self.day(23), to: Self.day(30))
        #expect(Self.history().sessions(query) == [Self.writingMonday])
    }

    @Test("A from date after the to date is refused with a message that says so")
    func invalidRange() {
        #expect(throws: FocusDataError.invalidDateRange(from: Self.day(23), to: Self.day(22))) {
            try FocusHistoryQuery(from: Self.day(23), to: Self.day(22))
        }
    }

    @Test("One session is found by id; an unknown id finds nothing")
    func sessionByID() throws {
        let history = Self.history()
        #expect(history.session(Self.readingMonday.id) == Self.readingMonday)
        #expect(history.session(Self.record("x", day: 1, hour: 1).id) == nil)
    }

    @Test("A typed id parses; text that is no id throws unknownSession")
    func parseSessionID() throws {
        #expect(try FocusHistoryQuery.sessionID(Self.readingMonday.id.description) == Self.readingMonday.id)
        #expect(throws: FocusDataError.unknownSession("42")) { try FocusHistoryQuery.sessionID("42") }
    }

    @Test("Prune deletes the days before the given day and says how many went")
    func prune() {
        let history = Self.history()
        #expect(history.prune(before: Self.day(23)) == 2)
        #expect(history.sessions(.everything) == [Self.readingMonday, Self.writingMonday])
    }
}
