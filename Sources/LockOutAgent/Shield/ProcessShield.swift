#if os(Linux)
import Foundation
import Glibc
import LockOutCore
import Logging

/// Keeps blocked programs of the current user closed on Linux: each one is sent SIGTERM within 2 seconds of
/// its start, and SIGKILL 3 seconds later if the same process is still alive.
///
/// Linux tells an unprivileged user nothing when a process starts (the proc connector needs `CAP_NET_ADMIN`,
/// fanotify `CAP_SYS_ADMIN`), so the shield looks at `/proc` once a second, and only while something is
/// blocked: with an empty list no timer exists and the process is never woken.
///
///     off ──apply(non-empty)──▶ shielding (scan now, then every 1 s)
///      ▲                          │ apply(non-empty): new list, scan now
///      └───────apply([])──────────┘ (pending SIGKILLs are dropped)
///
/// A scan reads the `/proc` directory and examines only processes it has not settled yet: a process is
/// settled once it was examined at least 2 s after it started (the usual fork-then-exec window is long
/// closed by then), and it is known by pid and start time, so a reused pid is examined afresh. Every
/// 10th scan also re-reads `comm` of settled processes, to catch a long-running process that `exec`s a
/// blocked program. Matching rules: `ShieldMatcher`.
///
/// What it never touches, even when the block list was edited by hand: a blocked name that is protected
/// (Core's `ShieldProtection`: the catalog, and this system's session programs read from its files when
/// shielding starts) is dropped from the list with one log line; other users' processes (real uid from
/// `/proc/PID/status`); kernel threads; and each process `ShieldExemptions` spares, checked on every match:
/// the agent, its parents and descendants, LockOut's executable, libexec helpers, protected programs and
/// the pids of the protected-process source.
public final class ProcessShield: @unchecked Sendable {
    /// How often `/proc` is read while shielding.
    public static let scanInterval: DispatchTimeInterval = .seconds(1)
    /// How long a process has after SIGTERM before SIGKILL.
    public static let killDelay: DispatchTimeInterval = .seconds(3)
    /// A process examined at least this long after its start is not examined again unless its `comm` changes.
    static let settleSeconds: UInt64 = 2
    /// Every this many scans, settled processes are checked for an `exec` (a changed `comm`).
    static let sweepEvery = 10

    private let queue = DispatchQueue(label: "lockout.shield")
    private let onQueue = DispatchSpecificKey<Bool>()
    private let resolver: DesktopFileResolver
    private let logger: Logger
    private let ownUID = getuid()

    // Confined to `queue`.
    private var timer: (any DispatchSourceTimer)?
    private var matcher = ShieldMatcher(targets: [])
    private var onBlocked: (@Sendable (StoppedProcess) -> Void)?
    private var reader = ProcReader()
    private var known: [Int32: KnownProcess] = [:]
    private var exemptions: ShieldExemptions
    private var sessionPrograms: SessionProgramCache
    private var logged: Set<String> = []  // protected names and exemptions already logged
    private var scans = 0
    private var session = 0  // moves on when shielding stops, so pending SIGKILLs of the last session lapse

    /// What a scan remembers of a process.
    private struct KnownProcess {
        let startTime: UInt64
        let comm: String
        /// Examined at least `settleSeconds` after its start.
        let settled: Bool
        /// Sent SIGTERM already.
        let stopped: Bool
    }

