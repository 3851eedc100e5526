#if os(Linux)
import Foundation
import Glibc
import LockOutCore
import Logging

/// Keeps blocked programs of the current user closed on Linux: each one is sent SIGTERM when its window
/// opens, or at the latest at the next backstop scan, and SIGKILL 3 seconds later if the same process is
/// still alive.
///
/// Linux tells an unprivileged user nothing when a process starts (the proc connector needs `CAP_NET_ADMIN`,
/// fanotify `CAP_SYS_ADMIN`), but the desktop tells when a window opens (`WindowOpenings`: X11's
/// `_NET_CLIENT_LIST`, sway's and Hyprland's window events). So while something is blocked the shield
/// looks at `/proc` at once when a window opens (the window's process first, then a scan), and otherwise
/// only every 60 s (`backstopInterval`) for programs that open no window: a blocked program started and
/// closed between two backstop scans without a window may run that long. Where the desktop tells of no
/// windows (no display, another Wayland compositor), or stops telling, it scans once a second instead and
/// logs why once. With an empty list no timer and no window watch exist, and the process is never woken.
///
///     off ──apply(non-empty)──▶ shielding (scan now, then at each new window and every 60 s,
///      ▲                          │          or every 1 s without window events)
///      │                          │ apply(non-empty): new list, scan now
///      └───────apply([])──────────┘ (pending SIGKILLs are dropped, the window watch stopped)
///
/// A scan reads the `/proc` directory and examines only processes it has not settled yet: a process is
/// settled once it was examined at least 2 s after it started (the usual fork-then-exec window is long
/// closed by then), and it is known by pid and start time, so a reused pid is examined afresh. Settled
/// processes have their `comm` re-read every 10 s of one-second scans and at every backstop scan, to catch a
/// long-running process that `exec`s a blocked program; a window's own process is always examined afresh.
/// Matching rules: `ShieldMatcher`.
///
/// What it never touches, even when the block list was edited by hand: a blocked name that is protected
/// (Core's `ShieldProtection`: the catalog, and this system's session programs read from its files when
/// shielding starts) is dropped from the list with one log line; other users' processes (real uid from
/// `/proc/PID/status`); kernel threads; and each process `ShieldExemptions` spares, checked on every match:
/// the agent, its parents and descendants, LockOut's executable, libexec helpers, protected programs and
/// the pids of the protected-process source.
public final class ProcessShield: @unchecked Sendable {
    /// How often `/proc` is read while shielding where no window events are heard.
    public static let scanInterval: DispatchTimeInterval = .seconds(1)
    /// How often `/proc` is read while shielding between window events, for programs that open no window.
    public static let backstopInterval: DispatchTimeInterval = .seconds(60)
    /// How long a process has after SIGTERM before SIGKILL.
    public static let killDelay: DispatchTimeInterval = .seconds(3)
    /// A process examined at least this long after its start is not examined again unless its `comm` changes.
    static let settleSeconds: UInt64 = 2
    /// Every this many one-second scans, settled processes are checked for an `exec` (a changed `comm`);
    /// every backstop scan checks them.
    static let sweepEvery = 10

    /// Why the shield looked at `/proc` since shielding last started.
    public struct Scans: Equatable, Sendable {
        /// Scans because a block list was applied.
        public var applied = 0
        /// Scans of the timer: every second, or the backstop's.
        public var timer = 0
        /// Looks because windows opened (a burst of windows makes one look).
        public var windowOpened = 0

        public init(applied: Int = 0, timer: Int = 0, windowOpened: Int = 0) {
            self.applied = applied
            self.timer = timer
            self.windowOpened = windowOpened
        }
    }

    private let queue = DispatchQueue(label: "lockout.shield")
    private let onQueue = DispatchSpecificKey<Bool>()
    private let resolver: DesktopFileResolver
    private let logger: Logger
    private let ownUID = getuid()
    private let windowSource: WindowOpeningSource
    private let backstop: DispatchTimeInterval

