import Foundation

/// How a focus session measures time.
public enum FocusMode: String, CaseIterable, Codable, Hashable, Sendable {
    /// Counts down from a set duration and ends by itself.
    case timer
    /// Alternates focus segments and breaks, a long break after every few focus segments.
    case pomodoro
    /// Counts up and never ends by itself.
    case stopwatch
    /// An open-ended focus block that counts up.
    case focus

    /// The name a person reads, as in the live status label.
    public var displayName: String {
        switch self {
        case .timer: "Timer"
        case .pomodoro: "Pomodoro"
        case .stopwatch: "Stopwatch"
        case .focus: "Focus"
        }
    }

    /// Whether the mode counts down to an end, and so has a remaining time and an alert.
    public var countsDown: Bool {
        switch self {
        case .timer, .pomodoro: true
        case .stopwatch, .focus: false
        }
    }

    /// Parses a mode as typed on the command line or sent over the API.
    public init(parsing text: String) throws(FocusInputError) {
        guard let mode = FocusMode(rawValue: text.lowercased()) else { throw .unknownMode(text) }
        self = mode
    }
}

/// Which part of a session a stretch of time was: focused work or a pomodoro break.
public enum FocusSegment: String, CaseIterable, Codable, Hashable, Sendable {
    /// Focused work; every mode's only segment except pomodoro's breaks.
    case focus
    /// A pomodoro short break.
    case shortBreak
    /// A pomodoro long break, after the cycle's last focus segment.
    case longBreak

    /// Whether the segment is a break.
    public var isBreak: Bool {
        switch self {
        case .focus: false
        case .shortBreak, .longBreak: true
        }
    }
}
