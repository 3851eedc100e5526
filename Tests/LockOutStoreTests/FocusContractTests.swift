import Foundation
import GRDB
import LockOutCore
@testable import LockOutStore
import Testing

/// The behaviour the focus stores share, run against the in-memory doubles and a real SQLite file.
@Suite("Focus store contract")
struct FocusContractTests {}

/// One backend's focus stores.
struct FocusStores {
    let activities: any ActivityStore
    let history: any FocusHistory
    let tasks: any TaskStore
    let record: any FocusRecordStore
    let settings: any FocusSettingsStore
}

extension Backend {
    /// Runs `body` with fresh focus stores; a SQLite file lives in a temporary directory removed afterwards.
    func withFocusStores(_ body: (FocusStores) throws -> Void) throws {
        switch self {
        case .inMemory:
            try body(FocusStores(
                activities: InMemoryActivityStore(),
                history: InMemoryFocusHistory(),
                tasks: InMemoryTaskStore(),
                record: InMemoryFocusRecordStore(),
                settings: InMemoryFocusSettingsStore()
            ))
        case .sqliteFile:
            try withTemporaryDatabase { database in
                try body(FocusStores(
                    activities: database.activityStore,
                    history: database.focusHistory,
                    tasks: database.taskStore,
                    record: database.focusRecordStore,
                    settings: database.focusSettingsStore
                ))
            }
        }
    }
}

extension Fixed {
    /// A focus segment starting at `hour:minute` (Berlin) on `iso`, running 25 minutes less half a second.
    static func focus(
        on iso: String,
        hour: Int = 9,
        minute: Int = 0,
        activity: String? = "Writing",
        mode: FocusMode = .pomodoro,
        segment: FocusSegment = .focus,
        outcome: FocusOutcome = .completed,
        id: FocusSessionID? = nil
    ) -> FocusSessionRecord {
        let day = day(iso)
        let start = day.start(in: calendar).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
        let planned: TimeInterval? = mode.countsDown ? 1500 : nil
        let actual = 1499.5
        return FocusSessionRecord(
            id: id ?? .forSegment(startedAt: start, mode: mode, segment: segment),
            activity: activity,
            mode: mode,
            segment: segment,
            planned: planned,
            actual: actual,
            startedAt: start,
            endedAt: start.addingTimeInterval(actual + 0.25),
            outcome: outcome,
            day: day,
            timeZone: TimeZone(identifier: "Europe/Berlin")!
        )
    }

    static func activity(_ name: String, collection: String? = nil, pinned: Bool = false, notes: String = "") -> Activity {
        Activity(id: ActivityID(rawValue: UUID()), name: name, collection: collection, isPinned: pinned, notes: notes)
    }
}

// MARK: - ActivityStore

