import Foundation
import Logging
import Synchronization

/// The native break screen program, `lockout-break-screen`: GTK on every monitor, a client of the agent's API.
/// It is a program of its own so that `lockout` links no display library and the idle agent holds none.
public struct NativeBreakScreen: Equatable, Sendable {
    public let executable: URL
    /// Whether the break is strict: Snooze and Done wait for the countdown's end, the input held meanwhile.
    public var strict: Bool

    public init(executable: URL, strict: Bool = false) {
        self.executable = executable
        self.strict = strict
    }

    /// The program's arguments for the agent whose data directory is `directory`.
    public func arguments(directory: URL) -> [String] {
        ["--data-dir", directory.path] + (strict ? ["--strict"] : [])
    }

    /// The program's name.
    public static let name = "lockout-break-screen"

    /// The program beside the running `lockout` (a package or a build puts them together), else the first on PATH;
    /// nil when there is none.
    public static func find(environment: [String: String], beside: URL? = Self.runningExecutable()) -> NativeBreakScreen? {
        if let beside {
            let sibling = beside.deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: sibling.path) { return NativeBreakScreen(executable: sibling) }
        }
        return PlatformCommand.find(name, environment: environment).map { NativeBreakScreen(executable: $0) }
    }

    /// This process's executable.
    public static func runningExecutable() -> URL? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:))
    }
}

/// How a native break screen ended on its own (not closed by the agent).
public struct NativeBreakScreenEnd: Equatable, Sendable, CustomStringConvertible {
    /// Its exit status, or nil when a signal ended it.
    public let status: Int32?
    public let signal: Int32?
    /// The last line it wrote, which names why it could not show the break when it exited with a failure (a
    /// screen killed by a signal had no word in it).
    public let lastLine: String?

    public init(status: Int32?, signal: Int32?, lastLine: String?) {
        self.status = status
        self.signal = signal
        self.lastLine = lastLine
    }

    /// Whether the break may still be unshown: it exited with a failure or was killed. Status 0 means the break
    /// was answered or over, or the agent stopped answering it.
    public var failed: Bool { status != 0 }

    public var description: String {
        if let signal { return "was killed by signal \(signal)" }
        let how = "exited with status \(status ?? -1)"
        return lastLine.map { "\(how) (\($0))" } ?? how
    }
}

/// Starts and stops the native break screen.
public protocol NativeBreakScreenLaunching: Sendable {
    /// Starts `screen` for the agent whose data directory is `directory`; `onEnd` is called once if it ends on its
    /// own. Answers a way to close it, nil when it could not start.
    func open(_ screen: NativeBreakScreen, directory: URL, onEnd: @escaping @Sendable (NativeBreakScreenEnd) -> Void) -> (@Sendable () -> Void)?
}

#if os(Linux)
/// Starts the screen as a child process: it inherits the agent's environment (its display and clock), gets the
/// time the break was shown in `LOCKOUT_BREAK_SHOWN_AT`, and writes its lines to the agent's log.
public struct ProcessNativeBreakScreenLauncher: NativeBreakScreenLaunching {
    private let logger: Logger

    public init(logger: Logger = Logger(label: "lockout.agent")) {
        self.logger = logger
    }

    public func open(_ screen: NativeBreakScreen, directory: URL, onEnd: @escaping @Sendable (NativeBreakScreenEnd) -> Void) -> (@Sendable () -> Void)? {
        var environment = ProcessInfo.processInfo.environment
        environment["LOCKOUT_BREAK_SHOWN_AT"] = String(format: "%.0f", Date().timeIntervalSince1970 * 1000)
        let output = Pipe()
        let closing = Mutex(false)
        guard let child = try? ChildProcess(
            screen.executable, screen.arguments(directory: directory), environment: environment, stdin: .null, stdout: .null, stderr: .pipe(output)
        ) else { return nil }
        let logger = logger
        let reader = Thread {
            var lastLine: String?
            var pending = Data()
            let handle = output.fileHandleForReading
            while case let chunk = handle.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    logger.info("\(line)")
                    lastLine = line.hasPrefix("\(NativeBreakScreen.name): ") ? String(line.dropFirst(NativeBreakScreen.name.count + 2)) : line
                }
            }
            let end: NativeBreakScreenEnd = switch child.waitUntilExit() {
            case .exit(let status): NativeBreakScreenEnd(status: status, signal: nil, lastLine: lastLine)
            case .signal(let signal): NativeBreakScreenEnd(status: nil, signal: signal, lastLine: lastLine)
            }
            if !closing.withLock({ $0 }) { onEnd(end) }
        }
        reader.name = "lockout.break-screen.\(child.pid)"
        reader.start()
        return {
            closing.withLock { $0 = true }
            child.terminate()
        }
    }
}
#endif
