#if os(Linux)
import Foundation
import Glibc
@testable import LockOutAgent

/// A sway of the test's own: headless (wlroots' headless backend, one output drawn by pixman), no input devices,
/// no Xwayland, in a runtime folder of its own. sway refuses to run as root, so under root it runs as `nobody`
/// (through setpriv) in a folder that user owns; its IPC socket is the test's to use either way. Windows are foot
/// terminals it starts (`swaymsg exec`). Everything stops when the value goes.
final class HeadlessSway {
    /// The packages of the programs it runs, by program.
    static let tools = ["sway": "sway", "swaymsg": "sway", "foot": "foot"]
    /// How long any one step may take before the test fails, saying which step.
    static let patience: Double = 20
    /// The user sway runs as under root.
    static let nobody: UInt32 = 65534

    /// sway's IPC socket.
    let socketPath: String
    private let directory: URL
    private let server: ChildProcess

    /// Starts sway and waits until its socket answers with a tree that has an output. Without the tools it throws,
    /// naming the packages to install: the test fails rather than pass unseen.
    init() async throws {
        let environment = ProcessInfo.processInfo.environment
        let missing = Self.tools.filter { PlatformCommand.find($0.key, environment: environment) == nil }
        guard missing.isEmpty else { throw Missing(packages: Set(missing.values).sorted()) }
        // Under /tmp, as the fake sockets are: short enough for a socket's path, and reachable by `nobody`.
        directory = URL(fileURLWithPath: "/tmp/lockout-sway-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let config = directory.appendingPathComponent("config")
        try "xwayland disable\n".write(to: config, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("sway.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let sway = try Self.require("sway")
        var command = (sway, ["-c", config.path])
        if getuid() == 0 {
            for path in [directory.path, config.path] { _ = chown(path, Self.nobody, Self.nobody) }
            let drop = ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--", sway.path]
            command = (URL(fileURLWithPath: FakeProgram.setpriv), drop + command.1)
        }
        let swayEnvironment = [
            "PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path,
            "WLR_BACKENDS": "headless", "WLR_HEADLESS_OUTPUTS": "1", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        ]
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let server = try ChildProcess(command.0, command.1, environment: swayEnvironment, stdin: .null, stdout: .file(output), stderr: .file(output))
        self.server = server
        let directory = directory
        do {
            let socket = try await eventually(within: Self.patience) { () -> String? in
                if !server.isRunning { throw Failed(what: "sway ended as it started: \(Self.text(of: log))") }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                guard let name = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }) else { return nil }
                let path = directory.appendingPathComponent(name).path
                let tree = try? Self.nodes(in: SwayFocus(socketPath: path).tree())
                return tree?.contains { $0.type == "workspace" && $0.focused } == true ? path : nil
            }
            guard let socket else { throw Failed(what: "sway did not answer with a focused workspace within \(Int(Self.patience)) s: \(Self.text(of: log))") }
            socketPath = socket
        } catch {
            // No deinit runs for a value that was never made: stop sway here.
            server.kill(signal: SIGKILL)
            server.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    deinit {
        // Its windows end with it: they lose their display.
        server.terminate()
        let deadline = Date().addingTimeInterval(3)
        while server.isRunning, Date() < deadline { usleep(20_000) }
        server.kill(signal: SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A node of sway's tree, as far as the tests look at it.
    struct Node: Equatable {
        let type: String
        let focused: Bool
        let fullScreenMode: Int
        let appID: String?

        /// Whether it is a window of a program rather than a workspace, an output or a split container.
        var isWindow: Bool { (type == "con" || type == "floating_con") && appID != nil }
    }

    /// Every node of the tree, depth first.
    func nodes() throws -> [Node] {
        try Self.nodes(in: SwayFocus(socketPath: socketPath).tree())
    }

    /// The focused node; nil when none has focus.
    func focused() throws -> Node? {
        try nodes().first(where: \.focused)
    }

    /// Runs one sway command (`fullscreen enable`, `kill`) through swaymsg, bounded like every step.
    func command(_ command: String) async throws {
        let running = try ChildProcess(try Self.require("swaymsg"), ["-s", socketPath, "--", command], stdin: .null, stdout: .null, stderr: .null)
        let ended = try await eventually(within: Self.patience) { running.isRunning ? nil : running.waitUntilExit() }
        guard let ended else {
            running.kill(signal: SIGKILL)
            throw Failed(what: "swaymsg \(command) did not finish within \(Int(Self.patience)) s")
        }
        guard case .exit(0) = ended else { throw Failed(what: "sway refused \(command): \(ended)") }
    }

    /// Opens a foot window and waits until it has focus.
    func openWindow() async throws {
        let before = try nodes().filter(\.isWindow).count
        try await command("exec foot sleep 600")
        let opened = try await eventually(within: Self.patience) { () -> Bool? in
            let nodes = try self.nodes()
            return nodes.filter(\.isWindow).count > before && nodes.contains { $0.isWindow && $0.focused } ? true : nil
        }
        guard opened == true else { throw Failed(what: "no foot window took focus within \(Int(Self.patience)) s") }
    }

    /// Closes the focused window (`kill`) and waits until it is gone from the tree.
    func closeFocusedWindow() async throws {
        let before = try nodes().filter(\.isWindow).count
        try await command("kill")
        let closed = try await eventually(within: Self.patience) { try self.nodes().filter(\.isWindow).count < before ? true : nil }
        guard closed == true else { throw Failed(what: "the focused window did not close within \(Int(Self.patience)) s") }
    }

    private static func nodes(in tree: [UInt8]) throws -> [Node] {
        guard let root = try JSONSerialization.jsonObject(with: Data(tree)) as? [String: Any] else {
            throw Failed(what: "sway's tree is not a JSON object")
        }
        var found: [Node] = []
        var stack = [root]
        while let node = stack.popLast() {
            found.append(Node(
                type: node["type"] as? String ?? "", focused: node["focused"] as? Bool ?? false,
                fullScreenMode: node["fullscreen_mode"] as? Int ?? 0, appID: node["app_id"] as? String
            ))
            for key in ["floating_nodes", "nodes"] { stack += ((node[key] as? [[String: Any]]) ?? []).reversed() }
        }
        return found
    }

    private static func require(_ name: String) throws -> URL {
        guard let url = PlatformCommand.find(name, environment: ProcessInfo.processInfo.environment) else {
            throw Missing(packages: [tools[name] ?? name])
        }
        return url
    }

    private static func text(of file: URL) -> String {
        (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// The programs are not installed.
    struct Missing: Error, CustomStringConvertible {
        let packages: [String]
        var description: String { "the sway tests need these Debian packages: apt-get install \(packages.joined(separator: " "))" }
    }

    /// Something in sway did not happen in time.
    struct Failed: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }
}
#endif
