import Foundation
import LockOutCore
import Testing
@testable import LockOutServer

/// The storage contract, every backend: what outlives whom among devices and pairings.
@Suite("Family storage contract: ownership and idempotency")
struct StorageOwnershipTests {
    typealias F = FamilyFixture
    static let backends = Backend.available

    @Test("a pairing code dies with the parent device that made it: revoked or deleted, its codes no longer redeem", arguments: backends)
    func pairingDiesWithParent(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        for removal in ["revoke", "delete"] {
            let otherParent = try await family.join("Other parent \(removal)", .parentDevice)
            let secret = Secrets.random(bytes: 24)
            try await s.createPairing(caller: otherParent, mode: .childDevice, secretHash: F.hash(secret), expiresAt: F.now + 900, now: F.now)
            if removal == "revoke" {
                _ = try await s.revokeDevice(caller: family.parent, device: otherParent.device, now: F.now)
            } else {
                _ = try await s.deleteDevice(caller: family.parent, device: otherParent.device, now: F.now)
            }
            await #expect(throws: StorageRefusal.pairingInvalid, "\(removal)") { try await family.redeem(secret) }
        }
    }

    @Test("a parent cannot revoke the family's last parent device; beside another parent it may revoke its own", arguments: backends)
    func lastParent(_ backend: Backend) async throws {
        let family = try await F.make(try await backend.make())
        let s = family.storage
        await #expect(throws: StorageRefusal.self) { try await s.revokeDevice(caller: family.parent, device: family.parent.device, now: F.now) }
        #expect(try await s.isActive(family.parent))
        let otherParent = try await family.join("Other parent", .parentDevice)
        _ = try await s.revokeDevice(caller: family.parent, device: family.parent.device, now: F.now)
        #expect(try await s.isActive(family.parent) == false)
        await #expect(throws: StorageRefusal.self) { try await s.revokeDevice(caller: otherParent, device: otherParent.device, now: F.now) }
        #expect(try await s.isActive(otherParent))
    }
}
