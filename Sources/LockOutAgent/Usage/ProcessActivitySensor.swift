#if os(Linux)
import Foundation
import Glibc
import LockOutCore

/// The fallback when no compositor tells focus: this user's running programs, from `/proc`.
///
/// It is never told of anything, so `start` calls nothing back and the sensor costs nothing between
/// readings; its user reads it every few seconds while something is worth measuring. Idle time comes from
/// `idle` when given.
public final class ProcessActivitySensor: ActivitySensing, @unchecked Sendable {
    public let focusMethod = FocusMethod.processes
    public var idleMethod: IdleMethod { idle?.idleMethod ?? .none }

    private let idle: (any IdleSource)?
    private let uid: UInt32
    /// The reader's buffer, reused across readings.
    private let lock = NSLock()
    private var reader = ProcReader()

    /// Reads the programs of the real user `uid`, and idle time from `idle`.
    init(idle: (any IdleSource)?, uid: UInt32) {
        self.idle = idle
        self.uid = uid
    }

    /// Reads this process's user's programs, and idle time from `idle`; without one, the person always
    /// counts as present.
    public convenience init(idle: (any IdleSource)? = nil) {
        self.init(idle: idle, uid: getuid())
    }

    public func start(onChange: @escaping @Sendable () -> Void) {}

    public func read() -> ActivityReading {
        let idleNow = idle?.readIdle() ?? IdleReading()
        return ActivityReading(runningPrograms: runningPrograms(), idleSeconds: idleNow.idleSeconds, locked: idleNow.locked)
    }

    public func stop() {}

    /// The names of this user's running programs: no kernel threads, no exited processes.
    func runningPrograms() -> Set<String> {
        lock.withLock {
            var names: Set<String> = []
            var pids: [Int32] = []
            reader.forEachProcess { pids.append($0) }
            for pid in pids {
                guard reader.realUID(pid) == uid, let stat = reader.stat(pid), !stat.hasExited else { continue }
                if let name = ProgramNames.name(of: pid, reader: &reader) { names.insert(name) }
            }
            return names
        }
    }
}
#endif
