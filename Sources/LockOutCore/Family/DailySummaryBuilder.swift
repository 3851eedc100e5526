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
            learningSeconds: rewards.map { $0.screen.programs.filter { $0.category == .learning }.reduce(0) { $0 + $1.minutes * 60 } } ?? 0,
            rewardSeconds: rewards.map { $0.screen.programs.filter { $0.category == .reward }.reduce(0) { $0 + $1.minutes * 60 } } ?? 0,
            points: rewards?.screen.pointsToday ?? 0,
            appsUsed: rewards.map { Dictionary(uniqueKeysWithValues: $0.screen.programs.filter { $0.minutes > 0 }.map { ($0.program, $0.minutes * 60) }) } ?? [:],
            rewards: rewards,
            lastUpdated: now
        )
    }

    /// The mutation that sends `summary`: one record per device and day, replaced as the day goes on.
    public static func mutation(_ summary: DailySummary, id: MutationID) throws -> SyncMutation {
        SyncMutation(
            id: id, type: .dailySummary, recordID: "\(summary.deviceID)/\(summary.date)", localDate: summary.date,
            body: try SyncJSON.body(summary)
        )
    }
}
