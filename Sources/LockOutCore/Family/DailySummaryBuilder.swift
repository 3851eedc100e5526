import Foundation

/// Builds a device's day summary from what the device keeps: the day's break counts, its focus
/// segments, its health totals and whether the gate is open.
public enum DailySummaryBuilder {
    /// The summary of `day` on `device` at `now`.
    public static func summary(
        device: DeviceID, day: LocalDate, breaks: DayStat?, focus: [FocusSessionRecord], totals: HealthTotals?,
        gateOpened: Bool, rewards: RewardsSnapshot? = nil, now: Date
    ) -> DailySummary {
        let focusSeconds = focus.filter { $0.day == day && $0.isFocus }.reduce(0) { $0 + $1.actual }
        return DailySummary(
            deviceID: device, date: day,
            breaksCompleted: breaks?.completed ?? 0, breaksSkipped: breaks?.skipped ?? 0,
            focusMinutes: Int(focusSeconds / 60),
            steps: Int(totals?[.steps] ?? 0),
            gateOpened: gateOpened,
            learningSeconds: seconds(of: .learning, in: rewards),
            rewardSeconds: seconds(of: .reward, in: rewards),
            points: rewards?.screen.pointsToday ?? 0,
            appsUsed: Dictionary(uniqueKeysWithValues: (rewards?.screen.programs ?? []).filter { $0.seconds > 0 }.map { ($0.program, $0.seconds) }),
            rewards: rewards,
            lastUpdated: now
        )
    }

    /// The summary of an earlier `day` on `device` at `now`, from what is stored of it: its break counts, focus
    /// segments and health totals, the usage records that count on it and its ledger entries. What only the day
    /// itself knew — whether the gate opened, the rewards snapshot — comes from `previous`, the summary last
    /// queued for that day.
    public static func summary(
        device: DeviceID, pastDay day: LocalDate, breaks: DayStat?, focus: [FocusSessionRecord], totals: HealthTotals?,
        usage: [UsageSession], ledger: [LedgerEntry], previous: DailySummary?, calendar: Calendar, now: Date
    ) -> DailySummary {
        var summary = self.summary(
            device: device, day: day, breaks: breaks, focus: focus, totals: totals, gateOpened: previous?.gateOpened ?? false,
            rewards: previous?.rewards, now: now
        )
        let counted = usage.filter { $0.day(in: calendar) == day }
        summary.learningSeconds = counted.filter { $0.category == .learning }.reduce(0) { $0 + $1.activeSeconds }
        summary.rewardSeconds = counted.filter { $0.category == .reward }.reduce(0) { $0 + $1.activeSeconds }
        summary.appsUsed = Dictionary(counted.map { ($0.program, $0.activeSeconds) }, uniquingKeysWith: +).filter { $0.value > 0 }
        summary.points = ledger.filter { $0.day == day && $0.kind == .accrual && $0.points > 0 }.reduce(0) { $0 + $1.points }
        return summary
    }

    /// Today's active seconds of `category`'s programs in `rewards`.
    private static func seconds(of category: ProgramCategory, in rewards: RewardsSnapshot?) -> Int {
        (rewards?.screen.programs ?? []).filter { $0.category == category }.reduce(0) { $0 + $1.seconds }
    }

    /// The mutation that sends `summary`: one record per device and day, replaced as the day goes on.
    public static func mutation(_ summary: DailySummary, id: MutationID) throws -> SyncMutation {
        SyncMutation(
            id: id, type: .dailySummary, recordID: "\(summary.deviceID)/\(summary.date)", localDate: summary.date,
            body: try SyncJSON.body(summary)
        )
    }
}
