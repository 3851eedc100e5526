import Foundation
import LockOutCore

extension DeviceAgent {
    /// The person left or came back, as the presence sources tell it (merged).
    ///
    /// An absence is applied only while natural breaks are on; a return always is, so breaks held by an
    /// absence are never held on after natural breaks are switched off.
    public func presenceChanged(_ change: PresenceChange, naturalBreaks: Bool) {
        let event: BreakEvent
        switch change {
        case .away(let since, let reasons):
            presence.awaySince = naturalBreaks ? since : nil
            guard naturalBreaks else { return }
            // Seconds, not a Date's description: formatting a date reads the calendar data in, which would stay resident.
            logger.info("away", metadata: ["seconds": "\(Int(clock.now().timeIntervalSince(since)))", "reasons": "\(reasons.sorted().map(\.rawValue).joined(separator: ","))"])
            event = .personAway(since: since)
        case .back(let at):
            presence.awaySince = nil
            logger.info("back", metadata: ["seconds_ago": "\(Int(clock.now().timeIntervalSince(at)))"])
            event = .personBack(at: at)
        }
        applyBreakEvent(event, now: clock.now(), what: "presence")
        rearm()
    }

    /// Records which presence sources are in use and which could not be used, for `lockout status`.
    public func setPresenceSources(watching: [String], unavailable: [String: String]) {
        presence.watching = watching
        presence.unavailable = unavailable
    }

    /// What `lockout status` says of presence; `naturalBreaks` is the setting as read now.
    public func presenceReport(naturalBreaks: Bool) -> PresenceReport {
        var report = presence
        report.naturalBreaks = naturalBreaks
        return report
    }

    /// How long an absence must last to be told: the shortest enabled break, at least 20 s (a pause to read
    /// is not a break); 20 s when breaks are not started.
    public func presenceThreshold() -> TimeInterval {
        let shortest = breaks.flatMap { engine in engine.settings.enabledKinds.map { engine.settings[$0].duration }.min() }
        return max(Self.minimumAwayThreshold, shortest ?? Self.minimumAwayThreshold)
    }

    /// The shortest absence told as one.
    public static let minimumAwayThreshold: TimeInterval = 20
}
