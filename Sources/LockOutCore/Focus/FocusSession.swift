import Foundation

/// The segment being timed now, anchored to the wall clock: running time is never counted in ticks.
///
/// Running time = `ranBefore` + (now − `resumedAt`) while running, or + (pausedAt − `resumedAt`) while
/// paused, so a session rebuilt from its record after a restart knows exactly how much time is left.
public struct FocusSession: Codable, Hashable, Sendable {
    /// The mode the session runs in.
    public let mode: FocusMode
    /// The segment: focus, or a pomodoro break.
    public let segment: FocusSegment
    /// The activity the time is tagged with.
    public let activity: String?
    /// How long the segment should run; in focus mode an optional target that never ends it; nil in stopwatch.
    public var planned: TimeInterval?
    /// When the segment started.
    public let startedAt: Date
    /// Running time before the current run, excluding pauses.
    public var ranBefore: TimeInterval
    /// When the current run began: the start, or the last resume.
    public var resumedAt: Date
    /// The planned focus length this session started with, reused for its later focus segments.
    public let focusLength: TimeInterval?
    /// The time zone the segment started in, which decides the day it counts for even when it is
    /// recorded later elsewhere; nil in a record saved before zones were kept (the engine's zone then).
    public let timeZone: TimeZone?

    /// A segment starting at `startedAt` with nothing run yet.
    public init(
        mode: FocusMode,
        segment: FocusSegment,
        activity: String?,
        planned: TimeInterval?,
        startedAt: Date,
        focusLength: TimeInterval? = nil,
        timeZone: TimeZone? = nil
    ) {
        self.mode = mode
        self.segment = segment
        self.activity = activity
        self.planned = planned
        self.startedAt = startedAt
        self.ranBefore = 0
        self.resumedAt = startedAt
        self.focusLength = focusLength
        self.timeZone = timeZone
    }

    /// Running time at `now` in the current run, never negative even if the clock went back.
    public func runningTime(at now: Date) -> TimeInterval {
        ranBefore + max(0, now.timeIntervalSince(resumedAt))
    }

    /// When the segment ends if it keeps running from the current run; nil when it counts up.
    public var endsAt: Date? {
        guard mode.countsDown, let planned else { return nil }
        return resumedAt.addingTimeInterval(planned - ranBefore)
    }

    /// Time left at `now`, never below zero; nil when the mode counts up.
    public func remaining(at now: Date) -> TimeInterval? {
        guard mode.countsDown, let planned else { return nil }
        return max(0, planned - runningTime(at: now))
    }
}

/// Where a pomodoro stands between and across sessions.
public struct PomodoroCycle: Codable, Hashable, Sendable {
    /// Focus segments completed since the last long break.
    public var completedFocus: Int
    /// The segment a pomodoro runs next; a stopped segment starts again as the same segment.
    public var next: FocusSegment

    /// A cycle at the given point.
    public init(completedFocus: Int = 0, next: FocusSegment = .focus) {
        self.completedFocus = completedFocus
        self.next = next
    }
}

/// Where the focus engine stands; `FocusEngine` draws the transitions.
public enum FocusState: Codable, Hashable, Sendable {
    /// No session.
    case stopped
    /// A segment runs.
    case running(FocusSession)
    /// A segment is paused since `pausedAt`.
    case paused(FocusSession, pausedAt: Date)

    /// The state's name as the API and the CLI spell it.
    public var name: String {
        switch self {
        case .stopped: "stopped"
        case .running: "running"
        case .paused: "paused"
        }
    }

    /// The current segment, running or paused.
    public var session: FocusSession? {
        switch self {
        case .stopped: nil
        case .running(let session), .paused(let session, _): session
        }
    }
}

/// Everything the focus engine must remember across a restart.
public struct FocusRecord: Codable, Hashable, Sendable {
    /// The current state.
    public var state: FocusState
    /// The pomodoro count and next segment.
    public var cycle: PomodoroCycle

    /// A record in the given state.
    public init(state: FocusState = .stopped, cycle: PomodoroCycle = PomodoroCycle()) {
        self.state = state
        self.cycle = cycle
    }

    /// A record with nothing running and a fresh pomodoro cycle.
    public static let stopped = FocusRecord()
}
