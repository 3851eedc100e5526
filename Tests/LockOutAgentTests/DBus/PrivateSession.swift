import Foundation
import Glibc
@testable import LockOutAgent

/// A private D-Bus session bus — its own `dbus-daemon`, with no activatable services, so nothing
/// starts a notification service behind a test's back — and, on demand, dunst on it configured by
/// scripts/e2e/dunstrc, so a test can start, kill and restart the notification service at will.
/// dunst draws on the session's X display (`DISPLAY`, as scripts/e2e/with-desktop.sh sets it).
final class PrivateSession: @unchecked Sendable {
    /// What a process on this bus needs: the bus address, the display, and the choice file
    /// choose-action.sh and record.sh use.
    let environment: [String: String]
    private let directory: URL
    private let daemon: ChildProcess
    private let lock = NSLock()
    private var dunst: ChildProcess?

    /// Whether the tools are here: `dbus-daemon`, dunst, dunstctl and an X display.
    static var isAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"].map { !$0.isEmpty } == true
            && ["dbus-daemon", "dunst", "dunstctl"].allSatisfy { find($0) != nil }
    }

    /// Starts the bus and waits until it accepts connections; dunst is not started. Without the tools
    /// it throws, saying what to install: a desktop test fails rather than pass unseen.
    init() throws {
        try DesktopSession.require()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("session.conf")
        try Data(try Self.configuration(socketDirectory: directory.path).utf8).write(to: config)
        let output = Pipe()
        daemon = try ChildProcess(
            try Self.require("dbus-daemon"), ["--config-file=\(config.path)", "--nofork", "--nopidfile", "--print-address=1"],
            stdout: .pipe(output), stderr: .null
        )
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw SessionError.busDidNotStart }
            printed.append(chunk)
        }
        let address = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["LOCKOUT_E2E_CHOICE_FILE"] = directory.appendingPathComponent("choice").path
        environment["PATH"] = Self.scripts.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        self.environment = environment
    }

    deinit {
        stopDunst()
        daemon.terminate()
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Drives this session's dunst.
    var dunstControl: Dunst { Dunst(environment: environment) }

    /// The pid of the bus's `dbus-daemon`.
    var daemonProcessID: Int32 { daemon.pid }

    /// The pid of the dunst `startDunst` started, while it runs.
    var dunstProcessID: Int32? { lock.withLock { dunst?.pid } }

    /// Starts dunst on this bus and waits until it owns `org.freedesktop.Notifications`.
    func startDunst() async throws {
        let process = try ChildProcess(
            try Self.require("dunst"), ["-config", Self.scripts.appendingPathComponent("dunstrc").path], environment: environment,
            stdout: .null, stderr: .null
        )
        lock.withLock { dunst = process }
        let control = Dunst(environment: environment)
        guard try await eventually(within: 30, { (try? control.count("displayed")) != nil ? true : nil }) == true else {
            throw SessionError.dunstDidNotStart
        }
    }

    /// Stops dunst with `signal` (SIGTERM by default; SIGKILL for a crash) and waits until it is gone.
    func stopDunst(signal: Int32 = SIGTERM) {
        guard let process = lock.withLock({ defer { dunst = nil }; return dunst }) else { return }
        process.kill(signal: signal)
        process.waitUntilExit()
    }

    /// Freezes dunst (SIGSTOP): it keeps its name but answers nothing until `resumeDunst`.
    func pauseDunst() throws {
        guard let process = lock.withLock({ dunst }) else { throw SessionError.dunstDidNotStart }
        process.kill(signal: SIGSTOP)
    }

    /// Lets a paused dunst go on (SIGCONT).
    func resumeDunst() {
        guard let process = lock.withLock({ dunst }) else { return }
        process.kill(signal: SIGCONT)
    }

    /// The folder of the end-to-end scripts: dunstrc, choose-action.sh, record.sh.
    static let scripts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/e2e")

    enum SessionError: Error {
        case missingTool(String)
        case busDidNotStart
        case dunstDidNotStart
    }

    private static func require(_ tool: String) throws -> URL {
        guard let url = find(tool) else { throw SessionError.missingTool(tool) }
        return url
    }

    private static func find(_ tool: String) -> URL? {
        PlatformCommand.find(tool, environment: ProcessInfo.processInfo.environment)
    }

    /// scripts/e2e/private-bus.conf for a bus that listens in `socketDirectory`: everyone may do
    /// everything, and no service directories.
    private static func configuration(socketDirectory: String) throws -> String {
        let template = try String(contentsOf: scripts.appendingPathComponent("private-bus.conf"), encoding: .utf8)
        return template.replacingOccurrences(of: "SOCKET_DIRECTORY", with: socketDirectory)
    }
}
