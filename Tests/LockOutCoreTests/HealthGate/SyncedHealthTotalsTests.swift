import Foundation
import Testing
@testable import LockOutCore

/// The same person's other devices' health totals, as a gate reads them: checked, the newest of the day taken,
/// combined with this device's own per metric, and said where they came from.
@Suite("Health gate: synced health totals")
struct SyncedHealthTotalsTests {
    typealias F = GateFixture
    static let desktop = DeviceID(rawValue: UUID())
    static let phone = DeviceID(rawValue: UUID())
    static let tablet = DeviceID(rawValue: UUID())
    static let now = F.local(F.monday, 14, 0)

    static func record(
        _ device: DeviceID = phone, name: String = "Anna's iPhone", day: LocalDate = F.monday, steps: Double = 0, energy: Double = 0,
        exercise: Double = 0, readAt: Date = now
    ) -> HealthTotalsRecord {
        HealthTotalsRecord(deviceID: device, deviceName: name, date: day, steps: steps, activeEnergy: energy, exerciseMinutes: exercise, readAt: readAt)
    }

    /// A pulled change carrying `body`, written by `owner` in `mode` for `day`.
    static func change(
        _ body: String, owner: DeviceID = phone, mode: DeviceMode = .personalDevice, day: LocalDate = F.monday, seq: Int64 = 1
    ) -> SyncChange {
        SyncChange(seq: seq, owner: owner, ownerMode: mode, committedAt: now, type: .healthTotals, recordID: "\(owner)/\(day)",
                   target: nil, localDate: day, deleted: false, body: body)
    }

    static func change(_ record: HealthTotalsRecord, mode: DeviceMode = .personalDevice, seq: Int64 = 1) throws -> SyncChange {
        change(try SyncJSON.body(record), owner: record.deviceID, mode: mode, day: record.date, seq: seq)
    }

    static func select(_ changes: [SyncChange], mode: DeviceMode = .personalDevice, day: LocalDate = F.monday, at now: Date = now) -> SyncedHealthTotals.Selection {
        SyncedHealthTotals.select(changes, for: day, reader: desktop, mode: mode, calendar: F.berlin, now: now)
    }

    @Test("a record's body round-trips as the API's JSON, and its mutation is DEVICE/YYYY-MM-DD on its day")
    func body() throws {
        let record = Self.record(steps: 12_000, energy: 420.5, exercise: 35)
        let mutation = try record.mutation(id: MutationID(rawValue: UUID()))
        #expect(mutation.type == .healthTotals)
        #expect(mutation.recordID == "\(Self.phone)/2026-11-23")
        #expect(mutation.localDate == F.monday)
        #expect(WritePolicy.check(mutation, writer: Self.phone, mode: .childDevice) == nil)
        #expect(try SyncJSON.record(HealthTotalsRecord.self, from: mutation.body) == record)
        #expect(mutation.body.contains("\"date\":\"2026-11-23\""))
        #expect(mutation.body.contains("\"steps\":12000"))
    }

    @Test("the newest record of the day counts, by when it was read; earlier days and the reader's own pass")
    func newest() throws {
        let older = try Self.change(Self.record(Self.tablet, name: "Tablet", steps: 9_000, readAt: Self.now - 600), seq: 7)
        let newer = try Self.change(Self.record(steps: 4_000, readAt: Self.now - 60), seq: 3)
        let yesterday = try Self.change(Self.record(day: F.monday.adding(days: -1, in: F.berlin), steps: 20_000, readAt: Self.now - 86_400))
        let own = try Self.change(Self.record(Self.desktop, name: "Desk", steps: 50_000))
        let selection = Self.select([older, newer, yesterday, own])
        #expect(selection.newest == Self.record(steps: 4_000, readAt: Self.now - 60))
        #expect(selection.ignored.isEmpty)
    }

