import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout history [--activity NAME] [--from DATE] [--to DATE] [--json]` and `lockout history show ID`.
/// Reads the database directly.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List focus sessions with their statistics, or show one session.",
        subcommands: [List.self, Show.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List focus segments, newest first, then total focus time, sessions, average length, by activity and by day."
        )
        @OptionGroup var global: GlobalOptions
        @Option(help: "Only sessions tagged with this activity (any case).") var activity: String?
        @Option(help: "First local day, YYYY-MM-DD.") var from: String?
        @Option(help: "Last local day, YYYY-MM-DD.") var to: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (records, calendar) = try reportingErrors {
                let query = try FocusHistoryQuery(
                    activity: activity,
                    from: try from.map(TaskInput.date),
                    to: try to.map(TaskInput.date)
                )
                let context = try global.context()
                return (try context.database.focusHistory.sessions(query), context.calendar)
            }
            let stats = FocusStats(records)
            if json {
                try printJSON(HistoryReport(sessions: records, stats: stats))
            } else {
                let details = records.map { FocusSessionDetail($0, calendar: calendar) }
                print(TextRendering.history(details, stats: stats))
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one focus segment by the id 'lockout history' lists.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The session id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (record, calendar) = try reportingErrors {
                let sessionID = try FocusHistoryQuery.sessionID(id)
                let context = try global.context()
                guard let record = try context.database.focusHistory.session(sessionID) else {
                    throw FocusDataError.unknownSession(id)
                }
                return (record, context.calendar)
            }
            if json {
                try printJSON(HistoryReport.Session(record))
            } else {
                print(FocusSessionDetail(record, calendar: calendar).lines.joined(separator: "\n"))
            }
        }
    }
}

/// The JSON of `lockout history --json`: the segments, newest first, and their statistics.
struct HistoryReport: Encodable {
    /// One segment as stored, its id the text `lockout history show` takes.
    struct Session: Encodable {
        let id: String
        /// Absent for untagged segments.
        let activity: String?
        let mode: FocusMode
        let segment: FocusSegment
        /// Seconds; absent for the modes that count up.
        let planned: TimeInterval?
        /// Seconds it ran, pauses excluded.
        let actual: TimeInterval
        let startedAt: Date
        let endedAt: Date
        let outcome: FocusOutcome
        /// The local day it counts for: the day it started, in `timeZone`.
        let day: LocalDate
        /// The time zone it started in, as an identifier (`Europe/Berlin`).
        let timeZone: String

        init(_ record: FocusSessionRecord) {
            id = record.id.description
            activity = record.activity
            mode = record.mode
            segment = record.segment
            planned = record.planned
            actual = record.actual
            startedAt = record.startedAt
            endedAt = record.endedAt
            outcome = record.outcome
            day = record.day
            timeZone = record.timeZone.identifier
        }
    }

    /// Totals with the average length spelled out, since `FocusTotals` computes it.
    struct Totals: Encodable {
        let sessions: Int
        let cancelled: Int
        /// Seconds.
        let focusTime: TimeInterval
        /// Seconds.
        let averageLength: TimeInterval

        init(_ totals: FocusTotals) {
            sessions = totals.sessions
            cancelled = totals.cancelled
            focusTime = totals.focusTime
            averageLength = totals.averageLength
        }
    }

    struct ActivityRow: Encodable {
        /// nil for untagged segments.
        let activity: String?
        let totals: Totals
    }

    struct DayRow: Encodable {
        let day: LocalDate
        let totals: Totals
    }

    struct Statistics: Encodable {
        let total: Totals
        let byActivity: [ActivityRow]
        let byDay: [DayRow]
    }

    let sessions: [Session]
    let stats: Statistics

    init(sessions: [FocusSessionRecord], stats: FocusStats) {
        self.sessions = sessions.map(Session.init)
        self.stats = Statistics(
            total: Totals(stats.total),
            byActivity: stats.byActivity.map { ActivityRow(activity: $0.activity, totals: Totals($0.totals)) },
            byDay: stats.byDay.map { DayRow(day: $0.day, totals: Totals($0.totals)) }
        )
    }
}