    // Confined to `queue`.
    private var timer: ShieldTicker?
    /// The timer's period while shielding.
    private var interval: DispatchTimeInterval?
    /// Whether the window source is telling: then the timer is only the backstop.
    private var windowsHeard = false
    /// Processes of windows opened since the last look, and whether that look is on its way.
    private var openedProcesses: [Int32] = []
    private var lookPending = false
    private var matcher = ShieldMatcher(targets: [])
    private var onBlocked: (@Sendable (StoppedProcess) -> Void)?
    private var reader = ProcReader()
    private var known: [Int32: KnownProcess] = [:]
    private var exemptions: ShieldExemptions
    private var sessionPrograms: SessionProgramCache
    private var logged: Set<String> = []  // protected names, exemptions and window-source failures already logged
    private var counts = Scans()
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
    ///   - windowOpenings: where new windows are heard of (`WindowOpeningSource.detect` for the session's
    ///     desktop); without one the shield scans once a second.
    ///   - backstopInterval: the scan period while window events are heard; a test shortens it.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory(),
        sessionFolders: SessionProgramFolders = .system(),
        agentPID: Int32 = getpid(),
        protectedProcessIDs: @escaping @Sendable () -> Set<Int32> = { [] },
        windowOpenings: WindowOpeningSource = .none(reason: "no window source was given"),
        backstopInterval: DispatchTimeInterval = ProcessShield.backstopInterval,
        logger: Logger = Logger(label: "lockout.shield")
    ) {
        resolver = DesktopFileResolver(environment: environment, home: homeDirectory)
        sessionPrograms = SessionProgramCache(folders: sessionFolders)
        exemptions = ShieldExemptions(agentPID: agentPID, protectedProcessIDs: protectedProcessIDs)
        windowSource = windowOpenings
        backstop = backstopInterval
        self.logger = logger
        queue.setSpecific(key: onQueue, value: true)
    }

    deinit {
        timer?.cancel()
        if windowsHeard, case .events(let openings) = windowSource { openings.stop() }
    }

    /// Shields `blocked` from now on, replacing the previous list, and calls `onBlocked` on a private queue for
    /// each process stopped; an empty list stops shielding. Returns once the change is in force: no scan
    /// of the previous list runs after it, and a window opened after it is looked at.
    public func apply(blocked: [ShieldTarget], onBlocked: @escaping @Sendable (StoppedProcess) -> Void) {
        confined { update(blocked, onBlocked) }
    }

    /// True while a block list is in force.
    public var isShielding: Bool {
        confined { timer != nil }
    }

    /// How often the timer scans: `backstopInterval` while window events are heard, `scanInterval` where they
    /// are not; nil while off.
    public var timerInterval: DispatchTimeInterval? {
        confined { interval }
    }

    /// The scans since shielding last started, by why they ran.
    public var scans: Scans {
        confined { counts }
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
            interval = nil
            stopWatchingWindows()
            session += 1
            return
        }
        logger.info("shielding", metadata: ["names": "\(matcher.names.joined(separator: ","))"])
        exemptions.refresh(protection: protection, reader: &reader)
        if timer == nil {
            counts = Scans()
            startWatchingWindows()
        }
        counts.applied += 1
        scan(sweep: false)
        if timer == nil, let interval {
            timer = ShieldTicker(interval: Self.seconds(interval)) { [weak self] in
                guard let self else { return }
                queue.sync { timerFired() }
            }
        }
    }

    /// Arms the timer for the current interval, the first scan one interval from now.
    private func schedule() {
        guard let timer, let interval else { return }
        timer.schedule(interval: Self.seconds(interval))
    }

    private static func seconds(_ interval: DispatchTimeInterval) -> TimeInterval {
        switch interval {
        case .seconds(let value): TimeInterval(value)
        case .milliseconds(let value): TimeInterval(value) / 1_000
        case .microseconds(let value): TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): TimeInterval(value) / 1_000_000_000
        default: 1
        }
    }

    /// Starts hearing of new windows, or says once why the shield scans every second instead.
    private func startWatchingWindows() {
        switch windowSource {
        case .none(let reason):
            logOnce("reads /proc once a second: \(reason)")
        case .events(let openings):
            let session = session
            do {
                try openings.start(
                    onOpened: { [weak self] pid in
                        guard let self else { return }
                        queue.async { self.windowOpened(pid) }
                    },
                    closed: { [weak self] why in
                        guard let self else { return }
                        queue.async { self.windowsClosed(why, session: session) }
                    }
                )
                windowsHeard = true
                logger.info("the shield looks at /proc when a window opens (\(openings.method)), and by the backstop timer besides")
            } catch {
                logOnce("reads /proc once a second: \(openings.method) window events cannot be heard: \(error)")
            }
        }
        interval = windowsHeard ? backstop : Self.scanInterval
    }

    private func stopWatchingWindows() {
        if windowsHeard, case .events(let openings) = windowSource { openings.stop() }
        windowsHeard = false
        openedProcesses = []
    }

    /// The window source stopped telling while shielding: back to a scan every second.
    private func windowsClosed(_ why: String, session: Int) {
        guard session == self.session, windowsHeard, timer != nil else { return }
        windowsHeard = false
        logger.warning("the shield reads /proc once a second from now on: \(why)")
        interval = Self.scanInterval
        schedule()
    }

    /// Logs `message` as a warning the first time only.
    private func logOnce(_ message: String) {
        guard logged.insert(message).inserted else { return }
        logger.warning("the shield \(message)")
    }

    /// A window opened: look at its process and scan, once for the windows of a burst.
    private func windowOpened(_ pid: Int32?) {
        guard timer != nil, windowsHeard else { return }
        if let pid { openedProcesses.append(pid) }
        guard !lookPending else { return }
        lookPending = true
        queue.async { [weak self] in self?.lookAtOpenedWindows() }
    }

    private func lookAtOpenedWindows() {
        lookPending = false
        let processes = openedProcesses
        openedProcesses = []
        guard timer != nil else { return }
        counts.windowOpened += 1
        let now = ProcReader.ticksSinceBoot()
        for pid in processes {
            guard let stat = reader.stat(pid) else { continue }
            // Examined afresh even when settled: a long-running process may have `exec`d the blocked program.
            if let old = known[pid], old.startTime == stat.startTime, old.stopped { continue }
            remember(stat, stopped: examine(stat), now: now)
        }
        scan(sweep: false)
    }

    private func timerFired() {
        guard timer != nil else { return }  // a tick that began as shielding stopped
        counts.timer += 1
        scan(sweep: windowsHeard || counts.timer % Self.sweepEvery == 0)
    }

    /// Reads `/proc` and examines each process not settled yet, and with `sweep` each whose `comm` changed.
    private func scan(sweep: Bool) {
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
            next[pid] = Self.known(stat, stopped: examine(stat), now: now)
        }
        known = next
    }

    private func remember(_ stat: ProcStat, stopped: Bool, now: UInt64) {
        known[stat.pid] = Self.known(stat, stopped: stopped, now: now)
    }

    private static func known(_ stat: ProcStat, stopped: Bool, now: UInt64) -> KnownProcess {
        let settled = now >= stat.startTime + settleSeconds * ProcReader.ticksPerSecond
        return KnownProcess(startTime: stat.startTime, comm: stat.comm, settled: settled, stopped: stopped)
    }

    /// Runs `work` on the queue: inline when already there (from within `onBlocked`), else waiting for it.
    private func confined<Value>(_ work: () -> Value) -> Value {
        if DispatchQueue.getSpecific(key: onQueue) == true { return work() }
        return queue.sync(execute: work)
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