    @Test("per metric the larger of this device's own total and the synced one counts, and each says where it came from")
    func combine() {
        let own = HealthReadout(totals: F.totals(steps: 2_500, energy: 600), confirmed: true)
        let combined = SyncedHealthTotals.combine(own, with: Self.record(steps: 12_000, energy: 420, exercise: 0))
        #expect(combined.totals == F.totals(steps: 12_000, energy: 600, exercise: 0))
        #expect(combined.confirmed)
        #expect(combined.origin?.syncedDevice?.deviceName == "Anna's iPhone")
        #expect(combined.origin?.syncedMetrics == [.steps, .exerciseMinutes])
        let alone = SyncedHealthTotals.combine(own, with: nil)
        #expect(alone.totals == own.totals)
        #expect(alone.origin == .thisDevice)
        let otherDay = SyncedHealthTotals.combine(own, with: Self.record(day: F.monday.adding(days: -1, in: F.berlin), steps: 30_000))
        #expect(otherDay.totals == own.totals)
        #expect(otherDay.origin == .thisDevice)
    }

    @Test("bad totals are ignored with the reason, and a good record beside them still counts", arguments: [
        ("negative steps", #"{"deviceID":"PHONE","deviceName":"P","date":"2026-11-23","steps":-5,"activeEnergy":0,"exerciseMinutes":0,"readAt":"2026-11-23T13:00:00Z"}"#, "steps of -5"),
        ("absurd steps", #"{"deviceID":"PHONE","deviceName":"P","date":"2026-11-23","steps":200001,"activeEnergy":0,"exerciseMinutes":0,"readAt":"2026-11-23T13:00:00Z"}"#, "steps of 200001"),
        ("absurd energy", #"{"deviceID":"PHONE","deviceName":"P","date":"2026-11-23","steps":1,"activeEnergy":20000.5,"exerciseMinutes":0,"readAt":"2026-11-23T13:00:00Z"}"#, "energy of 20000.5"),
        ("absurd exercise", #"{"deviceID":"PHONE","deviceName":"P","date":"2026-11-23","steps":1,"activeEnergy":0,"exerciseMinutes":1441,"readAt":"2026-11-23T13:00:00Z"}"#, "exercise of 1441"),
        ("another device in the body", #"{"deviceID":"OTHER","deviceName":"P","date":"2026-11-23","steps":1,"activeEnergy":0,"exerciseMinutes":0,"readAt":"2026-11-23T13:00:00Z"}"#, "not its writer"),
        ("another day in the body", #"{"deviceID":"PHONE","deviceName":"P","date":"2026-11-22","steps":1,"activeEnergy":0,"exerciseMinutes":0,"readAt":"2026-11-23T13:00:00Z"}"#, "is not the record's day"),
        ("read in the future", #"{"deviceID":"PHONE","deviceName":"P","date":"2026-11-23","steps":1,"activeEnergy":0,"exerciseMinutes":0,"readAt":"2026-11-23T15:00:00Z"}"#, "in the future"),
        ("not a record", #"{"steps":"many"}"#, "not a health totals record"),
        ("a name a terminal would obey", #"{"deviceID":"PHONE","deviceName":"P\u001b[2J","date":"2026-11-23","steps":1,"activeEnergy":0,"exerciseMinutes":0,"readAt":"2026-11-23T13:00:00Z"}"#, "device name"),
        ("not JSON", "steps=12000", "not a health totals record"),
    ])
    func bad(_ what: String, _ template: String, _ reason: String) throws {
        let body = template.replacingOccurrences(of: "PHONE", with: Self.phone.description)
            .replacingOccurrences(of: "OTHER", with: Self.tablet.description)
        let good = try Self.change(Self.record(Self.tablet, name: "Tablet", steps: 3_000, readAt: Self.now - 3_600), seq: 1)
        let selection = Self.select([Self.change(body, seq: 2), good])
        #expect(selection.newest?.deviceID == Self.tablet, "\(what)")
        #expect(selection.ignored.count == 1, "\(what)")
        #expect(selection.ignored.first?.problem.description.contains(reason) == true, "\(what): \(selection.ignored)")
    }

    @Test("a record for a day after today is ignored with the reason; one for a later day while reading an earlier one is not that day's")
    func futureDay() throws {
        let tomorrow = F.monday.adding(days: 1, in: F.berlin)
        let selection = Self.select([try Self.change(Self.record(day: tomorrow, steps: 12_000))])
        #expect(selection.newest == nil)
        #expect(selection.ignored.map(\.problem) == [.futureDay(tomorrow, today: F.monday)])
        let yesterday = F.monday.adding(days: -1, in: F.berlin)
        let readingYesterday = Self.select([try Self.change(Self.record(steps: 12_000))], day: yesterday)
        #expect(readingYesterday.newest == nil)
        #expect(readingYesterday.ignored.isEmpty)
    }

    @Test("another person's totals never count: a parent's device, a personal device's on a child's, a child's on a personal device")
    func anotherPerson() throws {
        let record = Self.record(steps: 12_000)
        for (writer, reader) in [(DeviceMode.parentDevice, DeviceMode.personalDevice), (.personalDevice, .childDevice), (.childDevice, .personalDevice),
                                 (.childDevice, .parentDevice)] {
            let selection = Self.select([try Self.change(record, mode: writer)], mode: reader)
            #expect(selection.newest == nil, "\(writer) → \(reader)")
            #expect(selection.ignored.map(\.problem) == [.anotherPerson(writerMode: writer, readerMode: reader)], "\(writer) → \(reader)")
        }
        #expect(Self.select([try Self.change(record, mode: .childDevice)], mode: .childDevice).newest == record)
    }

    @Test("the gate opens on the synced steps, keeps where they came from, and forgets it at midnight")
    func gate() throws {
        var gate = F.gate()
        _ = try gate.handle(.healthDataChanged(HealthReadout(totals: F.totals(steps: 6_000), confirmed: true, origin: .thisDevice)), now: Self.now)
        #expect(gate.status(now: Self.now) == .closed(unmet: [.steps]))
        let own = HealthReadout(totals: F.totals(steps: 6_000), confirmed: true)
        let readout = SyncedHealthTotals.combine(own, with: Self.record(steps: 10_000, energy: 300, exercise: 20, readAt: Self.now - 120))
        _ = try gate.handle(.healthDataChanged(readout), now: Self.now)
        #expect(gate.status(now: Self.now) == .open(.goalsMet))
        let screen = GateScreen(gate: gate, now: Self.now)
        #expect(screen.healthOrigin?.syncedDevice?.deviceID == Self.phone)
        #expect(screen.healthSourceText == "Anna's iPhone, read 13:58")
        #expect(!screen.syncedTotalsStale)
        let afterMidnight = F.plus(60, F.midnight)
        _ = try gate.handle(.tick, now: afterMidnight)
        #expect(gate.record.origin == nil)
        #expect(GateScreen(gate: gate, now: afterMidnight).healthSourceText == nil)
    }

    @Test("the screen names each metric's source, and says so when the synced totals are stale")
    func sourceText() {
        let read = Self.now - 3 * 3_600 - 60
        let device = SyncedHealthSource(Self.record(readAt: read))
        func text(_ metrics: [HealthMetric], at now: Date = Self.now) -> String {
            GateText.healthSource(HealthOrigin(syncedDevice: device, syncedMetrics: metrics), now: now, calendar: F.berlin)
        }
        #expect(text(HealthMetric.allCases) == "Anna's iPhone, read 10:59 — stale: nothing newer for 3 h")
        #expect(text([.steps], at: read + 60) == "Anna's iPhone, read 10:59 (steps); this device (energy, exercise)")
        #expect(text([], at: read + 60) == "this device (Anna's iPhone's totals, read 10:59, are lower)")
        #expect(GateText.healthSource(.thisDevice, now: Self.now, calendar: F.berlin) == "this device — no health totals from your other devices today")
        #expect(!SyncedHealthTotals.isStale(readAt: read, now: read + SyncedHealthTotals.freshness))
        #expect(SyncedHealthTotals.isStale(readAt: read, now: read + SyncedHealthTotals.freshness + 1))
    }
}
