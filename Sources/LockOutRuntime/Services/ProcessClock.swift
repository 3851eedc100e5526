import Foundation

/// The agent's and the CLI's idea of now: the wall clock, or a clock that starts at `LOCKOUT_NOW`
/// and runs `LOCKOUT_CLOCK_SCALE` times faster, for demos and end-to-end tests.
///
/// A scaled clock starts when the process starts, unless `LOCKOUT_CLOCK_EPOCH` names the real moment
/// it started: processes given the same epoch share one fast clock, so an agent restarted in the
/// middle of an accelerated run finds the time where the last one left it.
///
/// In a one-shot command, `LOCKOUT_NOW` alone (no scale, no epoch) fixes now: every reading is that moment.
public struct ProcessClock: Sendable {
    public let scale: Double
    /// Whether the clock stands still at its start (a one-shot command's `LOCKOUT_NOW`).
    public let isFixed: Bool
    private let realOrigin: Date
    private let virtualOrigin: Date
    private let wallNow: @Sendable () -> Date

    /// A clock that reads `wallNow`, starting at `startingAt` (default: the wall clock) and running `scale` times faster.
    /// With `epoch`, the clock shows `startingAt` (default: the epoch itself) at the real moment `epoch`.
    public init(scale: Double = 1, startingAt: Date? = nil, epoch: Date? = nil, wallNow: @escaping @Sendable () -> Date = { Date() }) {
        let real = epoch ?? wallNow()
        self.scale = scale
        self.isFixed = false
        self.realOrigin = real
        self.virtualOrigin = startingAt ?? real
        self.wallNow = wallNow
    }

    /// A clock that always reads `moment`.
    public init(fixedAt moment: Date) {
        scale = 1
        isFixed = true
        realOrigin = moment
        virtualOrigin = moment
        wallNow = { moment }
    }

    /// Reads `LOCKOUT_NOW` (ISO-8601), `LOCKOUT_CLOCK_SCALE` (a number ≥ 1) and `LOCKOUT_CLOCK_EPOCH`
    /// (ISO-8601) from the environment. With `oneShot` (any command but the agent and the followers of a live
    /// feed), `LOCKOUT_NOW` without a scale or an epoch fixes now.
    public static func fromEnvironment(_ environment: [String: String], oneShot: Bool = false) throws(ClockConfigurationError) -> ProcessClock {
        var start: Date?
        if let text = environment["LOCKOUT_NOW"], !text.isEmpty {
            guard let date = parseISO8601(text) else { throw .badNow(text) }
            start = date
        }
        var scale = 1.0
        if let text = environment["LOCKOUT_CLOCK_SCALE"], !text.isEmpty {
            guard let value = Double(text), value >= 1, value.isFinite else { throw .badScale(text) }
            scale = value
        }
        var epoch: Date?
        if let text = environment["LOCKOUT_CLOCK_EPOCH"], !text.isEmpty {
            guard let date = parseISO8601(text) else { throw .badEpoch(text) }
            epoch = date
        }
        if oneShot, let start, environment["LOCKOUT_CLOCK_SCALE"] ?? "" == "", epoch == nil {
            return ProcessClock(fixedAt: start)
        }
        return ProcessClock(scale: scale, startingAt: start, epoch: epoch)
    }

    /// Now on this clock.
    public func now() -> Date {
        if isFixed { return virtualOrigin }
        let elapsed = wallNow().timeIntervalSince(realOrigin)
        return virtualOrigin.addingTimeInterval(elapsed * scale)
    }

    /// The wall-clock moment at which this clock shows `date`; what a kernel timer is armed for.
    public func wallDate(for date: Date) -> Date {
        realOrigin.addingTimeInterval(date.timeIntervalSince(virtualOrigin) / scale)
    }

    /// The wall-clock time right now, unscaled.
    public func wallClock() -> Date { wallNow() }

    static func parseISO8601(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}

/// What was wrong with the testability variables.
public enum ClockConfigurationError: Error, Equatable, CustomStringConvertible {
    case badNow(String)
    case badScale(String)
    case badEpoch(String)

    public var description: String {
        switch self {
        case .badNow(let text): "LOCKOUT_NOW '\(text)' is not an ISO-8601 date-time like 2026-11-22T09:00:00Z"
        case .badScale(let text): "LOCKOUT_CLOCK_SCALE '\(text)' is not a number ≥ 1"
        case .badEpoch(let text): "LOCKOUT_CLOCK_EPOCH '\(text)' is not an ISO-8601 date-time like 2026-11-22T09:00:00Z"
        }
    }
}
