import Foundation
import Testing
@testable import LockOutCore

@Suite("Sync: who writes what, backoff, failures")
struct SyncPolicyTests {
    static let writer = DeviceID(rawValue: UUID())
    static let other = DeviceID(rawValue: UUID())

    static func mutation(_ type: RecordType, record: String = "r", target: DeviceID? = nil, date: LocalDate? = nil, body: String = "{}") -> SyncMutation {
        SyncMutation(id: MutationID(rawValue: UUID()), type: type, recordID: record, target: target, localDate: date, body: body)
    }

    @Test("each mode writes only its kinds of record", arguments: DeviceMode.allCases)
    func kinds(_ mode: DeviceMode) {
        let day = LocalDate(year: 2026, month: 11, day: 24)
        for type in RecordType.allCases {
            let mutation = switch type {
            case .device: Self.mutation(.device, record: Self.writer.description)
            case .usage: Self.mutation(.usage, date: day)
            case .dailySummary, .healthTotals: Self.mutation(type, record: "\(Self.writer)/\(day)", date: day)
            case .command: Self.mutation(.command, target: Self.other)
            case .configuration: Self.mutation(.configuration, record: "\(Self.other)/firefox", target: Self.other)
            case .commandAck, .settings: Self.mutation(type)
            }
            let refusal = WritePolicy.check(mutation, writer: Self.writer, mode: mode)
            #expect((refusal == nil) == WritePolicy.writableTypes(for: mode).contains(type), "\(mode) \(type)")
        }
        #expect(!WritePolicy.writableTypes(for: .childDevice).contains(.command))
        #expect(!WritePolicy.writableTypes(for: .parentDevice).contains(.dailySummary))
        #expect(!WritePolicy.writableTypes(for: .parentDevice).contains(.healthTotals))
        #expect(WritePolicy.writableTypes(for: .childDevice).contains(.healthTotals))
        #expect(WritePolicy.writableTypes(for: .personalDevice).contains(.healthTotals))
    }

