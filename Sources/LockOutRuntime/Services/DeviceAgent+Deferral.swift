import Foundation
import LockOutCore

/// Deferral: a call, a full-screen window, do-not-disturb or a chosen program holds breaks back, at most for the maximum.
///
/// The reasons are looked at when a break is about to fall due, when the sensor says a watched reason may
/// have changed (a window went full screen, do-not-disturb switched), and once a minute while a deferral
/// holds breaks — a call ends without telling. Nothing is looked at while no deferral holds and no break is due.
extension DeviceAgent {
    /// How often the reasons are looked at again while a deferral holds breaks.
    public static let deferralRecheck: TimeInterval = 60

    /// Starts deferring breaks for what `sensor` tells, with the settings `settings` reads at each look.
    public func attachDeferral(_ sensor: any DeferralSensing, settings: @escaping @Sendable () -> DeferralSettings) {
        deferralSensor = sensor
        deferralSettings = settings
        let executor = executor
        sensor.start { [weak self] in
            Task(executorPreference: executor) { await self?.reevaluateDeferral() }
        }
    }

    /// Looks at what defers breaks now and tells the breaks engine: a deferral starts, takes new reasons, or ends.
    public func reevaluateDeferral() {
        applyDeferral(now: clock.now())
        rearm()
    }

    /// What defers breaks now, as the sensor and the settings say. While a break shows and no deferral holds, a
    /// full-screen window is the break screen itself (the native one, or the browser window): it starts no deferral.
    public func deferralReasons() -> Set<DeferralReason> {
        deferralFindings().reasons
    }

    /// The reasons that defer breaks now, and the chosen programs among them.
    func deferralFindings() -> (reasons: Set<DeferralReason>, programs: [DeferredProgram]) {
        guard let deferralSensor else { return ([], []) }
        let settings = deferralSettings()
        var reasons = deferralSensor.currentReasons(enabled: settings.enabledReasons, callAllowList: settings.callAllowList)
        reasons.remove(.program)
        // The chosen programs are looked at only at these moments, like a call: no timer of their own.
        let programs = settings.programs.isEmpty ? [] : deferralSensor.programsHolding(settings.programs).sorted()
        if !programs.isEmpty { reasons.insert(.program) }
        if let engine = breaks, engine.record.deferral == nil {
            switch engine.record.state {
            case .breakPending, .breakActive: reasons.remove(.fullScreen)
            default: break
            }
        }
        return (reasons, programs)
    }

    /// Before a break falls due at a tick: whether something defers it, looked at first so it is never shown.
    func checkDeferralIfDue(now: Date) {
        guard deferralSensor != nil, let engine = breaks, engine.record.deferral == nil,
              let due = engine.nextBreakFallsDue, due <= now else { return }
        applyDeferral(now: now)
    }

    /// While a deferral holds breaks, the next look at its reasons.
    func nextDeferralCheck() -> Date? {
        guard deferralSensor != nil, breaks?.record.deferral != nil else { return nil }
        return (lastDeferralCheck ?? clock.now()).addingTimeInterval(Self.deferralRecheck)
    }

    /// Runs the look when the once-a-minute check is due.
    func recheckDeferralIfDue(now: Date) {
        guard let next = nextDeferralCheck(), next <= now else { return }
        applyDeferral(now: now)
    }

    private func applyDeferral(now: Date) {
        guard let engine = breaks else { return }
        lastDeferralCheck = now
        let (reasons, programs) = deferralFindings()
        let event: BreakEvent
        if !reasons.isEmpty {
            if let active = engine.activeDeferral, active.reasons == reasons.sorted(), active.programs == programs { return }
            if engine.record.deferral?.spent == true { return }
            event = .deferralStarted(reasons: reasons.sorted(), maximum: deferralSettings().maxDeferral, programs: programs)
        } else {
            guard engine.record.deferral != nil else { return }
            event = .deferralEnded
        }
        guard applyBreakEvent(event, now: now, what: "deferral") else { return }
        if let deferral = breaks?.activeDeferral {
            logger.info("breaks deferred", metadata: ["reasons": "\(deferral.reasons.map(\.rawValue).joined(separator: ","))", "programs": "\(deferral.programs.map(\.name).joined(separator: ","))", "minutes_at_most": "\(Int(deferral.until.timeIntervalSince(now) / 60))"])
        } else {
            logger.info("breaks no longer deferred")
        }
    }
}
