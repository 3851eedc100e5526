import Foundation
import LockOutCore

extension DeviceAgent {
    /// The person left or came back, as the presence sources tell it (merged).
    ///
    /// An absence is applied only while natural breaks are on; a return always is, so breaks held by an
    /// absence are never held on after natural breaks are switched off. Before `start` a change is only kept:
    /// `start` restores the breaks with the person away when they are.
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
        guard breaks != nil else { return }
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
    /// is not a break). Before `start`, from the stored settings, so that the presence sources can start first;
    /// 20 s when they cannot be read.
    public func presenceThreshold() -> TimeInterval {
        let settings = breaks?.settings ?? (try? breakService.stores.settings.load())
        let shortest = settings.flatMap { settings in settings.enabledKinds.map { settings[$0].duration }.min() }
        return max(Self.minimumAwayThreshold, shortest ?? Self.minimumAwayThreshold)
    }

    /// The shortest absence told as one.
    public static let minimumAwayThreshold: TimeInterval = 20
}
