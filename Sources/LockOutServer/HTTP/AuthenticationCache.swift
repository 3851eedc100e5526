import Foundation
import LockOutCore
import Synchronization

/// Remembers for a few seconds which device a token hash named, so a busy device's requests skip one
/// storage round trip each.
///
/// Safe because authentication here only routes a request: every storage call checks its caller again,
/// in its own transaction (a device revoked through another instance is refused by that check at once),
/// and this instance forgets a device the moment it revokes or deletes it.
final class AuthenticationCache: Sendable {
    static let lifetime: TimeInterval = 10
    private let entries = Mutex<[Data: (caller: Caller, until: Date)]>([:])

    /// The caller `tokenHash` named less than `lifetime` ago.
    func caller(for tokenHash: Data, now: Date) -> Caller? {
        entries.withLock { entries in
            guard let entry = entries[tokenHash] else { return nil }
            guard entry.until > now else {
                entries[tokenHash] = nil
                return nil
            }
            return entry.caller
        }
    }

    func remember(_ caller: Caller, for tokenHash: Data, now: Date) {
        entries.withLock { entries in
            if entries.count > 50_000 { entries.removeAll() }
            entries[tokenHash] = (caller, now + Self.lifetime)
        }
    }

    /// Forgets `device`, or every device of `family`.
    func forget(family: FamilyID, device: DeviceID? = nil) {
        entries.withLock { entries in
            entries = entries.filter { $0.value.caller.family != family || (device != nil && $0.value.caller.device != device) }
        }
    }
}
