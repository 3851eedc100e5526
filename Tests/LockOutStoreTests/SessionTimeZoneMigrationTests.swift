import Foundation
import GRDB
import Testing
@testable import LockOutCore
@testable import LockOutStore

/// A database written before sessions kept their time zone, opened by this version in Berlin.
@Suite("Migration: sessions keep the time zone of their day")
struct SessionTimeZoneMigrationTests {
    private static let berlin = TimeZone(identifier: "Europe/Berlin")!

    private static func utc(_ text: String) -> Double {
        ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970
    }

    /// A file at the schema before `addSessionTimeZones`, holding rows as that version wrote them.
    private static func legacyDatabase() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator(localZone: berlin).migrate(queue, upTo: "createRewards")
        try queue.write { db in
            let breaks = try db.makeStatement(sql: """
                INSERT INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day) VALUES (?, 'eye', ?, ?, 'completed', 0, ?)
                """)
            // Noon in Berlin on its day.
            try breaks.execute(arguments: ["00000000-0000-0000-0000-000000000001", utc("2026-03-10T10:59:00Z"), utc("2026-03-10T11:00:00Z"), "2026-03-10"])
            // 01:00 in Tokyo on 03-12, still 03-11 in Berlin: written on a trip.
            try breaks.execute(arguments: ["00000000-0000-0000-0000-000000000002", utc("2026-03-11T15:59:00Z"), utc("2026-03-11T16:00:00Z"), "2026-03-12"])
            try db.execute(sql: """
                INSERT INTO focusSession (id, activity, activityKey, mode, segment, planned, actual, startedAt, endedAt, outcome, day)
                VALUES ('00000000-0000-0000-0000-000000000003', NULL, NULL, 'stopwatch', 'focus', NULL, 600, ?, ?, 'completed', '2026-03-10')
                """, arguments: [utc("2026-03-10T23:40:00Z"), utc("2026-03-10T23:50:00Z")])
        }
        try AppDatabase.migrator(localZone: berlin).migrate(queue)
        return queue
    }

    @Test("a row whose day is its day in the local zone gets the local zone")
    func localZoneWhereItFits() throws {
        let queue = try Self.legacyDatabase()
        let history = GRDBBreakHistory(queue)
        let sessions = try history.sessions(endedFrom: .distantPast, to: .distantFuture)
        #expect(sessions.map(\.timeZone.identifier) == ["Europe/Berlin", "GMT+0800"])
        // The days are kept as they were, and the daily counts with them.
        #expect(sessions.map(\.day.description) == ["2026-03-10", "2026-03-12"])
        #expect(try history.dayStats(from: LocalDate(year: 2026, month: 3, day: 1), through: LocalDate(year: 2026, month: 3, day: 31))
            .map(\.date.description) == ["2026-03-10", "2026-03-12"])
    }

    @Test("a row whose day is not its day in the local zone gets the nearest whole-hour zone that puts it there")
    func impliedZoneOtherwise() throws {
        let queue = try Self.legacyDatabase()
        let record = try #require(try GRDBFocusHistory(queue).sessions(.everything).first)
        // 23:40 UTC on 03-10 is 00:40 on 03-11 in Berlin: the nearest offset keeping 03-10 is UTC itself.
        #expect(record.timeZone.secondsFromGMT() == 0)
        #expect(record.day == LocalDate(year: 2026, month: 3, day: 10))
        let moment = Date(timeIntervalSince1970: Self.utc("2026-03-11T16:00:00Z"))
        #expect(LegacyTimeZone.zone(at: moment, day: "2026-03-12", localZone: Self.berlin).secondsFromGMT() == 8 * 3_600)
        #expect(LegacyTimeZone.zone(at: moment, day: "2026-03-11", localZone: Self.berlin) == Self.berlin)
    }

    @Test("after the migration a row without a zone is refused")
    func emptyZoneRefused() throws {
        let queue = try Self.legacyDatabase()
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day)
                    VALUES ('00000000-0000-0000-0000-000000000009', 'eye', 0, 1, 'completed', 0, '1970-01-01')
                    """)
            }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE focusSession SET timeZone = ''") }
        }
    }

    @Test("a session saved in Tokyo reads back in Tokyo, whatever zone reads it")
    func zoneRoundTrips() throws {
        try withTemporaryDatabase { database in
            var tokyo = Calendar(identifier: .gregorian)
            tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
            let ended = Date(timeIntervalSince1970: Self.utc("2026-03-11T16:00:00Z"))
            let session = BreakSession(
                id: BreakEngine.sessionID(kind: .eye, dueAt: ended), kind: .eye, dueAt: ended, endedAt: ended,
                outcome: .completed, snoozeCount: 0, day: LocalDate(ended, in: tokyo), timeZone: tokyo.timeZone
            )
            try database.breakHistory.save([session])
            let read = try database.breakHistory.sessions(endedFrom: .distantPast, to: .distantFuture)
            #expect(read == [session])
            #expect(read.first?.timeZone.identifier == "Asia/Tokyo")
        }
    }
}
