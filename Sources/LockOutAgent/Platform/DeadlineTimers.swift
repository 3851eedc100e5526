import Foundation
import Logging
import LockOutRuntime

/// Picks the deadline waiter for the platform the agent runs on.
public enum DeadlineTimers {
    /// A `timerfd` waiter on Linux (it also reports clock changes), else a dispatch wall-clock timer.
    public static func system(logger: Logger = Logger(label: "lockout.deadline")) -> any DeadlineWaiting {
        #if os(Linux)
        do {
            return try TimerFDDeadlineTimer(logger: logger)
        } catch {
            logger.warning("timerfd unavailable, clock changes will go unnoticed", metadata: ["error": "\(error)"])
            return WallClockDeadlineTimer()
        }
        #else
        return WallClockDeadlineTimer()
        #endif
    }
}
