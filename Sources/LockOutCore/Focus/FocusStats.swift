import Foundation

/// Focus time and session counts over some focus segments.
public struct FocusTotals: Codable, Hashable, Sendable {
    /// Focus segments counted, cancelled ones included.
    public let sessions: Int
    /// Of those, how many were cancelled.
    public let cancelled: Int
    /// Their actual running time added up, in seconds.
    public let focusTime: TimeInterval

    /// Totals with every figure given.
    public init(sessions: Int, cancelled: Int, focusTime: TimeInterval) {
        self.sessions = sessions
        self.cancelled = cancelled
        self.focusTime = focusTime
    }

    /// No sessions.
    public static let zero = FocusTotals(sessions: 0, cancelled: 0, focusTime: 0)

    /// `focusTime / sessions`; 0 without sessions.
    public var averageLength: TimeInterval { sessions == 0 ? 0 : focusTime / Double(sessions) }

    /// These totals with `record` added.
    func adding(_ record: FocusSessionRecord) -> FocusTotals {
        FocusTotals(
            sessions: sessions + 1,
            cancelled: cancelled + (record.outcome == .cancelled ? 1 : 0),
            focusTime: focusTime + max(0, record.actual)
        )
    }
}

/// Statistics for `lockout history`: overall, per activity and per local day.
///
/// Only focus segments count: pomodoro short and long breaks are rest, not focus, and are left out
/// of every figure. A cancelled segment counts as a session with the time it really ran, since that
/// time was spent focused; `cancelled` says how many of the sessions were cut short.
public struct FocusStats: Codable, Hashable, Sendable {
    /// One activity's totals; `activity` is nil for untagged segments.
    public struct ActivityRow: Codable, Hashable, Sendable {
        /// The activity's name, nil for untagged segments.
        public let activity: String?
        /// Its focus time and sessions.
        public let totals: FocusTotals
    }

    /// One local day's totals.
    public struct DayRow: Codable, Hashable, Sendable {
        /// The local day the segments started on.
        public let day: LocalDate
        /// Its focus time and sessions.
        public let totals: FocusTotals
    }

    /// Everything together.
    public let total: FocusTotals
    /// Most focus time first, then by name; untagged last among equals.
    public let byActivity: [ActivityRow]
    /// Oldest day first; only days with focus segments.
    public let byDay: [DayRow]

    /// The statistics of `records`, usually what a ``FocusHistoryQuery`` returned.
    /// Activity names that differ only in case are one activity, spelled as in the newest record.
    public init(_ records: [FocusSessionRecord]) {
        let focus = records.filter(\.isFocus).sorted { $0.startedAt > $1.startedAt }
        var total = FocusTotals.zero
        var activities: [String: (name: String?, totals: FocusTotals)] = [:]
        var days: [LocalDate: FocusTotals] = [:]
        for record in focus {
            total = total.adding(record)
            let key = record.activity.map(ActivityName.key) ?? ""
            let entry = activities[key] ?? (record.activity, .zero)
            activities[key] = (entry.name, entry.totals.adding(record))
            days[record.day] = (days[record.day] ?? .zero).adding(record)
        }
        self.total = total
        byActivity = activities.values
            .map { ActivityRow(activity: $0.name, totals: $0.totals) }
            .sorted { lhs, rhs in
                if lhs.totals.focusTime != rhs.totals.focusTime { return lhs.totals.focusTime > rhs.totals.focusTime }
                return (lhs.activity.map(TextSearch.fold) ?? "\u{10FFFF}") < (rhs.activity.map(TextSearch.fold) ?? "\u{10FFFF}")
            }
        byDay = days.map { DayRow(day: $0.key, totals: $0.value) }.sorted { $0.day < $1.day }
    }
}
