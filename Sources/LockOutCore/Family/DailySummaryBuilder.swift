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
