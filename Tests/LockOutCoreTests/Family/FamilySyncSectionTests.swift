import Foundation
import Testing
@testable import LockOutCore

@Suite("Family sync section")
struct FamilySyncSectionTests {
    private let now = BreakFixture.berlinDate(2026, 3, 31, 10)

    @Test("family sync section: outside a family it says so and offers nothing to sync")
    func syncNotMember() {
        let status = FamilySyncStatus(
            device: nil, server: nil, family: nil, lastSync: nil, queued: 0, failed: 0, activity: .idle, nextAttempt: nil
        )
        let section = FamilySyncSection(status: status, now: now, calendar: BreakFixture.berlin)
        #expect(!section.isMember)
        #expect(section.state == "Not in a family")
        #expect(section.rows.isEmpty)
        #expect(!section.canSyncNow)
    }

    @Test("family sync section: server, state, last sync and the outbox's counts")
    func syncRows() {
        let status = FamilySyncStatus(
            device: nil, server: URL(string: "http://192.168.1.10:8443"), family: FamilyID(rawValue: UUID()),
            lastSync: now.addingTimeInterval(-600), queued: 2, failed: 1, activity: .synced, nextAttempt: nil
        )
        let section = FamilySyncSection(status: status, now: now, calendar: BreakFixture.berlin)
        #expect(section.state == "Waiting to sync")
        #expect(section.rows.map(\.title) == ["Server", "State", "Last sync", "Queued", "Failed"])
        #expect(section.rows.map(\.value) == ["http://192.168.1.10:8443", "Waiting to sync", "09:50", "2", "1"])
        #expect(section.canSyncNow)
    }

    @Test("family sync section: an error says when sync tries again; a round under way cannot be started again")
    func syncError() {
        func section(_ activity: SyncActivity) -> FamilySyncSection {
            FamilySyncSection(status: FamilySyncStatus(
                device: nil, server: URL(string: "http://127.0.0.1:8443"), family: FamilyID(rawValue: UUID()), lastSync: nil,
                queued: 0, failed: 0, activity: activity, nextAttempt: now.addingTimeInterval(120)
            ), now: now, calendar: BreakFixture.berlin)
        }
        #expect(section(.error("server unreachable")).state == "Error — server unreachable, tries again at 10:02")
        #expect(section(.synced).state == "Up to date")
        #expect(section(.syncing).state == "Syncing")
        #expect(!section(.syncing).canSyncNow)
    }
}
