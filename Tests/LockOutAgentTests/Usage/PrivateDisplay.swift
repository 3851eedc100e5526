#if os(Linux)
import Foundation
import Glibc
@testable import LockOutAgent

/// An X display of the test's own: Xvfb on a free display number, guarded by a cookie in an authority
/// file of its own, with openbox as its EWMH window manager; xterm windows under made-up program names
/// come and go on it, and xdotool drives it. Everything stops when the value goes.
final class PrivateDisplay {
    /// The packages of the programs it starts, by program.
    static let tools = ["Xvfb": "xvfb", "openbox": "openbox", "xdotool": "xdotool", "xterm": "xterm"]

    /// What a process on this display needs: `DISPLAY` and `XAUTHORITY`.
    let environment: [String: String]
    let number: Int
    private let directory: URL
    private let server: RunningProgram
    private var windowManager: RunningProgram?
    private var programs: [(FakeProgram, RunningProgram)] = []

    /// Starts Xvfb on a free display with a fresh cookie and waits until it answers. Without the tools it
    /// throws, naming the packages to install: the test fails rather than pass unseen.
    init() throws {
        let missing = Self.tools.filter { PlatformCommand.find($0.key, environment: ProcessInfo.processInfo.environment) == nil }
        guard missing.isEmpty else { throw Missing(packages: missing.values.sorted()) }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-display-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        number = try Self.freeDisplayNumber()
        let authority = directory.appendingPathComponent("Xauthority")
        try Data(Self.authorityFile(display: number, cookie: (0..<16).map { _ in UInt8.random(in: 0...255) })).write(to: authority)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(number)"
        environment["XAUTHORITY"] = authority.path
        self.environment = environment
        server = try RunningProgram(
            try Self.require("Xvfb"), [":\(number)", "-auth", authority.path, "-nolisten", "tcp", "-screen", "0", "640x480x24"]
        )
        let display = X11Display(":\(number)")!
        let cookie = X11AuthorityEntry.cookie(for: display, environment: environment)
        let deadline = Date().addingTimeInterval(15)
        while (try? X11Connection(display: display, cookie: cookie)) == nil {
            guard Date() < deadline, server.process.isRunning else { throw Failed(what: "Xvfb :\(number) did not start") }
            usleep(50_000)
        }
    }

    deinit {
        for (_, running) in programs { running.kill() }
        windowManager?.kill()
        server.kill()
        server.process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts openbox and waits until it says it keeps `_NET_ACTIVE_WINDOW`.
    func startWindowManager() throws {
        windowManager = try RunningProgram(try Self.require("openbox"), [], environment: environment)
        let deadline = Date().addingTimeInterval(15)
        while (try? X11ActivitySensor(environment: environment))?.tellsActiveWindow != true {
            guard Date() < deadline else { throw Failed(what: "openbox did not announce _NET_ACTIVE_WINDOW") }
            usleep(50_000)
        }
    }

    /// Starts an xterm copied under a name beginning `prefix`, and waits for its window; returns the
    /// program's name and its window's id.
    func openWindow(prefix: String) throws -> (name: String, window: String) {
        let program = try FakeProgram(copying: try Self.require("xterm").path, prefix: prefix)
        let running = try program.start(["-e", "/bin/sleep", "600"], environment: environment)
        programs.append((program, running))
        let deadline = Date().addingTimeInterval(15)
        while true {
            if let window = try xdotool(["search", "--onlyvisible", "--pid", "\(running.pid)"]).split(separator: "\n").first {
                return (program.name, String(window))
            }
            guard Date() < deadline else { throw Failed(what: "no window of \(program.name) appeared") }
            usleep(50_000)
        }
    }

    /// Runs xdotool on this display with `arguments` and returns what it printed.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = try Self.require("xdotool")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try PlatformCommand.launch(process)
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self)
    }

    /// Stops the X server, as when the session ends under the agent.
    func stopServer() {
        server.kill()
        server.process.waitUntilExit()
    }

    /// An authority file with one local entry for this host's `display`.
    static func authorityFile(display: Int, cookie: [UInt8]) -> [UInt8] {
        func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
        return [0x01, 0x00] + field(Array(X11AuthorityEntry.hostname().utf8)) + field(Array(String(display).utf8))
            + field(Array(X11AuthorityEntry.magicCookie.utf8)) + field(cookie)
    }

    /// A display number no server holds: neither its lock file nor its socket exists.
    private static func freeDisplayNumber() throws -> Int {
        for _ in 0..<100 {
            let number = Int.random(in: 300...899)
            if !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock"), !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                return number
            }
        }
        throw Failed(what: "no free display number")
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
