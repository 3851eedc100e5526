import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// The behaviour the health gate's stores share, run against the in-memory doubles and a real SQLite file.
@Suite("Health gate store contract")
struct GateContractTests {
    private struct GateStores {
        let gate: any GateStore
        let totals: any HealthTotalsStore
    }

    private func withStores(_ backend: Backend, _ body: (GateStores) throws -> Void) throws {
        switch backend {
        case .inMemory:
            try body(GateStores(gate: InMemoryGateStore(), totals: InMemoryHealthTotalsStore()))
        case .sqliteFile:
            try withTemporaryDatabase { database in
                try body(GateStores(gate: database.gateStore, totals: database.healthTotalsStore))
            }
        }
    }

    private let monday = LocalDate(year: 2026, month: 11, day: 23)
    private let tuesday = LocalDate(year: 2026, month: 11, day: 24)

    @Test("manual entries add up per day and metric; --set replaces", arguments: Backend.allCases)
    func manualEntries(backend: Backend) throws {
        try withStores(backend) { stores in
            try stores.totals.addManual(2500, to: .steps, on: monday)
            let added = try stores.totals.addManual(1000, to: .steps, on: monday)
            #expect(added[.steps] == 3500)
            let set = try stores.totals.setManual(800, for: .steps, on: monday)
            #expect(set[.steps] == 800)
            try stores.totals.addManual(30, to: .exerciseMinutes, on: tuesday)
            #expect(try stores.totals.totals(for: monday)[.exerciseMinutes] == 0)
            #expect(try stores.totals.totals(for: tuesday)[.exerciseMinutes] == 30)
        }
    }

    @Test("a negative or absurd value is refused and nothing changes", arguments: Backend.allCases)
    func refusedValues(backend: Backend) throws {
        try withStores(backend) { stores in
            try stores.totals.addManual(199_000, to: .steps, on: monday)
            #expect(throws: GateInputError.self) { try stores.totals.addManual(-5, to: .steps, on: monday) }
            #expect(throws: GateInputError.self) { try stores.totals.addManual(5_000, to: .steps, on: monday) }
            #expect(throws: GateInputError.self) { try stores.totals.setManual(.infinity, for: .activeEnergy, on: monday) }
            #expect(try stores.totals.totals(for: monday)[.steps] == 199_000)
        }
    }

    @Test("importing the same days again replaces them; another source and manual entries add", arguments: Backend.allCases)
    func importsNeverCountTwice(backend: Backend) throws {
        try withStores(backend) { stores in
            let export = [
                HealthTotals(day: monday, values: [.steps: 6240, .activeEnergy: 310.5]),
                HealthTotals(day: tuesday, values: [.steps: 9000]),
            ]
            try stores.totals.replaceImported(export, source: "export.zip")
            try stores.totals.replaceImported(export, source: "export.zip")
            #expect(try stores.totals.totals(for: monday)[.steps] == 6240)
            #expect(try stores.totals.totals(for: monday)[.activeEnergy] == 310.5)

            try stores.totals.replaceImported([HealthTotals(day: monday, values: [.steps: 100])], source: "phone")
            try stores.totals.addManual(60, to: .steps, on: monday)
            #expect(try stores.totals.totals(for: monday)[.steps] == 6400)

            // A newer export for Monday alone replaces Monday and leaves Tuesday as it was.
            try stores.totals.replaceImported([HealthTotals(day: monday, values: [.steps: 7000])], source: "export.zip")
            #expect(try stores.totals.totals(for: monday)[.steps] == 7160)
            #expect(try stores.totals.totals(for: monday)[.activeEnergy] == 0)
            #expect(try stores.totals.totals(for: tuesday)[.steps] == 9000)
        }
    }

    @Test("settings are the defaults until saved, read back as saved, and invalid ones are refused", arguments: Backend.allCases)
    func settings(backend: Backend) throws {
        try withStores(backend) { stores in
            #expect(try stores.gate.loadSettings() == .defaults)
            var settings = GateSettings.defaults
            settings.steps.target = 8500
            settings.blockedApps = [BlockedApp(executable: "steam"), BlockedApp(executable: "firefox", desktopID: "org.mozilla.firefox.desktop")]
            try stores.gate.saveSettings(settings)
            #expect(try stores.gate.loadSettings() == settings)

            var invalid = settings
            invalid.steps.target = 8501
            #expect(throws: GateInputError.self) { try stores.gate.saveSettings(invalid) }
            var protected = settings
            protected.blockedApps.append(BlockedApp(executable: "bash"))
            #expect(throws: GateInputError.self) { try stores.gate.saveSettings(protected) }
            #expect(try stores.gate.loadSettings() == settings)
        }
    }

