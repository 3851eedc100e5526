import Foundation
import Hummingbird
import HummingbirdTesting
import LockOutCore
import Testing
@testable import LockOutServer

/// A full resync longer than a page: each page goes on where the one before ended, on every backend, until the
/// last — never starting again from the first because the next token is still older than a pruned tombstone.
@Suite("Family server: a full resync over several pages")
struct ResyncPagingTests {
    typealias F = FamilyFixture

    @Test("a token older than a pruned tombstone starts a resync that pages through to the end once; a restored database restarts it",
          arguments: Backend.available)
    func pages(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let days = (1...25).map { String(format: "2023-10-%02d", $0) }
        let (results, _) = try await s.push(caller: family.childA, mutations: try days.map { try F.summary(family.childA, day: $0) }, now: F.now)
        #expect(results.allSatisfy { $0.status == .applied })
        // A deletion after them all, its tombstone pruned: a device that last read before it must start again.
        let deletion = SyncMutation(id: MutationID(rawValue: UUID()), type: .dailySummary, recordID: "\(family.childA.device)/2023-10-01",
                                    localDate: LocalDate(iso: "2023-10-01"), deleted: true, body: "")
        _ = try await s.push(caller: family.childA, mutations: [deletion], now: F.now)
        _ = try await s.prune(usageBefore: try #require(LocalDate(iso: "2000-01-01")), tombstonesBefore: F.now + 60, now: F.now)

        var token = ChangeToken.after(1)
        var seen: [String] = []
        var pages = 0
        while true {
            let position = try #require(ChangeToken.position(token))
            let page = try await s.changes(caller: family.parent, since: position.seq, limit: 10, resuming: position.resuming)
            pages += 1
            #expect(page.resync == (pages == 1), "only the first page starts the resync")
            seen += page.changes.filter { $0.type == .dailySummary }.map(\.recordID)
            token = page.token
            #expect(token.hasPrefix("r") == page.moreComing)
            guard page.moreComing, pages < 20 else { break }
        }
        #expect(seen.count == days.count - 1 && Set(seen).count == seen.count, "every record once, the deleted one not at all")
        #expect(pages <= 4)

        // A token past the newest commit — the database went back to a backup — starts again even mid-resync.
        let restored = try await s.changes(caller: family.parent, since: 1_000_000, limit: 10, resuming: true)
        #expect(restored.resync && restored.changes.first?.seq ?? 0 > 0)
        #expect(ChangeToken.position("r12")! == (12, true) && ChangeToken.position("12")! == (12, false) && ChangeToken.position("rr1") == nil)
    }
}

/// What a joining device may send beside its keys: a name sealed for its parent, in its shape, or nothing.
@Suite("Family server: a redeem's sealed name")
struct SealedNameInputTests {
    @Test("a sealed name that is not one is refused with 400 bad_sealed_name before the code is used", arguments: [
        "Kid's laptop", "n1.", "n1.@@@@", "n1." + String(repeating: "A", count: 600),
    ])
    func refused(_ sealedName: String) async throws {
        let family = try await HTTPFamily.make()
        let redeem = try HTTPFamily.body(SyncAPI.Redeem(
            familyID: try family.caller(.parent).family, secret: Base64URL.encode(Data(count: 24)), deviceID: DeviceID(rawValue: UUID()),
            deviceName: "Kid", mode: .childDevice, sealedName: sealedName
        ))
        try await family.app().test(.router) { client in
            try await client.execute(uri: "/v1/pairings/redeem", method: .post, headers: HTTPFamily.headers(.noToken, json: true), body: redeem) {
                #expect($0.status == .badRequest)
                #expect(String(buffer: $0.body).contains("bad_sealed_name"))
            }
        }
    }
}
