import Foundation

/// What the dashboard shows: where the cycle stands, the next break and its countdown, today's compliance and the toggles.
public struct DashboardScreen: Codable, Equatable, Sendable {
    /// One break kind's on/off switch.
    public struct Toggle: Codable, Equatable, Sendable {
        public let kind: BreakKind
        public let title: String
        public let enabled: Bool
    }

    /// The break that comes next while running; none while a focus segment holds breaks.
    public struct NextBreak: Codable, Equatable, Sendable {
        public let kind: BreakKind
        public let title: String
        public let dueAt: Date
        public let secondsLeft: Int
        /// `MM:SS` until it falls due.
        public let countdown: String
    }

    /// The break on screen or snoozed right now.
    public struct CurrentBreak: Codable, Equatable, Sendable {
        public let kind: BreakKind
        public let title: String
        public let body: String
        public let covers: [BreakKind]
        public let snoozeCount: Int
        public let canSnooze: Bool
        /// When a snoozed break comes back or an active break ends.
        public let until: Date?
        /// `MM:SS` until then.
        public let countdown: String?
    }

    /// `idle`, `running`, `breakPending`, `snoozed`, `breakActive` or `paused`.
    public let state: String
    /// One line a person reads, like "Eye Break in 12:30".
    public let headline: String
    public let nextBreak: NextBreak?
    public let currentBreak: CurrentBreak?
    public let pausedUntil: Date?
    /// Breaks wait for the running focus segment: none newly falls due until it ends.
    public let heldForFocus: Bool
    /// Why breaks wait, and until when at most, while a full-screen window, a call or do-not-disturb defers
    /// them or the person is away: "Breaks wait for a call, until 15:40 at most"; nil otherwise.
    public let waiting: String?
    /// Today's compliance from 0 to 1, nil when no break fell due today.
    public let todayCompliance: Double?
    /// Today's compliance as a whole percent, like "83%", or "—" when no break fell due today.
    public let todayCompliancePercent: String
    /// Breaks skipped today: the badge count.
    public let skippedToday: Int
    public let toggles: [Toggle]

    public init(engine: BreakEngine, today: DayStat?, now: Date) {
        let settings = engine.settings
        let record = engine.record
        toggles = BreakKind.allCases.map { Toggle(kind: $0, title: $0.title, enabled: settings[$0].enabled) }
        todayCompliance = today.flatMap { $0.total > 0 ? $0.complianceRate : nil }
        todayCompliancePercent = todayCompliance.map(StatisticsScreen.percent) ?? "—"
        skippedToday = today?.skipped ?? 0

        state = record.state.name
        heldForFocus = record.heldSince != nil
        waiting = Self.waiting(engine: engine, now: now)
        let upcoming = Self.nextBreak(engine: engine, now: now)
        switch record.state {
        case .idle:
            nextBreak = nil
            currentBreak = nil
            pausedUntil = nil
            headline = Self.idleHeadline(engine: engine, now: now)
        case .paused(let until):
            nextBreak = nil
            currentBreak = nil
            pausedUntil = until
            headline = until.map { "Paused until \(LocalTimeText.text($0, now: now, calendar: engine.calendar))" }
                ?? "Paused"
        case .running:
            nextBreak = upcoming
            currentBreak = nil
            pausedUntil = nil
            headline = if heldForFocus {
                Self.heldHeadline
            } else if let waiting {
                waiting
            } else {
                upcoming.map { "\($0.title) in \($0.countdown)" }
                    ?? Self.noUpcomingBreak(settings: settings, scheduledUntil: record.scheduledUntil, now: now)
            }
        case .breakPending(let due):
            nextBreak = nil
            currentBreak = Self.current(due, until: nil, now: now)
            pausedUntil = nil
            headline = "\(due.kind.title) is due"
        case .snoozed(let due, let until):
            nextBreak = nil
            currentBreak = Self.current(due, until: until, now: now)
            pausedUntil = nil
            headline = "\(due.kind.title) snoozed, back in \(DurationParser.countdown(until.timeIntervalSince(now)))"
        case .breakActive(let due, _, let endsAt):
            nextBreak = nil
            currentBreak = Self.current(due, until: endsAt, now: now)
            pausedUntil = nil
            headline = "\(due.kind.title) in progress, \(DurationParser.countdown(endsAt.timeIntervalSince(now))) left"
        }
    }

