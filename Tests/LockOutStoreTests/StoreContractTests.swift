import Foundation
import LockOutCore
import Testing

/// The behaviour every implementation of Core's store ports shares, run against each backend.
@Suite("Store contract")
struct StoreContractTests {}

// MARK: - BreakHistory

extension StoreContractTests {
    @Test("saved sessions read back oldest first, ended in [from, to)", arguments: Backend.allCases)
    func sessionsReadBack(backend: Backend) throws {
        try backend.withStores { stores in
            // Given sessions at 12:00, 12:10 and 12:20 on one day, saved out of order
            let first = Fixed.session(on: "2023-11-14", minute: 0)
            let second = Fixed.session(on: "2023-11-14", .skipped, kind: .long, minute: 10, snoozeCount: 3)
            let third = Fixed.session(on: "2023-11-14", minute: 20)
            try stores.history.save([third, first, second])

            // When reading [12:00, 12:20)
            let read = try stores.history.sessions(endedFrom: first.endedAt, to: third.endedAt)

            // Then the start is included, the end excluded, every field intact
            #expect(read == [first, second])
        }
    }

    @Test("saving a session whose id is stored keeps the first one", arguments: Backend.allCases)
    func duplicateSaveIgnored(backend: Backend) throws {
        try backend.withStores { stores in
            let id = UUID()
            let original = Fixed.session(on: "2023-11-14", .completed, id: id)
            let retried = Fixed.session(on: "2023-11-14", .skipped, minute: 5, snoozeCount: 1, id: id)
            try stores.history.save([original])

            try stores.history.save([retried])
            try stores.history.save([original])

            let day = Fixed.day("2023-11-14")
            let all = try stores.history.sessions(endedFrom: .distantPast, to: .distantFuture)
            #expect(all == [original])
            #expect(try stores.history.dayStats(from: day, through: day) == [DayStat(date: day, completed: 1, skipped: 0)])
        }
    }

    @Test("dayStats counts completed and skipped per day in the range, only days with sessions", arguments: Backend.allCases)
    func dayStatsAggregates(backend: Backend) throws {
        try backend.withStores { stores in
            try stores.history.save([
                Fixed.session(on: "2023-11-09"),
                Fixed.session(on: "2023-11-12", minute: 1),
                Fixed.session(on: "2023-11-12", kind: .micro, minute: 2),
                Fixed.session(on: "2023-11-12", .skipped, minute: 3),
                Fixed.session(on: "2023-11-14", .skipped, kind: .long),
                Fixed.session(on: "2023-11-15", .completed),
                Fixed.session(on: "2023-11-16", .skipped),
            ])

            let stats = try stores.history.dayStats(from: Fixed.day("2023-11-10"), through: Fixed.day("2023-11-15"))

            #expect(stats == [
                DayStat(date: Fixed.day("2023-11-12"), completed: 2, skipped: 1),
                DayStat(date: Fixed.day("2023-11-14"), completed: 0, skipped: 1),
                DayStat(date: Fixed.day("2023-11-15"), completed: 1, skipped: 0),
            ])
        }
    }

    @Test("dayStats of an empty history or a reversed range is empty", arguments: Backend.allCases)
    func dayStatsEmpty(backend: Backend) throws {
        try backend.withStores { stores in
            #expect(try stores.history.dayStats(from: Fixed.day("2023-11-01"), through: Fixed.day("2023-11-30")).isEmpty)

            try stores.history.save([Fixed.session(on: "2023-11-14")])

            #expect(try stores.history.dayStats(from: Fixed.day("2023-11-15"), through: Fixed.day("2023-11-13")).isEmpty)
        }
    }

    @Test("prune deletes the sessions of days before the given day and counts them", arguments: Backend.allCases)
    func pruneBeforeDay(backend: Backend) throws {
        try backend.withStores { stores in
            let kept = Fixed.session(on: "2023-11-12")
            try stores.history.save([Fixed.session(on: "2023-11-10"), Fixed.session(on: "2023-11-11", .skipped), kept])

            let deleted = try stores.history.prune(before: Fixed.day("2023-11-12"))

            #expect(deleted == 2)
            #expect(try stores.history.sessions(endedFrom: .distantPast, to: .distantFuture) == [kept])
        }
    }

    @Test("pruneHistory keeps retentionDays days, today included", arguments: Backend.allCases)
    func pruneHistoryKeepsRetention(backend: Backend) throws {
        try backend.withStores { stores in
            let tooOld = Fixed.session(on: "2023-11-07")
            let oldestKept = Fixed.session(on: "2023-11-08")
            let today = Fixed.session(on: "2023-11-14")
            try stores.history.save([tooOld, oldestKept, today])

            let deleted = try stores.history.pruneHistory(
                retentionDays: 7, today: Fixed.day("2023-11-14"), calendar: Fixed.calendar
            )

            #expect(deleted == 1)
            #expect(try stores.history.sessions(endedFrom: .distantPast, to: .distantFuture) == [oldestKept, today])
        }
    }

    @Test("pruneHistory with a retention out of range throws and deletes nothing", arguments: Backend.allCases)
    func pruneHistoryRejectsRetention(backend: Backend) throws {
        try backend.withStores { stores in
            try stores.history.save([Fixed.session(on: "2023-11-14")])

            #expect(throws: BreakInputError.retentionOutOfRange(days: 0, allowed: BreakSettings.retentionRange)) {
                try stores.history.pruneHistory(retentionDays: 0, today: Fixed.day("2023-11-14"), calendar: Fixed.calendar)
            }
            let remaining = try stores.history.sessions(endedFrom: .distantPast, to: .distantFuture)
            #expect(remaining.count == 1)
        }
    }
}
