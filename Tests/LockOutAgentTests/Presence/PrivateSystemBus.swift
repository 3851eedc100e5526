import Foundation
@testable import LockOutAgent

/// A private bus standing in for the system bus: its own `dbus-daemon` with scripts/e2e/private-bus.conf
/// (listening in a temporary folder, no activatable services), so a test decides whether logind is on it.
/// Needs only `dbus-daemon`; without it the test fails, saying so.
final class PrivateSystemBus: @unchecked Sendable {
    /// The bus's address, as `DBUS_SYSTEM_BUS_ADDRESS` gives it.
    let address: String
    private let directory: URL
    private let daemon: ChildProcess

    /// Starts the bus and waits until it prints its address (it accepts connections from then on).
    init() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let tool = PlatformCommand.find("dbus-daemon", environment: environment) else { throw Unavailable() }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-system-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let template = try String(contentsOf: PrivateSession.scripts.appendingPathComponent("private-bus.conf"), encoding: .utf8)
        let config = directory.appendingPathComponent("system.conf")
        try Data(template.replacingOccurrences(of: "SOCKET_DIRECTORY", with: directory.path).utf8).write(to: config)
        let output = Pipe()
        daemon = try ChildProcess(
            tool, ["--config-file=\(config.path)", "--nofork", "--nopidfile", "--print-address=1"], stdout: .pipe(output), stderr: .null
        )
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Unavailable() }
            printed.append(chunk)
        }
        address = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        daemon.terminate()
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the agent reads to find this bus.
    var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": address] }

    /// `dbus-daemon` is missing or did not start.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the logind tests need dbus-daemon (Debian package dbus-daemon) to start a private bus" }
    }
}
