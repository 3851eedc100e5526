#if os(Linux)
import Glibc
import LockOutCore

/// Why the shield leaves a process alone although it matched a blocked name.
enum ShieldExemption: Hashable, Sendable, CustomStringConvertible {
    /// The agent, one of its parents, or pid 1.
    case agentOrParent
    /// Started by the agent, directly or through others.
    case agentDescendant
    /// Runs the agent's own executable, under whatever name: the LockOut CLI.
    case lockOutExecutable
    /// Named by the protected-process source (say, the owner of the desktop's notification bus name).
    case protectedElsewhere
    /// Its executable lives in a libexec folder: a helper, never an app.
    case helper(path: String)
    /// Its name, executable or `argv[0]` is a program no block list may name.
    case protectedProgram(name: String, reason: ProtectionReason)

    var description: String {
        switch self {
        case .agentOrParent: "the agent or one of its parents"
        case .agentDescendant: "started by the agent"
        case .lockOutExecutable: "runs LockOut's own executable"
        case .protectedElsewhere: "a protected process"
        case .helper(let path): "a helper in a libexec folder (\(path))"
        case .protectedProgram(let name, let reason): "'\(name)': \(reason)"
        }
    }
}

/// The processes the shield never signals, whatever name they matched, checked on every match at scan time:
/// the agent, its parents and its descendants (by the process tree as it is then), other processes running
/// its executable, the pids a `protectedProcessIDs` source names, processes whose executable is in a libexec
/// folder, and processes whose `comm`, executable or `argv[0]` names a protected program (Core's catalog and
/// this system's session programs; a shell alone does not spare a process, as scripts run in one).
struct ShieldExemptions {
    /// The agent: it, its parents and its descendants are spared.
    let agentPID: Int32
    /// Asked on each match; answers at once from what it knows.
    let protectedProcessIDs: @Sendable () -> Set<Int32>
    /// The agent and its parents up to pid 1, and pid 1: read when shielding starts.
    private(set) var agentChain: Set<Int32> = [1]
    /// Where the agent's executable is.
    private(set) var ownExecutable: String?
    /// The programs no block list may name, read when shielding starts.
    private(set) var protection = ShieldProtection.catalog

    /// Exemptions for `agentPID`, with `protectedProcessIDs` asked on each match.
    init(agentPID: Int32, protectedProcessIDs: @escaping @Sendable () -> Set<Int32>) {
        self.agentPID = agentPID
        self.protectedProcessIDs = protectedProcessIDs
    }

    /// Reads the agent's chain of parents and executable, and takes the protection in force.
    mutating func refresh(protection: ShieldProtection, reader: inout ProcReader) {
        self.protection = protection
        ownExecutable = reader.executablePath(getpid())
        var chain: Set<Int32> = [1]
        var pid = agentPID
        while pid > 1, chain.insert(pid).inserted {
            guard let stat = reader.stat(pid) else { break }
            pid = stat.parentPID
        }
        agentChain = chain
    }

    /// Why the process `stat` describes must be left alone; nil when it may be stopped.
    func exemption(for stat: ProcStat, executable: String?, argumentZero: String?, reader: inout ProcReader) -> ShieldExemption? {
        if agentChain.contains(stat.pid) { return .agentOrParent }
        if let executable, executable == ownExecutable { return .lockOutExecutable }
        if let executable, Self.isInLibexec(executable) { return .helper(path: executable) }
        for name in [stat.comm, argumentZero, executable.flatMap(ProcFile.executableName)].compactMap({ $0 }) {
            if let reason = protection.reason(for: name), reason.sparesProcessesRunningIt {
                return .protectedProgram(name: name, reason: reason)
            }
        }
        if descendsFromAgent(stat, reader: &reader) { return .agentDescendant }
        if protectedProcessIDs().contains(stat.pid) { return .protectedElsewhere }
        return nil
    }

    /// Whether a folder named `libexec` holds `path`, at any depth.
    static func isInLibexec(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains("libexec")
    }

    /// Walks the parents of `stat` up to pid 1 as they are now; a parent that exits meanwhile ends the walk.
    private func descendsFromAgent(_ stat: ProcStat, reader: inout ProcReader) -> Bool {
        var pid = stat.parentPID
        var seen: Set<Int32> = []
        while pid > 1, seen.insert(pid).inserted {
            if pid == agentPID { return true }
            guard let parent = reader.stat(pid) else { return false }
            pid = parent.parentPID
        }
        return false
    }
}
#endif
