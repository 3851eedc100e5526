import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LockOutCore
import Testing
@testable import LockOutServer

/// The storage contract, every backend: what one device and one family may keep.
@Suite("Family storage contract: storage limits")
struct StorageLimitsTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("a push that would take a device past its limit is refused whole; deleting makes room; a family has a limit of its own",
          arguments: backends)
    func limits(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        let size = StorageLimits.bytes(of: try F.usage(family.childA, padding: 4_000))
        let limits = StorageLimits(deviceBytes: 3 * size + 100, familyBytes: 4 * size + 200)
        func usage(_ device: Caller) throws -> SyncMutation { try F.usage(device, padding: 4_000) }
        let kept = [try usage(family.childA), try usage(family.childA)]
        _ = try await s.push(caller: family.childA, mutations: kept, now: F.now, limits: limits)
        await #expect(throws: StorageRefusal.storageFull(scope: .device, limit: limits.deviceBytes)) {
            try await s.push(caller: family.childA, mutations: [try usage(family.childA), try usage(family.childA)], now: F.now, limits: limits)
        }
        #expect(try await family.records().count == 2)
        _ = try await s.push(caller: family.childA, mutations: [try usage(family.childA)], now: F.now, limits: limits)
        let (swapped, _) = try await s.push(caller: family.childA, mutations: [F.tombstone(of: kept[0]), try usage(family.childA)], now: F.now, limits: limits)
        #expect(swapped.map(\.status) == [.applied, .applied])
        _ = try await s.push(caller: family.childB, mutations: [try usage(family.childB)], now: F.now, limits: limits)
        await #expect(throws: StorageRefusal.storageFull(scope: .family, limit: limits.familyBytes)) {
            try await s.push(caller: family.childB, mutations: [try usage(family.childB)], now: F.now, limits: limits)
        }
        let tight = StorageLimits(deviceBytes: size, familyBytes: size)
        let (shrinking, _) = try await s.push(caller: family.childA, mutations: [F.tombstone(of: kept[1])], now: F.now, limits: tight)
        #expect(shrinking.first?.status == .applied)
    }

    @Test("a push past the device's storage limit is a 413 and applies nothing")
    func storageFull() async throws {
        let family = try await HTTPFamily.make()
        var configuration = FamilyServer.Configuration.testing()
        configuration.storageLimits = StorageLimits(deviceBytes: 10_000, familyBytes: 1_000_000)
        let childA = try family.caller(.childA)
        let push = SyncAPI.Push(mutations: try (0..<3).map { _ in try FamilyFixture.usage(childA, padding: 4_000) })
        let (status, error) = try await family.app(configuration).test(.router) { client in
            try await client.execute(uri: "/v1/mutations", method: .post, headers: HTTPFamily.headers(.childA, json: true),
                                     body: try HTTPFamily.body(push)) { ($0.status, try? HTTPFamily.decode(SyncAPI.ErrorBody.self, $0)) }
        }
        #expect(status == .contentTooLarge)
        #expect(error?.code == "storage_full")
        #expect(error?.error.contains("10000") == true, "\(error?.error ?? "")")
        #expect(try await family.storage.changes(caller: try family.caller(.parent), since: 0, limit: 500).changes.isEmpty)
    }
}