    /// Creates a shield that is off; desktop-file ids are resolved in the XDG folders `environment` names.
    ///
    /// - Parameters:
    ///   - sessionFolders: where the system keeps what its session starts, read when shielding starts.
    ///   - agentPID: the process whose parents and descendants are never touched: this one, unless a test
    ///     stands another in for it.
    ///   - protectedProcessIDs: pids never to touch, learned elsewhere (the owners of the desktop's D-Bus
    ///     names); asked on the shield's queue at each match, so it must answer at once from what it knows.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory(),
        sessionFolders: SessionProgramFolders = .system(),
        agentPID: Int32 = getpid(),
        protectedProcessIDs: @escaping @Sendable () -> Set<Int32> = { [] },
        logger: Logger = Logger(label: "lockout.shield")
    ) {
        resolver = DesktopFileResolver(environment: environment, home: homeDirectory)
        sessionPrograms = SessionProgramCache(folders: sessionFolders)
        exemptions = ShieldExemptions(agentPID: agentPID, protectedProcessIDs: protectedProcessIDs)
        self.logger = logger
        queue.setSpecific(key: onQueue, value: true)
    }

    deinit {
        timer?.cancel()
    }

    /// Shields `blocked` from now on, replacing the previous list, and calls `onBlocked` on a private queue for
    /// each process stopped; an empty list stops shielding. Returns once the change is in force: no scan
    /// of the previous list runs after it.
    public func apply(blocked: [ShieldTarget], onBlocked: @escaping @Sendable (StoppedProcess) -> Void) {
        let change = { self.update(blocked, onBlocked) }
        if DispatchQueue.getSpecific(key: onQueue) == true { change() } else { queue.sync(execute: change) }
    }

    /// True while a block list is in force.
    public var isShielding: Bool {
        DispatchQueue.getSpecific(key: onQueue) == true ? timer != nil : queue.sync { timer != nil }
    }

    private func update(_ blocked: [ShieldTarget], _ onBlocked: @escaping @Sendable (StoppedProcess) -> Void) {
        var resolved: [ShieldTarget: String] = [:]
        for target in blocked {
            guard let id = target.desktopFileID else { continue }
            if let name = resolver.executableName(forDesktopID: id) {
                resolved[target] = name
            } else {
                logger.warning("desktop file names no program", metadata: ["id": "\(id)"])
            }
        }
        let protection = blocked.isEmpty ? ShieldProtection.catalog : ShieldProtection(systemPrograms: sessionPrograms.current())
        let names = Set(blocked.map(\.executable) + resolved.values)
        let protected = names.filter { protection.reason(for: $0) != nil }
        for name in protected.sorted() where logged.insert(name).inserted {
            logger.warning("a blocked name is protected and never stopped", metadata: [
                "name": "\(name)", "reason": "\(protection.reason(for: name).map(String.init(describing:)) ?? "")",
            ])
        }
        matcher = ShieldMatcher(targets: blocked, resolvedNames: resolved, excluding: protected)
        self.onBlocked = onBlocked
        known = [:]  // earlier decisions were against the old list
        guard !matcher.isEmpty else {
            if timer != nil { logger.info("shield off") }
            timer?.cancel()
            timer = nil
            session += 1
            return
        }
        logger.info("shielding", metadata: ["names": "\(matcher.names.joined(separator: ","))"])
        exemptions.refresh(protection: protection, reader: &reader)
        scans = 0
        scan()
        if timer == nil {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + Self.scanInterval, repeating: Self.scanInterval, leeway: .milliseconds(100))
            timer.setEventHandler { [weak self] in self?.scan() }
            timer.activate()
            self.timer = timer
        }
    }

    private func scan() {
        scans += 1
        let sweep = scans % Self.sweepEvery == 0
        let now = ProcReader.ticksSinceBoot()
        var next: [Int32: KnownProcess] = [:]
        next.reserveCapacity(known.count + 16)
        reader.forEachProcess { pid in
            let old = known[pid]
            if let old, old.settled, !sweep {
                next[pid] = old
                return
            }
            guard let stat = reader.stat(pid) else { return }  // gone meanwhile
            if let old, old.startTime == stat.startTime, old.stopped || (old.settled && old.comm == stat.comm) {
                next[pid] = old
                return
            }
            let stopped = examine(stat)
            let settled = now >= stat.startTime + Self.settleSeconds * ProcReader.ticksPerSecond
            next[pid] = KnownProcess(startTime: stat.startTime, comm: stat.comm, settled: settled, stopped: stopped)
        }
        known = next
    }

    /// Stops the process when it is a blocked program of this user that may be touched; true when it did.
    private func examine(_ stat: ProcStat) -> Bool {
        guard !stat.isKernelThread, !stat.hasExited, !exemptions.agentChain.contains(stat.pid) else { return false }
        var executable: String?
        var match = matcher.match(comm: stat.comm) ?? matcher.match(fileName: reader.argumentZeroName(stat.pid))
        if match == nil {
            executable = reader.executablePath(stat.pid)
            match = matcher.match(fileName: executable.flatMap(ProcFile.executableName))
        }
        guard let match else { return false }
        guard reader.realUID(stat.pid) == ownUID else { return false }
        if executable == nil { executable = reader.executablePath(stat.pid) }
        let argumentZero = reader.argumentZeroName(stat.pid)
        if let exemption = exemptions.exemption(for: stat, executable: executable, argumentZero: argumentZero, reader: &reader) {
            if logged.insert("\(match.name) \(exemption)").inserted {
                logger.info("left a blocked name's process running", metadata: [
                    "pid": "\(stat.pid)", "name": "\(match.name)", "why": "\(exemption)",
                ])
            }
            return false
        }
        guard kill(stat.pid, SIGTERM) == 0 else { return false }
        logger.info("stopped a blocked program", metadata: ["pid": "\(stat.pid)", "name": "\(match.name)"])
        scheduleKill(stat)
        onBlocked?(StoppedProcess(pid: stat.pid, executable: match.name, target: match.target))
        return true
    }

    /// SIGKILL after `killDelay` if the same process (pid and start time) is still alive and shielding went on.
    private func scheduleKill(_ stat: ProcStat) {
        let session = session
        queue.asyncAfter(deadline: .now() + Self.killDelay) { [weak self] in
            guard let self, self.session == session, self.timer != nil,
                  let now = self.reader.stat(stat.pid), now.startTime == stat.startTime, !now.hasExited
            else { return }
            if kill(stat.pid, SIGKILL) == 0 {
                self.logger.info("killed a blocked program that outlived SIGTERM", metadata: ["pid": "\(stat.pid)"])
            }
        }
    }
}
#endif
