#if os(Linux)
import Foundation
import Glibc
@testable import LockOutAgent

/// A KWin of the test's own: its virtual backend (no display hardware), in a runtime folder of its own, its Wayland
/// socket at `socketPath`. Debian installs kwin_wayland with file capabilities, which a container may refuse to
/// grant at exec: a plain copy runs instead, named kwin_wayland as KWin's own Qt platform plugin requires. No
/// session bus: KWin runs without one. Everything stops when the value goes.
final class HeadlessKWin {
    /// The Debian package of kwin_wayland.
    static let package = "kwin-wayland"
    /// How long any one step may take before the test fails, saying which step.
    static let patience: Double = 30

    /// KWin's Wayland socket, an absolute path.
    let socketPath: String
    private let directory: URL
    private let server: ChildProcess

    /// Starts KWin and waits until its socket takes a Wayland connection. Without kwin_wayland it throws, naming the
    /// package to install: the test fails rather than pass unseen.
    init() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let installed = PlatformCommand.find("kwin_wayland", environment: environment) else {
            throw HeadlessSway.Missing(packages: [Self.package])
        }
        directory = URL(fileURLWithPath: "/tmp/lockout-kwin-\(UUID().uuidString.prefix(8))")
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let kwin = bin.appendingPathComponent("kwin_wayland")
        try FileManager.default.copyItem(at: installed, to: kwin)
        let log = directory.appendingPathComponent("kwin.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let socket = directory.appendingPathComponent("wayland-kwin").path
        let kwinEnvironment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path]
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let server = try ChildProcess(
            kwin, ["--virtual", "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities", "--socket", "wayland-kwin", "--width", "1024", "--height", "768"],
            environment: kwinEnvironment, stdin: .null, stdout: .file(output), stderr: .file(output)
        )
        self.server = server
        socketPath = socket
        let directory = directory
        do {
            let answered = try await eventually(within: Self.patience) { () -> Bool? in
                if !server.isRunning {
                    throw HeadlessSway.Failed(what: "kwin_wayland ended as it started: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
                }
                guard FileManager.default.fileExists(atPath: socket) else { return nil }
                return (try? WaylandConnection(display: socket)) != nil ? true : nil
            }
            guard answered == true else {
                throw HeadlessSway.Failed(what: "kwin_wayland took no connection within \(Int(Self.patience)) s: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
        } catch {
            server.kill(signal: SIGKILL)
            server.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        server.terminate()
        let deadline = Date().addingTimeInterval(3)
        while server.isRunning, Date() < deadline { usleep(20_000) }
        server.kill(signal: SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
#endif
