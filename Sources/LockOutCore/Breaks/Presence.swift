import Foundation

/// Why a presence source says the person is away.
public enum AwayReason: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// No input for at least the watch's threshold.
    case idle
    /// The screen is locked.
    case locked
    /// The system is suspended.
    case suspended

    public static func < (lhs: AwayReason, rhs: AwayReason) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What one presence source tells: the person left at `at` (for idle: the last input), or is back at `at`.
public struct PresenceSignal: Hashable, Sendable {
    /// True when the person is away from now on, false when back.
    public let away: Bool
    /// When the absence began (the last input, the lock, the suspend), or when the person came back.
    public let at: Date
    /// What kind of absence the source tells of.
    public let reason: AwayReason

    public init(away: Bool, at: Date, reason: AwayReason) {
        self.away = away
        self.at = at
        self.reason = reason
    }
}

/// A change in whether the person is at the device, merged from every source.
public enum PresenceChange: Hashable, Sendable {
    /// The person has been away since `since`, for the reasons given.
    case away(since: Date, reasons: Set<AwayReason>)
    /// The person came back at `at`.
    case back(at: Date)
}

/// Where the desktop tells whether a media player is playing, watched rather than polled: while one plays, the
/// person counts as there (`PresenceMerger.mediaPlaying`).
public protocol MediaPlaybackSource: AnyObject, Sendable {
    /// The source's name as `lockout status` shows it, e.g. `mpris`.
    var name: String { get }
    /// Starts telling `onChange` (on a private queue) whether some player plays, with the moment it changed;
    /// throws when the desktop does not offer what the source needs.
    func start(onChange: @escaping @Sendable (_ playing: Bool, _ at: Date) -> Void) throws
    /// Stops telling and releases what it holds.
    func stop()
}

/// Where the desktop tells the agent that the person left or came back, watched rather than polled.
///
/// A source tells `onChange` (on a private queue) `away` once no input came for `threshold` seconds,
/// the screen locks or the system suspends, with the moment the absence began, and `back` when the
/// person returns. Sources that cannot be used on this desktop throw from `start` with the reason.
public protocol PresenceSource: AnyObject, Sendable {
    /// The source's name as `lockout status` shows it, e.g. `x11-sync`, `mutter`, `logind-lock`.
    var name: String { get }
    /// Starts telling; throws when the desktop does not offer what the source needs.
    func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws
    /// Stops telling and releases what it holds.
    func stop()
}

/// What the agent knows of presence, for `lockout status`: whether time away counts as breaks, which
/// sources tell it, which could not be used and why, and since when the person is away.
public struct PresenceReport: Codable, Hashable, Sendable {
    /// Whether time away counts as breaks (`lockout settings set natural-breaks on|off`).
    public var naturalBreaks: Bool
    /// The sources in use.
    public var watching: [String]
    /// Each source that could not be used, with why.
    public var unavailable: [String: String]
    /// Since when the person has been away, while away.
    public var awaySince: Date?

    public init(naturalBreaks: Bool = true, watching: [String] = [], unavailable: [String: String] = [:], awaySince: Date? = nil) {
        self.naturalBreaks = naturalBreaks
        self.watching = watching
        self.unavailable = unavailable
        self.awaySince = awaySince
    }

    /// One line for `lockout status`, e.g. `Time away: counts as breaks; watched by x11-sync, logind-sleep
    /// (not used: screensaver — nothing answers as org.freedesktop.ScreenSaver)`.
    public func line(now: Date) -> String {
        guard naturalBreaks else { return "Time away: does not count as breaks (natural-breaks off)" }
        var text = "Time away: counts as breaks; "
        text += watching.isEmpty ? "nothing on this desktop tells when you step away" : "watched by " + watching.joined(separator: ", ")
        if !unavailable.isEmpty {
            text += " (not used: " + unavailable.sorted { $0.key < $1.key }.map { "\($0.key) — \($0.value)" }.joined(separator: "; ") + ")"
        }
        if let awaySince {
            let minutes = max(0, Int(now.timeIntervalSince(awaySince) / 60))
            text += "; away for \(minutes) min"
        }
        return text
    }
}

/// Merges presence sources into one story: away while any source says away (from the earliest moment
/// they give), back when the last of them says back.
///
/// A media player playing (when that counts as present) outweighs time without input: while it plays, an idle
/// source's absence is not time away, so a film is not a natural break; a locked screen or a suspend still is.
///
/// ```
///   present ── a source says away (idle while playing: no change) ──► away
///   away ── the last source says back, or playback starts while only idle holds ──► present (back)
///   present ── playback stops while an idle source still says away ──► away, since the later of the idle
///                                                                       start and the end of playback
/// ```
public struct PresenceMerger: Sendable {
    private var away: [String: PresenceSignal] = [:]
    /// Whether a media player plays and counts as the person being there.
    private var playing = false
    /// When playback counting as present last stopped: idle time before it was spent watching.
    private var playingStoppedAt: Date?

    public init() {}

    /// Whether some source says the person is away now, and no playing media outweighs it.
    public var isAway: Bool { !holding.isEmpty }

    /// Since when the person has been away, when away.
    public var awaySince: Date? { holding.map(start).min() }

    /// The absences that count now: an idle one does not while media plays.
    private var holding: [PresenceSignal] {
        away.values.filter { !(playing && $0.reason == .idle) }
    }

    /// When `signal`'s absence counts from: idle time spent while media played is not time away.
    private func start(_ signal: PresenceSignal) -> Date {
        guard signal.reason == .idle, let playingStoppedAt else { return signal.at }
        return max(signal.at, playingStoppedAt)
    }

    /// Takes what `source` told; returns the change to the merged presence, if any.
    public mutating func receive(_ signal: PresenceSignal, from source: String) -> PresenceChange? {
        let wasAway = isAway
        let key = "\(source)/\(signal.reason.rawValue)"
        if signal.away {
            guard away[key] == nil else { return nil }
            away[key] = signal
            guard !wasAway, isAway else { return nil }
            return .away(since: start(signal), reasons: [signal.reason])
        }
        guard away.removeValue(forKey: key) != nil, wasAway, !isAway else { return nil }
        return .back(at: signal.at)
    }

    /// A media player started (`playing`) or stopped playing at `at`, counting as present; returns the change
    /// to the merged presence, if any.
    public mutating func mediaPlaying(_ playing: Bool, at: Date) -> PresenceChange? {
        guard playing != self.playing else { return nil }
        let wasAway = isAway
        self.playing = playing
        if !playing { playingStoppedAt = at }
        if wasAway, !isAway { return .back(at: at) }
        if !wasAway, isAway, let since = awaySince {
            return .away(since: since, reasons: Set(holding.map(\.reason)))
        }
        return nil
    }
}
