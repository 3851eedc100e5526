#if os(Linux)
import Foundation
import LockOutRuntime
import Glibc
import Logging

/// Wakes at an absolute wall-clock deadline through a Linux `timerfd` on `CLOCK_REALTIME`.
///
/// The kernel keeps an absolute `CLOCK_REALTIME` timer aimed at the wall-clock instant, so it fires at the
/// right time after a suspend too. `TFD_TIMER_CANCEL_ON_SET` makes the next `read` fail with `ECANCELED`
/// when the clock is set; that is reported as `.clockChanged` and the deadline is armed again (a deadline
/// the jump left in the past then fires at once). Nothing runs between events: the descriptor is watched
/// by a dispatch read source.
public final class TimerFDDeadlineTimer: DeadlineWaiting, @unchecked Sendable {
    private let fd: Int32
    private let calls: TimerFD.Calls
    private let source: any DispatchSourceRead
    private let logger: Logger
    private let lock = NSLock()
    // Guarded by `lock`; `read` and `timerfd_settime` also run under it, so a re-arm and the read of an
    // expiry can't interleave (re-arming resets the kernel's expiry count, the read then sees EAGAIN).
    private var deadline: Date?
    private var handler: (@Sendable (DeadlineEvent) -> Void)?

    /// Creates the timer descriptor; it starts disarmed.
    public init(logger: Logger = Logger(label: "lockout.deadline")) throws(DeadlineTimerError) {
        guard let calls = TimerFD.calls else { throw .timerFDUnavailable }
        let fd = calls.create(CLOCK_REALTIME, O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .systemCallFailed(name: "timerfd_create", errno: errno) }
        self.fd = fd
        self.calls = calls
        self.logger = logger
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "lockout.deadline"))
        source.setCancelHandler { close(fd) }
        source.setEventHandler { [weak self] in self?.readExpiry() }
        source.activate()
    }

    deinit {
        source.cancel()
    }

    /// Called on a private serial queue with each event.
    public var onEvent: (@Sendable (DeadlineEvent) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// Arms the kernel timer at `deadline`, replacing the previous one; `nil` disarms.
    public func arm(at deadline: Date?) {
        lock.withLock {
            self.deadline = deadline
            setKernelTimer()
        }
    }

    /// Must be called with `lock` held.
    private func setKernelTimer() {
        var spec = itimerspec()  // all zero: disarmed
        var flags: Int32 = 0
        if let deadline {
            spec.it_value = TimerFD.timespec(for: deadline)
            flags = TimerFD.absoluteTime | TimerFD.cancelOnSet
        }
        if calls.setTime(fd, flags, &spec, nil) != 0 {
            logger.error("timerfd_settime failed", metadata: ["errno": "\(errno)"])
        }
    }

    private func readExpiry() {
        let event: DeadlineEvent? = lock.withLock {
            var expirations: UInt64 = 0
            let count = read(fd, &expirations, MemoryLayout<UInt64>.size)
            if count == MemoryLayout<UInt64>.size {
                deadline = nil  // a one-shot timer disarms itself
                return .deadlineReached
            }
            if count < 0, errno == ECANCELED {
                setKernelTimer()  // clears the cancelled mark and catches a deadline the jump passed
                return .clockChanged
            }
            return nil  // EAGAIN: re-armed between the expiry and this read
        }
        guard let event, let handler = onEvent else { return }
        handler(event)
    }
}

/// The `timerfd` entry points, looked up at run time because Swift's Glibc module doesn't import
/// `<sys/timerfd.h>`.
enum TimerFD {
    typealias Create = @convention(c) (Int32, Int32) -> Int32
    typealias SetTime = @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) -> Int32

    struct Calls: Sendable {
        let create: Create
        let setTime: SetTime
    }

    /// `TFD_TIMER_ABSTIME` and `TFD_TIMER_CANCEL_ON_SET` from `<sys/timerfd.h>` (Linux ABI, all architectures).
    static let absoluteTime: Int32 = 1 << 0
    static let cancelOnSet: Int32 = 1 << 1

    static let calls: Calls? = {
        guard let process = dlopen(nil, RTLD_NOW),
              let create = dlsym(process, "timerfd_create"),
              let setTime = dlsym(process, "timerfd_settime")
        else { return nil }
        return Calls(create: unsafeBitCast(create, to: Create.self), setTime: unsafeBitCast(setTime, to: SetTime.self))
    }()

    /// The absolute time for `date`, never all zero (that would disarm) and never negative.
    static func timespec(for date: Date) -> Glibc.timespec {
        let seconds = min(date.timeIntervalSince1970, 1e12)  // far beyond any real deadline, and fits Int
        guard seconds > 0 else { return Glibc.timespec(tv_sec: 0, tv_nsec: 1) }
        let whole = seconds.rounded(.down)
        let nanoseconds = min(max(Int((seconds - whole) * 1e9), 0), 999_999_999)
        if whole == 0, nanoseconds == 0 { return Glibc.timespec(tv_sec: 0, tv_nsec: 1) }
        return Glibc.timespec(tv_sec: Int(whole), tv_nsec: nanoseconds)
    }
}
#endif
