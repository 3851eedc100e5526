#if os(Linux)
import Foundation
import Glibc
@testable import LockOutAgent

/// An X display of the test's own: Xvfb on a display it picks, guarded by a cookie in an authority
/// file of its own, with openbox as its EWMH window manager; xterm windows under made-up program names
/// come and go on it, and xdotool drives it. Everything stops when the value goes.
final class PrivateDisplay {
    /// The packages of the programs it starts, by program.
    static let tools = ["Xvfb": "xvfb", "openbox": "openbox", "xdotool": "xdotool", "xterm": "xterm"]

    /// What a process on this display needs: `DISPLAY` and `XAUTHORITY`.
    let environment: [String: String]
    let number: Int
    private let directory: URL
    private let server: ChildProcess
    private var windowManager: RunningProgram?
    private var programs: [(FakeProgram, RunningProgram)] = []

    /// How long any one step on the display may take before the test fails, saying which step.
    static let patience: Double = 20

    /// Starts Xvfb on a display it picks itself (`-displayfd`, so two displays never race for a number) with
    /// a fresh cookie, and waits until it says it accepts connections. Without the tools it throws, naming
    /// the packages to install: the test fails rather than pass unseen.
    init() async throws {
        let missing = Self.tools.filter { PlatformCommand.find($0.key, environment: ProcessInfo.processInfo.environment) == nil }
        guard missing.isEmpty else { throw Missing(packages: missing.values.sorted()) }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-display-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cookie = (0..<16).map { _ in UInt8.random(in: 0...255) }
        // The server takes every cookie of its -auth file whatever display the entry names; the client's file,
        // written once the number is known, must name it.
        let serverAuthority = directory.appendingPathComponent("server-auth")
        try Data(Self.authorityFile(display: 0, cookie: cookie)).write(to: serverAuthority)
        let announced = directory.appendingPathComponent("display")
        let log = directory.appendingPathComponent("xvfb.log")
        _ = FileManager.default.createFile(atPath: announced.path, contents: nil)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        // -displayfd 1: Xvfb writes the display it took to its standard output once it accepts connections.
        // -noreset: an X server resets when its last client leaves, and a connection made during that reset is refused.
        let server = try Self.launch(
            try Self.require("Xvfb"),
            ["-displayfd", "1", "-auth", serverAuthority.path, "-nolisten", "tcp", "-noreset", "-screen", "0", "640x480x24"],
            environment: nil, output: announced, errors: log
        )
        self.server = server
        do {
            let line = try await eventually(within: Self.patience) { () -> String? in
                let text = Self.text(of: announced)
                if let end = text.firstIndex(of: "\n") { return String(text[..<end]) }
                if !server.isRunning { throw Failed(what: "Xvfb ended before it took a display: \(Self.text(of: log))") }
                return nil
            }
            guard let line, let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
                throw Failed(what: "Xvfb did not announce its display within \(Int(Self.patience)) s: \(Self.text(of: log))")
            }
            self.number = number
            let authority = directory.appendingPathComponent("Xauthority")
            try Data(Self.authorityFile(display: number, cookie: cookie)).write(to: authority)
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = ":\(number)"
            environment["XAUTHORITY"] = authority.path
            self.environment = environment
            // It said it accepts connections: one with the cookie must work now, else the cookie is wrong.
            do {
                _ = try X11Connection(display: X11Display(":\(number)")!, cookie: cookie, timeoutMilliseconds: 10_000)
            } catch {
                throw Failed(what: "Xvfb :\(number) announced itself but refused a connection with its cookie: \(error)")
            }
        } catch {
            // No deinit runs for a value that was never made: stop the server here.
            server.kill(signal: SIGKILL)
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        for (_, running) in programs { running.kill() }
        windowManager?.kill()
        // SIGTERM lets Xvfb remove its lock file and socket; it ends at once, and is killed if it does not.
        server.terminate()
        let deadline = Date().addingTimeInterval(3)
        while server.isRunning, Date() < deadline { usleep(20_000) }
        server.kill(signal: SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts openbox and waits until it says it keeps `_NET_ACTIVE_WINDOW`.
    func startWindowManager() async throws {
        let windowManager = try RunningProgram(try Self.require("openbox"), [], environment: environment)
        self.windowManager = windowManager
        let environment = environment
        let announced = try await eventually(within: Self.patience) { () -> Bool? in
            if (try? X11ActivitySensor(environment: environment))?.tellsActiveWindow == true { return true }
            if !windowManager.process.isRunning { throw Failed(what: "openbox ended before it announced _NET_ACTIVE_WINDOW") }
            return nil
        }
        guard announced == true else { throw Failed(what: "openbox did not announce _NET_ACTIVE_WINDOW within \(Int(Self.patience)) s") }
    }

    /// Starts an xterm copied under a name beginning `prefix`, and waits for its window; returns the
    /// program's name and its window's id.
    func openWindow(prefix: String) async throws -> (name: String, window: String) {
        let program = try FakeProgram(copying: try Self.require("xterm").path, prefix: prefix)
        let running = try program.start(["-e", "/bin/sleep", "600"], environment: environment)
        programs.append((program, running))
        let deadline = Date().addingTimeInterval(Self.patience)
        while Date() < deadline {
            if let window = try await xdotool(["search", "--onlyvisible", "--pid", "\(running.pid)"]).split(separator: "\n").first {
                return (program.name, String(window))
            }
            if !running.process.isRunning { throw Failed(what: "\(program.name) (xterm) ended before its window appeared") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failed(what: "no window of \(program.name) appeared within \(Int(Self.patience)) s")
    }

    /// Runs xdotool on this display with `arguments` and returns what it printed. Its output goes to a file
    /// and its end is waited for with a bound (`windowactivate --sync` alone would wait forever for a
    /// window that never becomes active): a stuck xdotool fails the test, naming the command.
    @discardableResult
    func xdotool(_ arguments: [String]) async throws -> String {
        let output = directory.appendingPathComponent("xdotool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let running = try Self.launch(try Self.require("xdotool"), arguments, environment: environment, output: output, errors: nil)
        let ended = try await eventually(within: Self.patience) { running.isRunning ? nil : true }
        guard ended == true else {
            running.kill(signal: SIGKILL)
            throw Failed(what: "xdotool \(arguments.joined(separator: " ")) did not finish within \(Int(Self.patience)) s")
        }
        return Self.text(of: output)
    }

    /// Runs wmctrl on this display (asking the window manager to change a window's state, as a person's
    /// full-screen key does), bounded like `xdotool`.
    func wmctrl(_ arguments: [String]) async throws {
        let running = try Self.launch(try Self.require("wmctrl"), arguments, environment: environment, output: nil, errors: nil)
        let ended = try await eventually(within: Self.patience) { running.isRunning ? nil : true }
        guard ended == true else {
            running.kill(signal: SIGKILL)
            throw Failed(what: "wmctrl \(arguments.joined(separator: " ")) did not finish within \(Int(Self.patience)) s")
        }
    }

    /// Stops the X server, as when the session ends under the agent, and waits until it has ended.
    func stopServer() async throws {
        let server = server
        server.kill(signal: SIGKILL)
        guard try await eventually(within: Self.patience, { server.isRunning ? nil : true }) == true else {
            throw Failed(what: "Xvfb :\(number) did not end within \(Int(Self.patience)) s of SIGKILL")
        }
    }

    /// Stops the X server without ending it (SIGSTOP), as a hung server: connections stay open, nothing answers.
    func pauseServer() {
        server.kill(signal: SIGSTOP)
    }

    /// Lets a paused X server go on.
    func resumeServer() {
        server.kill(signal: SIGCONT)
    }

    /// Starts `url` with `arguments`, its output and errors into files (or nowhere), its input empty.
    private static func launch(_ url: URL, _ arguments: [String], environment: [String: String]?, output: URL?, errors: URL?) throws -> ChildProcess {
        let output = try output.map { try FileHandle(forWritingTo: $0) }
        let errors = try errors.map { try FileHandle(forWritingTo: $0) }
        defer {
            try? output?.close()
            try? errors?.close()
        }
        return try ChildProcess(
            url, arguments, environment: environment,
            stdin: .null, stdout: output.map { .file($0) } ?? .null, stderr: errors.map { .file($0) } ?? .null
        )
    }

    private static func text(of file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// An authority file with one local entry for this host's `display`.
    static func authorityFile(display: Int, cookie: [UInt8]) -> [UInt8] {
        func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
        return [0x01, 0x00] + field(Array(X11AuthorityEntry.hostname().utf8)) + field(Array(String(display).utf8))
            + field(Array(X11AuthorityEntry.magicCookie.utf8)) + field(cookie)
    }

    private static func require(_ name: String) throws -> URL {
        guard let url = PlatformCommand.find(name, environment: ProcessInfo.processInfo.environment) else {
            throw Missing(packages: [tools[name] ?? name])
        }
        return url
    }

    /// The programs are not installed.
    struct Missing: Error, CustomStringConvertible {
        let packages: [String]
        var description: String { "the X11 activity tests need these Debian packages: apt-get install \(packages.joined(separator: " "))" }
    }

    /// Something on the display did not happen in time.
    struct Failed: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }
}
#endif
