import Foundation
import LockOutCore
import LockOutStore
import Testing

/// What a family device keeps beside its copies: the warnings it shows, and its writer counter across families.
@Suite("Family store: warnings and the writer counter")
struct FamilyVersionsStoreTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("every kind of warning is kept, counted and dated; one cleared goes; one a week old is no longer shown")
    func warnings() throws {
        try withTemporaryDatabase { database in
            let store = database.familyStore
            let anna = DeviceID(rawValue: UUID()), ben = DeviceID(rawValue: UUID())
            for kind in FamilyWarning.Kind.allCases { try store.warn(kind, about: anna, now: Self.now) }
            try store.warn(.rolledBack, about: anna, count: 2, now: Self.now.addingTimeInterval(60))
            try store.warn(.changedKeys, about: ben, now: Self.now.addingTimeInterval(120))
            let kept = try store.warnings(shownAt: Self.now.addingTimeInterval(180))
            #expect(Set(kept.filter { $0.device == anna }.map(\.kind)) == Set(FamilyWarning.Kind.allCases))
            let rollback = try #require(kept.first { $0.kind == .rolledBack })
            #expect(rollback.count == 3 && rollback.since == Self.now && rollback.last == Self.now.addingTimeInterval(60))
            try store.clearWarnings(.changedKeys, except: [ben])
            #expect(try store.warnings(shownAt: Self.now.addingTimeInterval(180)).filter { $0.kind == .changedKeys }.map(\.device) == [ben])
            #expect(try store.warnings(shownAt: Self.now.addingTimeInterval(120 + FamilyWarning.shownFor)).isEmpty)
        }
    }

    @Test("a device that leaves its family and joins again seals on above every writer counter it used")
    func counterNeverGoesBack() throws {
        try withTemporaryDatabase { database in
            let store = database.familyStore
            try store.saveKeySnapshot(FamilyKeyState.Snapshot(writerCounter: 41))
            try store.saveKeySnapshot(FamilyKeyState.Snapshot(writerCounter: 7))
            #expect(try store.keySnapshot()?.writerCounter == 41, "a state made afresh does not lower it")
            try store.reset()
            #expect(try store.keySnapshot()?.writerCounter == 41)
            #expect(try store.keySnapshot()?.pinned.isEmpty == true)
            #expect(try !store.isEndToEnd())
        }
    }
}