    @Test("health totals are about their writer and day: DEVICE/YYYY-MM-DD, a local date, no target, not after tomorrow in UTC+14")
    func healthTotalsEnvelope() {
        let child = DeviceMode.childDevice
        let day = LocalDate(year: 2026, month: 11, day: 24)
        func totals(_ record: String, date: LocalDate? = day, target: DeviceID? = nil) -> SyncMutation {
            Self.mutation(.healthTotals, record: record, target: target, date: date)
        }
        #expect(WritePolicy.check(totals("\(Self.writer)/2026-11-24"), writer: Self.writer, mode: child) == nil)
        #expect(WritePolicy.check(totals("\(Self.writer)/2026-11-24"), writer: Self.writer, mode: .personalDevice) == nil)
        #expect(WritePolicy.check(totals("\(Self.writer)/2026-11-24"), writer: Self.writer, mode: .parentDevice)
            == .typeNotAllowed(.healthTotals, for: .parentDevice))
        #expect(WritePolicy.check(totals("\(Self.other)/2026-11-24"), writer: Self.writer, mode: child) == .recordMustNameWriter(.healthTotals))
        #expect(WritePolicy.check(totals("\(Self.writer)/2026-11-23"), writer: Self.writer, mode: child) == .recordMustNameWriter(.healthTotals))
        #expect(WritePolicy.check(totals("\(Self.writer)/2026-11-24", date: nil), writer: Self.writer, mode: child) == .localDateRequired(.healthTotals))
        #expect(WritePolicy.check(totals("\(Self.writer)/2026-11-24", target: Self.other), writer: Self.writer, mode: child)
            == .targetNotAllowed(.healthTotals))
        let now = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23 08:00 UTC: 2026-11-23 22:00 in UTC+14
        #expect(WritePolicy.checkDate(totals("\(Self.writer)/2026-11-24"), now: now) == nil)
        let late = LocalDate(year: 2026, month: 11, day: 25)
        #expect(WritePolicy.checkDate(totals("\(Self.writer)/2026-11-25", date: late), now: now) == .localDateTooLate(late, latest: day))
        #expect(WritePolicy.Refusal.localDateTooLate(late, latest: day).code == "future_date")
    }

    @Test("the envelope must be whole: own device record, targets where needed, dates for usage, bounded sizes")
    func envelope() {
        let parent = DeviceMode.parentDevice, child = DeviceMode.childDevice
        #expect(WritePolicy.check(Self.mutation(.device, record: Self.other.description), writer: Self.writer, mode: child) == .recordMustBeWriter)
        #expect(WritePolicy.check(Self.mutation(.command), writer: Self.writer, mode: parent) == .targetRequired(.command))
        #expect(WritePolicy.check(Self.mutation(.dailySummary), writer: Self.writer, mode: child) == .localDateRequired(.dailySummary))
        #expect(WritePolicy.check(Self.mutation(.commandAck, target: Self.other), writer: Self.writer, mode: child) == .targetNotAllowed(.commandAck))
        #expect(WritePolicy.check(Self.mutation(.commandAck, record: ""), writer: Self.writer, mode: child) == .recordIDLength(0))
        let big = String(repeating: "x", count: SyncMutation.maximumBodyBytes + 1)
        #expect(WritePolicy.check(Self.mutation(.commandAck, body: big), writer: Self.writer, mode: child)
            == .bodyTooLarge(bytes: big.utf8.count, maximum: SyncMutation.maximumBodyBytes))
    }

    @Test("a record about a device names it: a day summary its writer and day, a configuration its target")
    func recordsNameTheirDevice() {
        let child = DeviceMode.childDevice
        let day = LocalDate(year: 2026, month: 11, day: 24)
        func summary(_ record: String) -> SyncMutation { Self.mutation(.dailySummary, record: record, date: day) }
        #expect(WritePolicy.check(summary("\(Self.writer)/2026-11-24"), writer: Self.writer, mode: child) == nil)
        #expect(WritePolicy.check(summary("\(Self.writer.description.lowercased())/2026-11-24"), writer: Self.writer, mode: child) == nil)
        #expect(WritePolicy.check(summary("\(Self.other)/2026-11-24"), writer: Self.writer, mode: child) == .recordMustNameWriter(.dailySummary))
        #expect(WritePolicy.check(summary("\(Self.writer)/2026-11-23"), writer: Self.writer, mode: child) == .recordMustNameWriter(.dailySummary))
        #expect(WritePolicy.check(summary("2026-11-24"), writer: Self.writer, mode: child) == .recordMustNameWriter(.dailySummary))
        let misnamed = Self.mutation(.configuration, record: "\(Self.writer)/firefox", target: Self.other)
        #expect(WritePolicy.check(misnamed, writer: Self.writer, mode: .parentDevice) == .recordMustNameTarget)
    }

    @Test("a stored record is replaced or deleted by its writer only; a registration, a day summary and a configuration by their device or any parent")
    func replacing() {
        for type in RecordType.allCases {
            let mutation = Self.mutation(type)
            #expect(WritePolicy.checkReplacing(mutation, writer: Self.writer, storedOwner: nil) == nil)
            #expect(WritePolicy.checkReplacing(mutation, writer: Self.writer, storedOwner: Self.writer) == nil)
            let byOther = WritePolicy.checkReplacing(mutation, writer: Self.writer, storedOwner: Self.other)
            #expect(byOther == ([.device, .dailySummary, .healthTotals, .configuration].contains(type) ? nil : .recordOfAnotherDevice(type)), "\(type)")
        }
    }

    @Test("a local date may be at most tomorrow where the day is furthest ahead (UTC+14)")
    func futureDates() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13 UTC: 2023-11-15 in UTC+14
        #expect(WritePolicy.latestLocalDate(now: now) == LocalDate(year: 2023, month: 11, day: 16))
        let late = Self.mutation(.usage, date: LocalDate(year: 2023, month: 11, day: 17))
        #expect(WritePolicy.checkDate(late, now: now)
            == .localDateTooLate(LocalDate(year: 2023, month: 11, day: 17), latest: LocalDate(year: 2023, month: 11, day: 16)))
        #expect(WritePolicy.checkDate(Self.mutation(.usage, date: LocalDate(year: 2023, month: 11, day: 16)), now: now) == nil)
        #expect(WritePolicy.checkDate(Self.mutation(.settings), now: now) == nil)
        let deletion = SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: "r", localDate: LocalDate(year: 2099, month: 1, day: 1),
                                    deleted: true, body: "")
        #expect(WritePolicy.checkDate(deletion, now: now) == nil)
    }

    @Test("a change token is 0 or a commit number without sign or leading zero; none is the start")
    func tokens() {
        #expect(ChangeToken.seq(nil) == 0)
        #expect(ChangeToken.seq("0") == 0)
        #expect(ChangeToken.seq(ChangeToken.after(42)) == 42)
        #expect(ChangeToken.seq("123456789012345678") == 123_456_789_012_345_678)
        for bad in ["", "+5", "05", "-0", "-1", "abc", "1e3", " 1", "1234567890123456789", "٣"] {
            #expect(ChangeToken.seq(bad) == nil, "\(bad)")
        }
    }

    @Test("a child reads only its own records and what was sent to it; a parent reads all")
    func reading() {
        func change(owner: DeviceID, target: DeviceID?, type: RecordType) -> SyncChange {
            SyncChange(seq: 1, owner: owner, ownerMode: .parentDevice, committedAt: Date(timeIntervalSince1970: 0), type: type,
                       recordID: "r", target: target, localDate: nil, deleted: false, body: "")
        }
        let toMe = change(owner: Self.other, target: Self.writer, type: .command)
        let toSibling = change(owner: Self.other, target: DeviceID(rawValue: UUID()), type: .command)
        #expect(WritePolicy.canRead(toMe, reader: Self.writer, mode: .childDevice))
        #expect(!WritePolicy.canRead(toSibling, reader: Self.writer, mode: .childDevice))
        #expect(WritePolicy.canRead(toSibling, reader: Self.writer, mode: .parentDevice))
        #expect(WritePolicy.canRead(change(owner: Self.other, target: nil, type: .settings), reader: Self.writer, mode: .personalDevice))
    }

    @Test("health totals reach the same person's devices alone: the same child's, the family's personal devices; never a sibling or a parent")
    func readingHealthTotals() {
        func totals(by owner: DeviceID, _ mode: DeviceMode) -> SyncChange {
            SyncChange(seq: 1, owner: owner, ownerMode: mode, committedAt: Date(timeIntervalSince1970: 0), type: .healthTotals,
                       recordID: "\(owner)/2026-11-24", target: nil, localDate: LocalDate(year: 2026, month: 11, day: 24), deleted: false, body: "{}")
        }
        let phone = DeviceID(rawValue: UUID()), sibling = DeviceID(rawValue: UUID())
        #expect(WritePolicy.canRead(totals(by: phone, .childDevice), reader: Self.writer, mode: .childDevice, sameChild: [phone]))
        #expect(!WritePolicy.canRead(totals(by: sibling, .childDevice), reader: Self.writer, mode: .childDevice, sameChild: [phone]))
        #expect(!WritePolicy.canRead(totals(by: phone, .personalDevice), reader: Self.writer, mode: .childDevice, sameChild: [phone]))
        #expect(WritePolicy.canRead(totals(by: Self.writer, .childDevice), reader: Self.writer, mode: .childDevice))
        #expect(WritePolicy.canRead(totals(by: phone, .personalDevice), reader: Self.writer, mode: .personalDevice))
        #expect(!WritePolicy.canRead(totals(by: phone, .childDevice), reader: Self.writer, mode: .personalDevice))
        #expect(!WritePolicy.canRead(totals(by: phone, .childDevice), reader: Self.writer, mode: .parentDevice))
        #expect(!WritePolicy.canRead(totals(by: phone, .personalDevice), reader: Self.writer, mode: .parentDevice))
    }

    @Test("backoff starts at 1 s, doubles, stops at 5 min, spreads with jitter and never undercuts Retry-After")
    func backoff() {
        #expect(RetryBackoff.delay(afterAttempt: 1, jitter: 1) == 1)
        #expect(RetryBackoff.delay(afterAttempt: 1, jitter: 0) == 0.5)
        #expect(RetryBackoff.delay(afterAttempt: 4, jitter: 1) == 8)
        #expect(RetryBackoff.delay(afterAttempt: 10, jitter: 1) == 300)
        #expect(RetryBackoff.delay(afterAttempt: 1_000, jitter: 1) == 300)
        #expect(RetryBackoff.delay(afterAttempt: 10, jitter: 0) == 150)
        #expect(RetryBackoff.delay(afterAttempt: 1, jitter: 0.5, retryAfter: 30) == 30)
        #expect(RetryBackoff.delay(afterAttempt: 9, jitter: 1, retryAfter: 30) == 256)
    }

    @Test("the network, 5xx, 408 and 429 are transient; other 4xx refuse for good")
    func classification() {
        for status in [408, 429, 500, 502, 503] {
            #expect(SyncFailure.classify(status: status, reason: "", retryAfter: nil).isTransient)
        }
        for status in [400, 401, 403, 404, 409, 413] {
            #expect(!SyncFailure.classify(status: status, reason: "", retryAfter: nil).isTransient)
        }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:14:20 GMT", now: now) == 60)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
        #expect(RetryAfter.seconds(nil, now: now) == nil)
    }

}

@Suite("Sync: the state a status shows")
struct SyncActivityTests {
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    @Test("a round under way is syncing; one begun longer ago than the limit was cut off; then the last error, synced, or idle")
    func activity() {
        var progress = SyncProgress.start
        #expect(progress.activity(now: Self.now) == .idle)
        progress.lastSync = Self.now - 30
        #expect(progress.activity(now: Self.now) == .synced)
        progress.roundStartedAt = Self.now - 5
        #expect(progress.activity(now: Self.now) == .syncing)
        progress.roundStartedAt = Self.now - SyncProgress.roundLimit - 1
        progress.lastError = "503 storage_unavailable"
        #expect(progress.activity(now: Self.now) == .error("503 storage_unavailable"))
    }
}
