import Foundation
import LockOutCore

/// What one device and one family may keep on the server: the bytes of their records' bodies and ids. A push
/// that would go past either limit is refused whole (413, `storage_full`); deleting records makes room, and
/// usage history past the retention is pruned.
public struct StorageLimits: Hashable, Sendable {
    /// The records one device wrote.
    public var deviceBytes: Int
    /// The records of one family, all its devices together.
    public var familyBytes: Int

    /// Limits of `deviceBytes` per device and `familyBytes` per family.
    public init(deviceBytes: Int = 32 * 1024 * 1024, familyBytes: Int = 256 * 1024 * 1024) {
        self.deviceBytes = deviceBytes
        self.familyBytes = familyBytes
    }

    /// 32 MiB per device, 256 MiB per family.
    public static let standard = StorageLimits()

    /// Which limit a push reached.
    public enum Scope: String, Hashable, Sendable {
        case device
        case family
    }

    /// What `mutation`'s record takes once stored: its body and its id, in bytes of UTF-8.
    public static func bytes(of mutation: SyncMutation) -> Int {
        storedBody(of: mutation).utf8.count + mutation.recordID.utf8.count
    }

    /// The body the server keeps: none for a plaintext delete; a sealed delete keeps its sealed empty
    /// document, which authenticates the tombstone.
    public static func storedBody(of mutation: SyncMutation) -> String {
        mutation.deleted && mutation.sealing == nil ? "" : mutation.body
    }
}
