import Foundation

extension ShieldPlan {
    /// The gate's spans through `end`, foreseen by running a copy of the gate from deadline to deadline
    /// (midnight, the unlock time, a peek's end, the source's grace, the backstop) with no new health
    /// data: a span starts where the gate closes and ends where it opens; it is split where the shield's
    /// reason changes (the unlock time passes while steps are still short), without a change of shield.
    static func gateTimeline(_ gate: HealthGate, now: Date, through end: Date) -> ShieldTimeline {
        var timeline = ShieldTimeline(selection: .gate)
        var copy = gate
        _ = copy.advance(to: now)
        var current: (from: Date, reason: String)?
        var time = now

        func observe() {
            let reason = gateReason(copy, now: time)
            guard reason != current?.reason else { return }
            if let current {
                timeline.periods.append(gatePeriod(from: current.from, until: time, reason: current.reason))
            }
            if (reason == nil) != (current == nil), time > now {
                timeline.changes.append(time)
            }
            current = reason.map { (from: time > now ? time : .distantPast, reason: $0) }
        }

        observe()
        timeline.blockedAtStart = current != nil
        for _ in 0..<EngineForecast.maximumSteps {
            let next = copy.nextDeadline(now: time)
            guard next > time, next <= end else { break }
            time = next
            _ = copy.advance(to: time)
            observe()
        }
        if let current {
            timeline.periods.append(gatePeriod(from: current.from, until: nil, reason: current.reason))
        }
        return timeline
    }

    /// What the shield says while `gate` is closed at `now`: "Locked until you reach 10,000 steps — 6,240
    /// so far", as the Linux shield's message says it; nil while it is open.
    private static func gateReason(_ gate: HealthGate, now: Date) -> String? {
        guard gate.status(now: now).isClosed else { return nil }
        let reason = GateScreen(gate: gate, now: now).shieldReason ?? "until today's goals are met"
        return "Locked \(reason)"
    }

    private static func gatePeriod(from: Date, until: Date?, reason: String) -> ShieldPlanPeriod {
        ShieldPlanPeriod(selection: ShieldSelection.gate.rawValue, from: from, until: until, title: gateTitle, reason: reason)
    }
}