extension FocusContractTests {
    @Test("added activities read back by name ignoring case, listed pinned first then by name", arguments: Backend.allCases)
    func activitiesReadBack(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let zen = Fixed.activity("Zen", collection: "Life", pinned: true, notes: "breathe")
            let ecrire = Fixed.activity("  Écrire ", collection: "Work")
            let apprendre = Fixed.activity("apprendre")
            let spanish = Fixed.activity("Spanish", collection: "Work")
            for activity in [spanish, zen, ecrire, apprendre] { try stores.activities.add(activity) }

            #expect(try stores.activities.all().map(\.name) == ["Zen", "apprendre", "Écrire", "Spanish"])
            #expect(try stores.activities.activity(named: " ÉCRIRE") == ecrire)
            #expect(try stores.activities.activity(named: "zen") == zen)
            #expect(try stores.activities.activity(named: "ecrire") == nil)
            let found = ActivityListing.list(try stores.activities.all(), filter: ActivityFilter(search: "CRI", collection: "work"))
            #expect(found == [ecrire])
        }
    }

    @Test("a name taken in another case, ASCII or not, is a duplicate and nothing is stored", arguments: Backend.allCases)
    func duplicateActivityRejected(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let original = Fixed.activity("Écrire", notes: "first")
            try stores.activities.add(original)
            try stores.activities.add(Fixed.activity("Ölmalerei"))

            #expect(throws: FocusDataError.duplicateActivity("écrire")) {
                try stores.activities.add(Fixed.activity(" écrire "))
            }
            #expect(throws: FocusDataError.duplicateActivity("ÖLMALEREI")) {
                try stores.activities.add(Fixed.activity("ÖLMALEREI"))
            }
            #expect(throws: FocusDataError.duplicateActivity("Écrire")) { try stores.activities.add(original) }
            // Accents are part of the name: "Ecrire" is another activity.
            try stores.activities.add(Fixed.activity("Ecrire"))

            // "Ecrire" and "Écrire" fold alike for listing, so their order is by id: compare as a set.
            let names = try stores.activities.all().map(\.name)
            #expect(names.count == 3)
            #expect(Set(names) == ["Ecrire", "Écrire", "Ölmalerei"])
            #expect(try stores.activities.activity(named: "ÉCRIRE") == original)
        }
    }

    @Test("an empty or too long name is rejected", arguments: Backend.allCases)
    func invalidActivityNames(backend: Backend) throws {
        try backend.withFocusStores { stores in
            #expect(throws: FocusDataError.emptyActivityName) { try stores.activities.add(Fixed.activity("  ")) }
            #expect(throws: FocusDataError.activityNameTooLong(length: 101, allowed: 1...100)) {
                try stores.activities.add(Fixed.activity(String(repeating: "é", count: 101)))
            }
            try stores.activities.add(Fixed.activity(String(repeating: "é", count: 100)))

            #expect(try stores.activities.all().count == 1)
        }
    }

    @Test("renaming keeps the id; another spelling of its own name is allowed, another's name is not", arguments: Backend.allCases)
    func renameActivity(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let writing = Fixed.activity("Writing", notes: "daily")
            try stores.activities.add(writing)
            try stores.activities.add(Fixed.activity("Reading"))

            try stores.activities.rename("writing", to: " Schreiben ")
            try stores.activities.rename("SCHREIBEN", to: "schreiben")

            #expect(throws: FocusDataError.duplicateActivity("READING")) {
                try stores.activities.rename("schreiben", to: "READING")
            }
            #expect(throws: FocusDataError.unknownActivity("Writing")) {
                try stores.activities.rename(" Writing ", to: "Other")
            }
            #expect(throws: FocusDataError.emptyActivityName) { try stores.activities.rename("Reading", to: " ") }
            #expect(try stores.activities.activity(named: "Schreiben") == writing.renamed("schreiben"))
            #expect(try stores.activities.activity(named: "Writing") == nil)
            #expect(try stores.activities.all().map(\.name) == ["Reading", "schreiben"])
        }
    }

    @Test("pin, notes and remove find the activity ignoring case; an unknown name throws", arguments: Backend.allCases)
    func pinNotesRemove(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let spanish = Fixed.activity("Español", collection: "Languages")
            let chess = Fixed.activity("Chess")
            try stores.activities.add(spanish)
            try stores.activities.add(chess)

            try stores.activities.setPinned(true, name: "ESPAÑOL")
            try stores.activities.setNotes("subjunctive\nsecond line", name: "español")
            let removed = try stores.activities.remove(" chess")

            #expect(removed == chess)
            let expected = spanish.pinned(true).noted("subjunctive\nsecond line")
            #expect(try stores.activities.all() == [expected])
            #expect(throws: FocusDataError.unknownActivity("Chess")) { try stores.activities.setPinned(true, name: "Chess ") }
            #expect(throws: FocusDataError.unknownActivity("Chess")) { try stores.activities.setNotes("x", name: "Chess") }
            #expect(throws: FocusDataError.unknownActivity("Chess")) { try stores.activities.remove("Chess") }

            try stores.activities.setPinned(false, name: "Español")
            #expect(try stores.activities.activity(named: "español") == expected.pinned(false))
        }
    }

    @Test("adding with a stored id and a free name replaces that activity", arguments: Backend.allCases)
    func addSameIDReplaces(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let original = Fixed.activity("Draft")
            try stores.activities.add(original)

            let replacement = Activity(id: original.id, name: "Final", collection: "Work", isPinned: true, notes: "n")
            try stores.activities.add(replacement)

            #expect(try stores.activities.all() == [replacement])
            #expect(try stores.activities.activity(named: "Draft") == nil)
        }
    }
}
