import Foundation
import LockOutAgent
import LockOutCore
import Logging

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// `lockout focus status --follow` and `lockout status --follow`: one line per update, for as long as stdout is open.
///
/// A status bar starts this once and keeps it, so it must outlive the agent: when no agent answers,
/// or the stream ends because the agent stopped, it prints the stopped line (once, not again while
/// nothing changes) and tries again every 5 seconds. It returns when stdout is closed.
struct StatusFollower {
    /// How long to wait before asking a missing agent again.
    static let retryMilliseconds: Int32 = 5_000

    /// The line written while no agent answers.
    let stopped: String
    let output: LineOutput
    /// Connects to the agent and hands each line to its argument until that returns false or the stream ends.
    let stream: ((String) -> Bool) throws -> Void
    private let logger = Logger(label: "lockout.follow")

    init(stopped: String, output: LineOutput, stream: @escaping ((String) -> Bool) throws -> Void) {
        self.stopped = stopped
        self.output = output
        self.stream = stream
    }

    /// The focus session's live status in `format`.
    init(context: CLIContext, format: StatusLineFormat, output: LineOutput) {
        self.init(stopped: format.line(nil as LiveStatus?), output: output) { write in
            try context.focusControl().follow { update in write(format.line(update)) }
        }
    }

    func run() {
        while true {
            do {
                try stream { line in output.write(line) }
            } catch {
                logger.debug("no status stream: \(error)")
            }
            guard output.isOpen, output.write(stopped), output.waitWhileOpen(milliseconds: Self.retryMilliseconds) else {
                return
            }
        }
    }
}

/// Writes whole lines to stdout unbuffered, since stdout is usually a pipe to a status bar.
///
/// A line equal to the one before is not written again. Once a write fails (the reader went away)
/// the output counts as closed; SIGPIPE is ignored so that failure arrives as an error, not a kill.
final class LineOutput {
    private var last: String?
    private(set) var isOpen = true

    init() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `line` unless it repeats the last one; false once stdout is closed.
    @discardableResult
    func write(_ line: String) -> Bool {
        guard isOpen else { return false }
        guard line != last else { return true }
        last = line
        isOpen = Self.writeAll(Array((line + "\n").utf8))
        return isOpen
    }

    /// Writes straight to file descriptor 1, so each line leaves the process at once; false on an error like EPIPE.
    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Waits up to `milliseconds`, returning early with false when the reader of stdout goes away.
    func waitWhileOpen(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        let ready = poll(&descriptor, 1, Int32(milliseconds))
        if ready > 0, descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            isOpen = false
        }
        return isOpen
    }
}
