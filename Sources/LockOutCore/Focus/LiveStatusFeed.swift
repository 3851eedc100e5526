import Foundation

/// What the live status feed sends its subscribers.
public enum LiveStatusUpdate: Hashable, Sendable {
    /// The session's current status.
    case publish(LiveStatus)
    /// The session ended; nothing is shown any more.
    case end
}

/// The live status stream of one runtime: applies `LiveStatusThrottle` and ends the stream cleanly.
public struct LiveStatusFeed: Hashable, Sendable {
    /// The status last sent, or nil when none is shown.
    public private(set) var lastPublished: LiveStatus?
    /// When it was sent.
    public private(set) var lastPublishedAt: Date?

    /// A feed that has sent nothing yet.
    public init() {}

    /// Offers the current status (nil when no session runs); returns the update to send, if any.
    public mutating func offer(_ status: LiveStatus?, now: Date) -> LiveStatusUpdate? {
        guard let status else { return end() }
        guard LiveStatusThrottle.shouldPublish(previous: lastPublished, next: status, lastPublishedAt: lastPublishedAt, now: now) else {
            return nil
        }
        lastPublished = status
        lastPublishedAt = now
        return .publish(status)
    }

    /// Ends the stream: `.end` once if a status was shown, then nothing lingers.
    public mutating func end() -> LiveStatusUpdate? {
        guard lastPublished != nil else { return nil }
        lastPublished = nil
        lastPublishedAt = nil
        return .end
    }

    /// Applies an engine effect: a status change goes out at once, an end ends the stream.
    public mutating func apply(_ effect: FocusEffect, now: Date) -> LiveStatusUpdate? {
        switch effect {
        case .publishStatus(let status):
            lastPublished = status
            lastPublishedAt = now
            return .publish(status)
        case .endStatus:
            return end()
        case .scheduleAlarm, .scheduleNotification, .cancelAlert, .save:
            return nil
        }
    }
}
