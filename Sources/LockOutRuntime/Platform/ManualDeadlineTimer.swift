import Foundation

/// A deadline waiter that a test fires by hand; it records every deadline it was armed with.
public final class ManualDeadlineTimer: DeadlineWaiting, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var armed: [Date?] = []
    private var current: Date?
    private var handler: (@Sendable (DeadlineEvent) -> Void)?

    /// Creates a disarmed timer.
    public init() {}

    /// Called by `fire(_:)`, on the caller's thread.
    public var onEvent: (@Sendable (DeadlineEvent) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// The deadline the timer waits for now, nil when disarmed.
    public var deadline: Date? {
        lock.withLock { current }
    }

    /// Every `arm(at:)` argument so far, oldest first.
    public var armedDeadlines: [Date?] {
        lock.withLock { armed }
    }

    /// Records `deadline`; nothing fires until the test calls `fire(_:)`.
    public func arm(at deadline: Date?) {
        lock.withLock {
            armed.append(deadline)
            current = deadline
        }
    }

    /// Delivers `event` like the real timer would: `.deadlineReached` also disarms.
    public func fire(_ event: DeadlineEvent = .deadlineReached) {
        let handler: (@Sendable (DeadlineEvent) -> Void)? = lock.withLock {
            if event == .deadlineReached { current = nil }
            return self.handler
        }
        handler?(event)
    }
}
