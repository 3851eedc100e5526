#if os(Linux)
import Foundation
import Glibc
import Synchronization
@testable import LockOutAgent

/// A copy of a harmless system program (`/bin/sleep`, `/bin/sh`) under a made-up name, so the shield can be
/// tried on real processes; the folder goes when the value does.
final class FakeProgram {
    let name: String
    let url: URL
    private let directory: URL

    /// Copies `source` into a new temporary folder as `prefix` plus three digits (under 15 bytes, so `comm`
    /// holds it whole). The digits come from one counter for the whole test process, so no two programs share
    /// a name: suites run side by side, and a shield in one would stop another's program of the same name.
    convenience init(copying source: String, prefix: String) throws {
        try self.init(copying: source, name: "\(prefix)\(Self.nextNumber())")
    }

    private static let numbers = Mutex(Int.random(in: 100...400))

    private static func nextNumber() -> Int {
        numbers.withLock { number in
            defer { number += 1 }
            return number
        }
    }

    /// Copies `source` into a new temporary folder as `name` exactly, inside its subfolder `subfolder` when given
    /// (`libexec` makes the copy a helper by where it lives).
    init(copying source: String, name: String, subfolder: String? = nil) throws {
        self.name = name
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-shield-\(UUID().uuidString)")
        self.directory = directory
        let folder = subfolder.map { directory.appendingPathComponent($0) } ?? directory
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source).resolvingSymlinksInPath(), to: url)  // /bin/sh is a link
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var target: ShieldTarget { ShieldTarget(executable: name) }

    /// Starts the program with `arguments` and no signal blocked, in `environment` when given.
    func start(_ arguments: [String], environment: [String: String]? = nil) throws -> RunningProgram {
        try RunningProgram(url, arguments, environment: environment)
    }

    /// The program to run another user's copy through: it drops to a uid, then execs in place (same pid).
    static let setpriv = "/usr/bin/setpriv"

    /// Whether `start(_:asUser:)` can work here: it needs root and `setpriv`.
    static var canRunAsAnotherUser: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)
    }

    /// Starts the program with `arguments` as the user and group `uid`; needs root.
    func start(_ arguments: [String], asUser uid: UInt32) throws -> RunningProgram {
        let drop = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--", url.path]
        return try RunningProgram(URL(fileURLWithPath: Self.setpriv), drop + arguments)
    }
}

/// A sleeping child process that stands in for the agent: the shield spares it, its parents (this test
/// process among them) and its descendants, so the test's other children, which are its siblings, are
/// stopped as any program of this user would be.
final class StandInAgent {
    private let running: RunningProgram

    init() throws {
        running = try RunningProgram(URL(fileURLWithPath: "/bin/sleep"), ["600"])
    }

    var pid: Int32 { running.pid }

    /// A shield for this agent, reading this system's session folders.
    func shield(protectedProcessIDs: @escaping @Sendable () -> Set<Int32> = { [] }) -> ProcessShield {
        ProcessShield(agentPID: pid, protectedProcessIDs: protectedProcessIDs)
    }

    /// Ends the stand-in; for the end of each test.
    func kill() {
        running.kill()
    }
}

/// A started child process, with the moment and the way it ended.
final class RunningProgram {
    struct Exit: Sendable {
        let signal: Int32?
        let at: ContinuousClock.Instant
    }

    let process: ChildProcess
    let exits: Inbox<Exit>

    init(_ url: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
        let exits = Inbox<Exit>()
        self.exits = exits
        process = try ChildProcess(url, arguments, environment: environment, stdin: .null, stdout: .null, stderr: .null) { ending in
            let signal: Int32? = if case .signal(let number) = ending { number } else { nil }
            exits.put(Exit(signal: signal, at: .now))
        }
    }

    var pid: Int32 { process.pid }

    /// Kills the process if it still runs; for cleaning up on every path.
    func kill() {
        process.kill(signal: SIGKILL)
    }

    deinit {
        kill()
    }
}
#endif
