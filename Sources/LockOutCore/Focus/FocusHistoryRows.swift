import Foundation

/// What `lockout history show ID` prints about one focus segment, every field already a string.
public struct FocusSessionDetail: Codable, Hashable, Sendable {
    /// The session id, as `lockout history show` takes it.
    public let id: String
    /// The activity, or `No activity`.
    public let activity: String
    /// `Timer`, `Pomodoro`, `Stopwatch` or `Focus`.
    public let mode: String
    /// `Focus`, `Short break` or `Long break`.
    public let segment: String
    /// `25:00`, or `—` for the modes that count up.
    public let planned: String
    /// How long it ran, pauses excluded, like `24:10`.
    public let actual: String
    /// `YYYY-MM-DD HH:MM` where it started, followed by that time zone when it is not the reader's.
    public let startedAt: String
    /// `YYYY-MM-DD HH:MM` in the same time zone as `startedAt`.
    public let endedAt: String
    /// `Completed` or `Cancelled`.
    public let outcome: String

    /// The detail of `record`, its times read in the time zone it started in, where its day was fixed,
    /// so a row never shows another day than the one it counts for; that zone is named when it is not
    /// `calendar`'s, the reader's.
    public init(_ record: FocusSessionRecord, calendar: Calendar) {
        let own = calendar.withTimeZone(record.timeZone)
        let zone = record.timeZone.identifier == calendar.timeZone.identifier ? "" : " \(record.timeZone.identifier)"
        id = record.id.description
        activity = record.activity ?? Self.noActivity
        mode = record.mode.displayName
        segment = Self.name(record.segment)
        planned = record.planned.map(DurationParser.countdown) ?? "—"
        actual = DurationParser.elapsed(record.actual)
        startedAt = Self.localText(record.startedAt, own) + zone
        endedAt = Self.localText(record.endedAt, own) + zone
        outcome = record.outcome == .completed ? "Completed" : "Cancelled"
    }

    /// The activity text of an untagged segment.
    public static let noActivity = "No activity"

    /// The person-facing name of a segment.
    public static func name(_ segment: FocusSegment) -> String {
        switch segment {
        case .focus: "Focus"
        case .shortBreak: "Short break"
        case .longBreak: "Long break"
        }
    }

    /// `YYYY-MM-DD HH:MM` of `date` in `calendar`'s time zone.
    public static func localText(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let time = "\(String(parts.hour ?? 0).leftPadded(to: 2)):\(String(parts.minute ?? 0).leftPadded(to: 2))"
        return "\(LocalDate(date, in: calendar)) \(time)"
    }

    /// One line of `lockout history`: start, activity, mode and segment, actual/planned, outcome, id.
    public var summaryLine: String {
        "\(startedAt)  \(activity)  \(mode) \(segment)  \(actual)/\(planned)  \(outcome)  \(id)"
    }

    /// The lines `lockout history show` prints, `label: value`.
    public var lines: [String] {
        [
            "Session:  \(id)", "Activity: \(activity)", "Mode:     \(mode)", "Segment:  \(segment)",
            "Planned:  \(planned)", "Actual:   \(actual)", "Started:  \(startedAt)", "Ended:    \(endedAt)",
            "Outcome:  \(outcome)",
        ]
    }
}