    @Test("the record is nil until saved and reads back as saved", arguments: Backend.allCases)
    func record(backend: Backend) throws {
        try withStores(backend) { stores in
            #expect(try stores.gate.loadRecord() == nil)
            var record = GateRecord.initial(day: monday)
            record.peeksToday = 2
            record.totals = HealthTotals(day: monday, values: [.steps: 4000])
            try stores.gate.saveRecord(record)
            #expect(try stores.gate.loadRecord() == record)
        }
    }

    @Test("a damaged record loads as nil, damaged settings as the defaults")
    func damagedRows() throws {
        try withTemporaryDatabase { database in
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO gateRecord (id, json, updatedAt) VALUES (1, '{\"status\":7}', 0)")
                try db.execute(sql: "INSERT INTO gateSettings (id, json, updatedAt) VALUES (1, 'not json', 0)")
            }
            #expect(try database.gateStore.loadRecord() == nil)
            #expect(try database.gateStore.loadSettings() == .defaults)
        }
    }

    @Test("the log reads back from a moment on, oldest first, and keeps a year", arguments: Backend.allCases)
    func log(backend: Backend) throws {
        let start = Date(timeIntervalSince1970: 1_795_420_800)
        try withStores(backend) { stores in
            #expect(try stores.gate.log(from: .distantPast).isEmpty)
            let first = [
                GateLogEntry(at: start, event: .emergencyUnlockRequested),
                GateLogEntry(at: start.addingTimeInterval(15), event: .emergencyUnlocked),
                GateLogEntry(at: start.addingTimeInterval(15), event: .opened(.emergencyUnlock)),
            ]
            try stores.gate.appendLog(first)
            try stores.gate.appendLog([])
            try stores.gate.appendLog([GateLogEntry(at: start.addingTimeInterval(60), event: .closed(unmet: [.steps, .energy]))])
            #expect(try stores.gate.log(from: .distantPast).map(\.event) == [
                .emergencyUnlockRequested, .emergencyUnlocked, .opened(.emergencyUnlock), .closed(unmet: [.steps, .energy]),
            ])
            #expect(try stores.gate.log(from: start.addingTimeInterval(15)).map(\.event) == [
                .emergencyUnlocked, .opened(.emergencyUnlock), .closed(unmet: [.steps, .energy]),
            ])
            // A year and a day after the newest, the oldest entries go.
            let later = start.addingTimeInterval(GateLogEntry.kept + 30)
            try stores.gate.appendLog([GateLogEntry(at: later, event: .peekStarted(seconds: 180))])
            #expect(try stores.gate.log(from: .distantPast).map(\.at) == [start.addingTimeInterval(60), later])
        }
    }

    @Test("an update reads the stored gate and writes its settings, record and log together", arguments: Backend.allCases)
    func update(backend: Backend) throws {
        let at = Date(timeIntervalSince1970: 1_795_420_800)
        try withStores(backend) { stores in
            let seen = try stores.gate.update { contents -> GateStoreContents in
                let seen = contents
                contents.settings.energy.isEnabled = true
                contents.record = GateRecord.initial(day: monday)
                contents.newLogEntries = [GateLogEntry(at: at, event: .editApplied(.strengthening))]
                return seen
            }
            #expect(seen == GateStoreContents(settings: .defaults, record: nil))
            #expect(try stores.gate.loadSettings().energy.isEnabled)
            #expect(try stores.gate.loadRecord() == GateRecord.initial(day: monday))
            #expect(try stores.gate.log(from: .distantPast).map(\.event) == [.editApplied(.strengthening)])
            let again = try stores.gate.update { $0 }
            #expect(again.settings.energy.isEnabled)
            #expect(again.record?.day == monday)
            #expect(again.newLogEntries.isEmpty)
        }
    }

    @Test("an update that throws, or leaves invalid settings, writes nothing", arguments: Backend.allCases)
    func updateWritesNothingOnFailure(backend: Backend) throws {
        struct Refused: Error {}
        let at = Date(timeIntervalSince1970: 1_795_420_800)
        try withStores(backend) { stores throws in
            #expect(throws: Refused.self) {
                try stores.gate.update { contents in
                    contents.record = GateRecord.initial(day: monday)
                    contents.newLogEntries = [GateLogEntry(at: at, event: .editHeld)]
                    throw Refused()
                }
            }
            #expect(throws: GateInputError.self) {
                try stores.gate.update { contents in
                    contents.settings.steps.target = 8_250
                    contents.record = GateRecord.initial(day: monday)
                    contents.newLogEntries = [GateLogEntry(at: at, event: .editHeld)]
                }
            }
            #expect(try stores.gate.loadSettings() == .defaults)
            #expect(try stores.gate.loadRecord() == nil)
            #expect(try stores.gate.log(from: .distantPast).isEmpty)
        }
    }
}
