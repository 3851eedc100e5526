import Foundation

/// The epoch keys a device holds for one scope, and the chain links that open earlier ones: a device offline
/// through several rotations needs only the newest key and the links to read every epoch in between.
public struct ScopeKeyChain: Hashable, Sendable {
    public let family: FamilyID
    public let scope: KeyScope
    private var keys: [UInt32: [UInt8]] = [:]
    /// The link committed with epoch `e`: epoch `e − 1`'s key sealed under epoch `e`'s.
    private var links: [UInt32: SealedBody] = [:]

    public init(family: FamilyID, scope: KeyScope) {
        self.family = family
        self.scope = scope
    }

    /// The newest epoch whose key this device holds.
    public var currentEpoch: UInt32? { keys.keys.max() }

    /// The key of `epoch`, learnt from this device's wrap.
    public mutating func add(key: [UInt8], epoch: UInt32) {
        keys[epoch] = key
    }

    /// The chain link committed with `epoch`.
    public mutating func add(link: SealedBody, epoch: UInt32) {
        links[epoch] = link
    }

    /// The key of `epoch`: held, or opened down the chain from the nearest later key held. Nil while no key
    /// or link reaches it — a record under it waits for its key, never dropped.
    public mutating func key(for epoch: UInt32, keyring: EpochKeyring) -> [UInt8]? {
        if let key = keys[epoch] { return key }
        guard let start = keys.keys.filter({ $0 > epoch }).min(), var key = keys[start] else { return nil }
        var at = start
        while at > epoch {
            guard let link = links[at],
                  let previous = try? keyring.previousKey(from: link, under: key, family: family, scope: scope, epoch: at)
            else { return nil }
            at -= 1
            key = previous
            keys[at] = previous  // opened once, kept
        }
        return key
    }
}
