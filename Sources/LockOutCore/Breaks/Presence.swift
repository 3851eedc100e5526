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
public struct PresenceMerger: Sendable {
    private var away: [String: PresenceSignal] = [:]

    public init() {}

    /// Whether some source says the person is away now.
    public var isAway: Bool { !away.isEmpty }

    /// Since when the person has been away, when away.
    public var awaySince: Date? { away.values.map(\.at).min() }

    /// Takes what `source` told; returns the change to the merged presence, if any.
    public mutating func receive(_ signal: PresenceSignal, from source: String) -> PresenceChange? {
        let wasAway = isAway
        let key = "\(source)/\(signal.reason.rawValue)"
        if signal.away {
            guard away[key] == nil else { return nil }
            away[key] = signal
            return wasAway ? nil : .away(since: signal.at, reasons: [signal.reason])
        }
        guard away.removeValue(forKey: key) != nil, wasAway, !isAway else { return nil }
        return .back(at: signal.at)
    }
}
