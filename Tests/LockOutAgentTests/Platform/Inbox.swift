import Foundation

/// Collects values that callbacks deliver on any thread and lets a test wait, with an upper bound, for the next one.
final class Inbox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Value] = []
    private var waiter: (id: Int, continuation: CheckedContinuation<Value?, Never>)?
    private var lastWaiterID = 0

    /// Delivers `value` to the waiting test, or keeps it for the next `next(within:)`.
    func put(_ value: Value) {
        let continuation: CheckedContinuation<Value?, Never>? = lock.withLock {
            guard let waiter else {
                pending.append(value)
                return nil
            }
            self.waiter = nil
            return waiter.continuation
        }
        continuation?.resume(returning: value)
    }

    /// The oldest value not yet taken, without waiting.
    func takeIfPresent() -> Value? {
        lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
    }

    /// The next value, or nil when none came within `seconds`.
    func next(within seconds: Double) async -> Value? {
        await withCheckedContinuation { continuation in
            let id: Int? = lock.withLock {
                guard pending.isEmpty else { return nil }
                lastWaiterID += 1
                waiter = (lastWaiterID, continuation)
                return lastWaiterID
            }
            guard let id else {
                continuation.resume(returning: lock.withLock { pending.removeFirst() })
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                let expired: CheckedContinuation<Value?, Never>? = lock.withLock {
                    guard let waiter, waiter.id == id else { return nil }
                    self.waiter = nil
                    return waiter.continuation
                }
                expired?.resume(returning: nil)
            }
        }
    }
}

/// Waits until `probe` returns a value, checking every 50 ms for at most `seconds`; for state that has no
/// callback, like another process's.
func eventually<T>(within seconds: Double = 5, _ probe: () throws -> T?) async throws -> T? {
    let end = Date().addingTimeInterval(seconds)
    while true {
        if let value = try probe() { return value }
        if Date() > end { return nil }
        try await Task.sleep(for: .milliseconds(50))
    }
}
