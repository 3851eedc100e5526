import Foundation
import Synchronization

/// Token buckets by key: each key may spend `capacity` requests at once, refilled at `perSecond`.
/// A refused request learns how long to wait (`Retry-After`).
public final class RateLimiter: Sendable {
    struct Bucket {
        var tokens: Double
        var updated: Date
    }

    public let capacity: Double
    public let perSecond: Double
    private let buckets = Mutex<[String: Bucket]>([:])

    /// A limiter allowing bursts of `capacity`, refilled at `perSecond`.
    public init(capacity: Double, perSecond: Double) {
        self.capacity = capacity
        self.perSecond = perSecond
    }

    /// Spends one token of `key` at `now`; answers nil when allowed, else the seconds until one is back.
    public func spend(_ key: String, now: Date) -> Int? {
        buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * perSecond)
            bucket.updated = now
            defer {
                // Full buckets are the default: forget them so the table holds only recent spenders.
                if bucket.tokens >= capacity { buckets[key] = nil } else { buckets[key] = bucket }
                if buckets.count > 100_000 { buckets.removeAll() }
            }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