    private static func idleHeadline(engine: BreakEngine, now: Date) -> String {
        if let stoppedUntil = engine.record.stoppedUntil {
            return "Breaks are stopped until \(LocalTimeText.text(stoppedUntil, now: now, calendar: engine.calendar))"
        }
        if let opens = engine.nextDeadline(now: now), engine.settings.workingHours != nil {
            return "Outside working hours: breaks start at \(LocalTimeText.text(opens, now: now, calendar: engine.calendar))"
        }
        return stoppedHeadline
    }

    /// Why breaks wait: a deferral with its reasons and its maximum, or the person's absence.
    private static func waiting(engine: BreakEngine, now: Date) -> String? {
        if let deferral = engine.activeDeferral {
            let reasons = deferral.reasonTexts
            let said = reasons.count > 1 ? reasons.dropLast().joined(separator: ", ") + " and " + (reasons.last ?? "") : reasons.joined()
            return "Breaks wait for \(said), until \(LocalTimeText.text(deferral.until, now: now, calendar: engine.calendar)) at most"
        }
        if engine.isAway { return "You are away: breaks wait for your return" }
        return nil
    }

    /// What an idle dashboard says when breaks were stopped by hand, with nothing more to tell.
    public static let stoppedHeadline = "Breaks are stopped"

    /// What a running dashboard says while a focus segment holds breaks: no countdown can be honest then.
    static let heldHeadline = "Breaks wait until the focus segment ends"

    /// The break that falls due next, or nil when none will on its own: while held, when it ends is the focus segment's to say.
    private static func nextBreak(engine: BreakEngine, now: Date) -> NextBreak? {
        guard engine.record.heldSince == nil, engine.activeDeferral == nil, !engine.isAway else { return nil }
        let scheduledUntil = engine.record.scheduledUntil
        let deadlines = engine.settings.enabledKinds
            .map { (kind: $0, at: engine.deadline(of: $0)) }
            .filter { entry in scheduledUntil.map { entry.at < $0 } ?? true }
        guard let earliest = deadlines.map(\.at).min() else { return nil }
        let kind = deadlines
            .filter { $0.at <= earliest.addingTimeInterval(BreakEngine.coincidenceWindow) }
            .map(\.kind)
            .max() ?? .eye
        let left = earliest.timeIntervalSince(now)
        return NextBreak(
            kind: kind,
            title: kind.title,
            dueAt: earliest,
            secondsLeft: max(0, Int(left.rounded(.up))),
            countdown: DurationParser.countdown(left)
        )
    }

    /// Why nothing is coming: every kind is off, or the working-hours window ends before the next deadline.
    private static func noUpcomingBreak(settings: BreakSettings, scheduledUntil: Date?, now: Date) -> String {
        guard !settings.enabledKinds.isEmpty, let end = scheduledUntil else { return "No break kind is enabled" }
        return "No more breaks today, working hours end in \(DurationParser.countdown(end.timeIntervalSince(now)))"
    }

    private static func current(_ due: DueBreak, until: Date?, now: Date) -> CurrentBreak {
        CurrentBreak(
            kind: due.kind,
            title: due.kind.title,
            body: due.kind.body,
            covers: due.covers,
            snoozeCount: due.snoozeCount,
            canSnooze: due.snoozeCount < BreakSettings.maxSnoozes,
            until: until,
            countdown: until.map { DurationParser.countdown($0.timeIntervalSince(now)) }
        )
    }
}
