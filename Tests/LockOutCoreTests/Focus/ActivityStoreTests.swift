import Foundation
import Testing
@testable import LockOutCore

@Suite("InMemoryActivityStore: unique names, pin, notes, rename, remove")
struct ActivityStoreTests {
    private static func activity(_ name: String, collection: String? = nil) -> Activity {
        Activity(id: ActivityID(rawValue: UUID()), name: name, collection: collection)
    }

    private static func store(_ names: String...) throws -> InMemoryActivityStore {
        let store = InMemoryActivityStore()
        for name in names { try store.add(activity(name)) }
        return store
    }

    @Test("An added activity is listed with its collection, name trimmed")
    func addLists() throws {
        let store = InMemoryActivityStore()
        try store.add(Self.activity("  Writing ", collection: "Work"))
        let listed = try #require(store.all().first)
        #expect(listed.name == "Writing")
        #expect(listed.collection == "Work")
    }

    @Test("A name that differs only in case is a duplicate and nothing is stored")
    func duplicateIgnoringCase() throws {
        let store = try Self.store("Writing")
        #expect(throws: FocusDataError.duplicateActivity("WRITING")) {
            try store.add(Self.activity("WRITING"))
        }
        #expect(store.all().count == 1)
    }

    @Test("A name of only spaces is rejected")
    func blankNameRejected() {
        #expect(throws: FocusDataError.emptyActivityName) {
            try InMemoryActivityStore().add(Self.activity(" \t "))
        }
    }

    @Test("A name over 100 characters is rejected with the allowed range")
    func longNameRejected() {
        #expect(throws: FocusDataError.activityNameTooLong(length: 101, allowed: 1...100)) {
            try InMemoryActivityStore().add(Self.activity(String(repeating: "a", count: 101)))
        }
    }

    @Test("Lookup by name ignores case")
    func lookupIgnoresCase() throws {
        let store = try Self.store("Writing")
        #expect(store.activity(named: "wRITING")?.name == "Writing")
    }

    @Test("Pinning moves an activity to the front of the listing")
    func pinMovesFirst() throws {
        let store = try Self.store("Alpha", "Zulu")
        try store.setPinned(true, name: "zulu")
        #expect(store.all().map(\.name) == ["Zulu", "Alpha"])
    }

    @Test("Unpinning puts it back in name order")
    func unpinRestoresOrder() throws {
        let store = try Self.store("Alpha", "Zulu")
        try store.setPinned(true, name: "Zulu")
        try store.setPinned(false, name: "Zulu")
        #expect(store.all().map(\.name) == ["Alpha", "Zulu"])
    }

    @Test("Notes are kept with the activity")
    func notesPersist() throws {
        let store = try Self.store("Writing")
        try store.setNotes("Chapter 3 draft", name: "writing")
        #expect(store.activity(named: "Writing")?.notes == "Chapter 3 draft")
    }

    @Test("Renaming to another activity's name is refused and both stay")
    func renameOntoOther() throws {
        let store = try Self.store("Writing", "Reading")
        #expect(throws: FocusDataError.duplicateActivity("reading")) {
            try store.rename("Writing", to: "reading")
        }
        #expect(store.all().map(\.name) == ["Reading", "Writing"])
    }

    @Test("Renaming to another spelling of its own name is allowed and keeps the id")
    func renameOwnCase() throws {
        let store = try Self.store("writing")
        let before = try #require(store.activity(named: "writing"))
        try store.rename("writing", to: "Writing")
        #expect(store.all() == [before.renamed("Writing")])
    }

    @Test("Changing an unknown activity throws unknownActivity")
    func unknownActivity() throws {
        let store = try Self.store("Writing")
        #expect(throws: FocusDataError.unknownActivity("Chess")) {
            try store.setPinned(true, name: " Chess ")
        }
    }

    @Test("Remove returns the activity and it is gone")
    func removeDeletes() throws {
        let store = try Self.store("Writing", "Reading")
        let removed = try store.remove("READING")
        #expect(removed.name == "Reading")
        #expect(store.all().map(\.name) == ["Writing"])
    }

    @Test("The unknown-activity message points to the listing")
    func unknownMessage() {
        #expect(FocusDataError.unknownActivity("Chess").description
            == "no activity named 'Chess': see 'lockout activity list' or add it with 'lockout activity add'")
    }
}
