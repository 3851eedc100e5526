import Foundation
import LockOutCore
import Testing

// MARK: - BreakRecordStore

extension StoreContractTests {
    /// A record in each `BreakState` case, with fractional dates to show they read back exactly.
    static let recordsInEveryState: [BreakRecord] = {
        let now = Fixed.now.addingTimeInterval(0.123_456_789)
        let due = DueBreak(
            kind: .micro, covers: [.eye, .micro], dueAt: now,
            expiresAt: now.addingTimeInterval(1800), snoozeCount: 2
        )
        let cycles = CycleStarts(eye: now.addingTimeInterval(-600), micro: now.addingTimeInterval(-1800), long: now)
        let states: [BreakState] = [
            .idle,
            .running,
            .breakPending(due),
            .snoozed(due, until: now.addingTimeInterval(300)),
            .breakActive(due, startedAt: now, endsAt: now.addingTimeInterval(30)),
            .paused(until: now.addingTimeInterval(3600)),
            .paused(until: nil),
        ]
        return states.map { state in
            BreakRecord(
                state: state, cycles: cycles,
                scheduledUntil: now.addingTimeInterval(7200), stoppedUntil: nil
            )
        }
    }()

    @Test("a saved record reads back, in every state", arguments: Backend.allCases, recordsInEveryState)
    func recordRoundTrip(backend: Backend, record: BreakRecord) throws {
        try backend.withStores { stores in
            try stores.records.save(.idle(at: Fixed.now))

            try stores.records.save(record)

            #expect(try stores.records.load() == .valid(record))
        }
    }

    @Test("load gives nil when no record was saved", arguments: Backend.allCases)
    func noRecord(backend: Backend) throws {
        try backend.withStores { stores in
            let loaded = try stores.records.load()

            #expect(loaded == nil)
        }
    }

    @Test("a stored record that can't be read loads as corrupt", arguments: Backend.allCases)
    func corruptRecord(backend: Backend) throws {
        try backend.withStores(corruptRecord: true) { stores in
            let loaded = try stores.records.load()

            #expect(loaded == .corrupt)
        }
    }

    @Test("saving over a corrupt record replaces it", arguments: Backend.allCases)
    func saveOverCorrupt(backend: Backend) throws {
        try backend.withStores(corruptRecord: true) { stores in
            let record = BreakRecord.idle(at: Fixed.now)

            try stores.records.save(record)

            #expect(try stores.records.load() == .valid(record))
        }
    }
}
