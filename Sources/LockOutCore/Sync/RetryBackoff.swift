import Foundation

/// How long the outbox waits before trying the server again after a transient failure: 1 s doubling to
/// 5 minutes, with jitter so that many devices that failed together do not return together, and never
/// sooner than the server's `Retry-After`. There is no limit on the number of tries.
public enum RetryBackoff {
    public static let first: TimeInterval = 1
    public static let cap: TimeInterval = 5 * 60

    /// The wait after the `attempt`-th failure in a row (1-based); `jitter` is a random number in 0..<1,
    /// which spreads the wait over its upper half.
    public static func delay(afterAttempt attempt: Int, jitter: Double, retryAfter: TimeInterval? = nil) -> TimeInterval {
        let exponent = min(max(attempt - 1, 0), 30)
        let ceiling = min(cap, first * pow(2, Double(exponent)))
        let jittered = ceiling / 2 + ceiling / 2 * min(max(jitter, 0), 1)
        guard let retryAfter, retryAfter > 0 else { return jittered }
        return max(jittered, retryAfter)
    }
}

/// What a failed exchange with the server means for the items it carried.
public enum SyncFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Try again later: the network, a 5xx, 408 or 429. `retryAfter` is the server's `Retry-After`.
    case transient(reason: String, retryAfter: TimeInterval?)
    /// The server refused for good (another 4xx): the items move to the failed state.
    case permanent(status: Int, reason: String)

    /// Classifies an HTTP status that is not a success.
    public static func classify(status: Int, reason: String, retryAfter: TimeInterval?) -> SyncFailure {
        switch status {
        case 408, 429, 500...599: .transient(reason: "\(status) \(reason)", retryAfter: retryAfter)
        default: .permanent(status: status, reason: reason)
        }
    }

    /// Whether the items stay queued.
    public var isTransient: Bool {
        if case .transient = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .transient(let reason, _): reason
        case .permanent(let status, let reason): "\(status) \(reason)"
        }
    }
}

/// Reads an HTTP `Retry-After` value in seconds (the date form counts from `now`).
public enum RetryAfter {
    /// The seconds to wait, or nil when the value is absent or unreadable.
    public static func seconds(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
