import Foundation

/// The statistics under the focus history (seed 001): the sessions a filter selects, added up, and per activity.
public struct FocusStatsScreen: Codable, Hashable, Sendable {
    /// One activity's line: its name (`No activity` for untagged time), its focus time and sessions.
    public struct Row: Codable, Hashable, Sendable {
        public let activity: String
        /// Like `1h30m`.
        public let focusTime: String
        /// Like `3 sessions`.
        public let sessions: String
    }

    /// Focus time together, like `1h30m`; `0s` without sessions.
    public let focusTime: String
    /// `3 sessions`, `1 session`, with `, 1 cancelled` when some were cut short.
    public let sessions: String
    /// The average session's length, like `25m`; `—` without sessions.
    public let averageLength: String
    /// Most focus time first, as ``FocusStats`` orders them.
    public let byActivity: [Row]

    /// The screen of `stats`.
    public init(_ stats: FocusStats) {
        focusTime = DurationParser.format(seconds: Int(stats.total.focusTime))
        sessions = Self.sessionsText(stats.total)
        averageLength = stats.total.sessions == 0 ? "—" : DurationParser.format(seconds: Int(stats.total.averageLength))
        byActivity = stats.byActivity.map { row in
            Row(
                activity: row.activity ?? FocusSessionDetail.noActivity,
                focusTime: DurationParser.format(seconds: Int(row.totals.focusTime)),
                sessions: Self.sessionsText(row.totals)
            )
        }
    }

    private static func sessionsText(_ totals: FocusTotals) -> String {
        let count = "\(totals.sessions) session\(totals.sessions == 1 ? "" : "s")"
        return totals.cancelled == 0 ? count : "\(count), \(totals.cancelled) cancelled"
    }
}
