import Foundation
import LockOutAgent
import Testing

/// A `lockout` process that keeps running, like `focus status --follow` under a status bar.
struct RunningCLI {
    let process: ChildProcess
    let stdin: Pipe
    let stdout: Pipe
    let stderr: Pipe
    private let exited: DispatchSemaphore

    init(process: ChildProcess, stdin: Pipe, stdout: Pipe, stderr: Pipe, exited: DispatchSemaphore) {
        self.process = process
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.exited = exited
    }

    /// Types `line` and Enter, as a person at the terminal would.
    func type(_ line: String) {
        stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Ends the input, as Ctrl-D does.
    func endInput() {
        try? stdin.fileHandleForWriting.close()
    }

    /// Lines on stdout up to and including the first that contains `text`; nil when stdout ends first.
    func readLines(through text: String) -> [String]? {
        var lines: [String] = []
        while let line = readLine() {
            lines.append(line)
            if line.contains(text) { return lines }
        }
        return nil
    }

    /// Lines on stderr up to and including the first that contains `text`; nil when stderr ends first.
    func stderrLines(through text: String) -> [String]? {
        var lines: [String] = []
        var bytes = Data()
        while true {
            let byte = stderr.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { return nil }
            if byte != Data("\n".utf8) {
                bytes.append(byte)
                continue
            }
            let line = String(decoding: bytes, as: UTF8.self)
            bytes = Data()
            lines.append(line)
            if line.contains(text) { return lines }
        }
    }

    /// What is left on stdout and stderr once the process ends.
    func rest() -> (stdout: String, stderr: String) {
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// The next line on stdout without its newline; nil at the end.
    func readLine() -> String? {
        var bytes = Data()
        while true {
            let byte = stdout.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == Data("\n".utf8) { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// Closes the reading end of stdout, as a status bar does when it goes away.
    func closeOutput() {
        try? stdout.fileHandleForReading.close()
    }

    /// The exit status once the process ends, or nil (and the process terminated) when it is still
    /// running after `timeout` seconds: a bound on a hang, not a wait the test relies on.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        guard exited.wait(timeout: .now() + timeout) == .success else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}

extension CLIHarness {
    /// Starts `lockout --data-dir DIR ARGS…` and returns at once.
    func start(_ arguments: String..., now: String? = nil) throws -> RunningCLI {
        try start(arguments, now: now)
    }

    /// Starts `lockout --data-dir DIR ARGS…` and returns at once.
    func start(
        _ arguments: [String], now: String? = nil, dataDirFirst: Bool = true, extraEnvironment: [String: String] = [:]
    ) throws -> RunningCLI {
        let dataDir = ["--data-dir", directory.path]
        var environment = self.environment
        if let now { environment["LOCKOUT_NOW"] = now }
        environment.merge(extraEnvironment) { _, new in new }
        let input = Pipe()
        let out = Pipe()
        let err = Pipe()
        let exited = DispatchSemaphore(value: 0)
        let process = try ChildProcess(
            try Self.executable, dataDirFirst ? dataDir + arguments : arguments + dataDir, environment: environment,
            stdin: .pipe(input), stdout: .pipe(out), stderr: .pipe(err)
        ) { _ in exited.signal() }
        return RunningCLI(process: process, stdin: input, stdout: out, stderr: err, exited: exited)
    }

    /// `run` with the arguments as an array.
    func run(_ arguments: [String], now: String? = nil, dataDirFirst: Bool = true) throws -> Output {
        let running = try start(arguments, now: now, dataDirFirst: dataDirFirst)
        running.endInput()
        let stdout = running.stdout.fileHandleForReading.readDataToEndOfFile()
        let stderr = running.stderr.fileHandleForReading.readDataToEndOfFile()
        return Output(
            status: running.process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }
}

/// Whether a JSON number of seconds is `expected` to the millisecond: each command's clock is fixed at its
/// `LOCKOUT_NOW`, and a date's seconds come back as a binary fraction.
func toTheMillisecond(_ value: Any?, _ expected: Double) -> Bool {
    guard let number = value as? Double else { return false }
    return abs(number - expected) < 0.001
}
