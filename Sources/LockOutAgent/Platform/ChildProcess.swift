#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// A program started as a child process with `posix_spawn`, and waited for by a thread of its own.
///
/// Every child of LockOut starts here, never through Foundation's `Process.run()`: on Linux that copies
/// each `/proc/self/fd` entry's name past its end and can crash the whole process (the more descriptors
/// are open, the likelier), and it hands the calling thread's blocked signals on to the child. A child
/// started here gets its three standard streams and no other descriptor of this process, no blocked
/// signal, and SIGTERM, SIGINT, SIGPIPE and SIGHUP at their defaults. A thread waits for it with `waitid`
/// (nothing polls), so it never stays a zombie; it is reaped under the lock `kill(signal:)` takes, so a
/// signal never reaches a later process that got the same pid.
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// This process's own.
        case inherit
        /// `/dev/null`.
        case null
        /// The child's end of the pipe (the reading end for stdin). This process's copy of that end is
        /// closed once the child has started, so the other end sees EOF when the child is done with it.
        case pipe(Pipe)
        /// A file this process has open and keeps open.
        case file(FileHandle)
    }

    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status; -1 when something else in this process reaped it and the status was lost.
        case exit(Int32)
        /// This signal ended it.
        case signal(Int32)
    }

    /// The child's process id.
    public let pid: pid_t
    private let recorded = Mutex<Termination?>(nil)
    private let reaped = DispatchGroup()
    private let onExit: (@Sendable (Termination) -> Void)?

    /// Starts `executable` with `arguments` (its path is `argv[0]`) in `environment` (this process's when
    /// nil) and `directory` (this process's when nil), in a process group of its own when
    /// `newProcessGroup`. `onExit` is called once, on the waiting thread, when the child has ended and
    /// before `waitUntilExit` returns.
    public convenience init(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil, directory: URL? = nil,
        stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit,
        newProcessGroup: Bool = false, onExit: (@Sendable (Termination) -> Void)? = nil
    ) throws(ChildProcessError) {
        try self.init(
            executable, arguments, environment: environment, directory: directory, streams: [stdin, stdout, stderr],
            newProcessGroup: newProcessGroup, onExit: onExit, closeFrom: Spawn.closeFrom
        )
    }

    /// `closeFrom` nil closes the descriptors `/proc/self/fd` lists instead, as on a C library without it.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String]?, directory: URL?, streams: [Stream],
        newProcessGroup: Bool, onExit: (@Sendable (Termination) -> Void)?, closeFrom: Spawn.CloseFrom?
    ) throws(ChildProcessError) {
        defer { for (target, stream) in streams.enumerated() { stream.closeChildEnd(target: Int32(target)) } }
        pid = try Spawn.start(
            executable, arguments, environment: environment, directory: directory, streams: streams,
            newProcessGroup: newProcessGroup, closeFrom: closeFrom
        )
        self.onExit = onExit
        reaped.enter()
        let waiter = Thread { [self] in waitForEnd() }
        waiter.name = "lockout.child.\(pid)"
        waiter.start()
    }

    /// How the child ended; nil while it runs.
    public var termination: Termination? { recorded.withLock { $0 } }

    /// Whether the child has not ended yet.
    public var isRunning: Bool { termination == nil }

    /// Waits until the child has ended (and `onExit` has returned), and says how.
    @discardableResult
    public func waitUntilExit() -> Termination {
        reaped.wait()
        return termination ?? .exit(-1)  // recorded before `reaped` is left
    }

    /// The exit status, or the number of the signal that ended the child; waits for the end first.
    public var terminationStatus: Int32 {
        switch waitUntilExit() {
        case .exit(let status), .signal(let status): status
        }
    }

    /// Asks the child to end (SIGTERM).
    public func terminate() {
        kill(signal: SIGTERM)
    }

    /// Sends `signal` to the child, unless it has ended: its pid may be another process's by then.
    public func kill(signal: Int32) {
        recorded.withLock { recorded in
            if recorded == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Sleeps until the child ends without reaping it (`WNOWAIT`), then reaps it under the lock.
    private func waitForEnd() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
        let termination = recorded.withLock { recorded in
            var status: Int32 = 0
            var result = waitpid(pid, &status, 0)
            while result < 0, errno == EINTR { result = waitpid(pid, &status, 0) }
            let termination: Termination = result != pid ? .exit(-1)
                : status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
            recorded = termination
            return termination
        }
        onExit?(termination)
        reaped.leave()
    }
}

/// Why a child could not start.
public enum ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `posix_spawn` or one of its steps failed with `errno`.
    case couldNotStart(executable: String, errno: Int32)
    /// The C library cannot start a child in another directory (`posix_spawn_file_actions_addchdir_np`
    /// came with glibc 2.29).
    case directoryUnsupported(executable: String)

    public var description: String {
        switch self {
        case .couldNotStart(let executable, let errno):
            "could not start \(executable): \(String(cString: strerror(errno)))"
        case .directoryUnsupported(let executable):
            "could not start \(executable) in another directory: the C library is older than glibc 2.29"
        }
    }
}

extension ChildProcess.Stream {
    /// The descriptor the child gets as `target` (0, 1 or 2), nil for `inherit` and `null`.
    func childEnd(target: Int32) -> Int32? {
        switch self {
        case .inherit, .null: nil
        case .pipe(let pipe): target == 0 ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
        case .file(let handle): handle.fileDescriptor
        }
    }

    /// Closes this process's copy of a pipe's child end, so that only the child holds it.
    func closeChildEnd(target: Int32) {
        guard case .pipe(let pipe) = self else { return }
        try? (target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting).close()
    }
}
#endif
