import Foundation

/// How many days a statistics report covers, ending today.
public enum StatsRange: Int, CaseIterable, Codable, Sendable {
    /// The last 7 days.
    case week = 7
    /// The last 14 days.
    case twoWeeks = 14
    /// The last 30 days.
    case month = 30

    /// Parses a number of days as typed on the command line or sent over the API.
    public init(days: Int) throws(StatsInputError) {
        guard let range = StatsRange(rawValue: days) else { throw .unsupportedRange(days: days) }
        self = range
    }

    /// The number of days covered.
    public var days: Int { rawValue }
}

/// What was wrong with a request for statistics.
public enum StatsInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A number of days other than 7, 14 or 30.
    case unsupportedRange(days: Int)

    /// A message that says what is allowed.
    public var description: String {
        switch self {
        case .unsupportedRange(let days):
            let allowed = StatsRange.allCases.map { String($0.days) }
            return "a range of \(days) days is not supported: use \(allowed.dropLast().joined(separator: ", ")) or \(allowed.last ?? "")"
        }
    }
}

/// Break statistics for every day of a range ending today, with a summary row.
///
/// Encodes as `{"days":[{"date":"YYYY-MM-DD","completed":N,"skipped":N,"natural":N,"rate":R}],"summary":{"total":N,"natural":N,"rate":R,"streak":N}}`;
/// `natural` counts the completed breaks taken by stepping away.
/// Key order is the encoder's: Foundation on Linux does not keep it, so use `.sortedKeys` for byte-stable output.
public struct StatsReport: Codable, Equatable, Sendable {
    /// One day's counts and compliance rate.
    public struct DayRow: Codable, Equatable, Sendable {
        public let date: LocalDate
        public let completed: Int
        public let skipped: Int
        /// Of the completed, those taken by stepping away.
        public let natural: Int
        /// `completed / max(completed + skipped, 1)`.
        public let rate: Double

        /// Creates a row from one day's counts.
        public init(_ stat: DayStat) {
            date = stat.date
            completed = stat.completed
            skipped = stat.skipped
            natural = stat.natural
            rate = stat.complianceRate
        }

        /// The row's counts as a `DayStat`.
        public var stat: DayStat { DayStat(date: date, completed: completed, skipped: skipped, natural: natural) }

        private enum CodingKeys: String, CodingKey { case date, completed, skipped, natural, rate }

        /// Reads a row; one sent before natural breaks existed has none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            date = try container.decode(LocalDate.self, forKey: .date)
            completed = try container.decode(Int.self, forKey: .completed)
            skipped = try container.decode(Int.self, forKey: .skipped)
            natural = try container.decodeIfPresent(Int.self, forKey: .natural) ?? 0
            rate = try container.decode(Double.self, forKey: .rate)
        }
    }

    /// The summary row: total sessions, overall rate and current streak.
    public struct Summary: Codable, Equatable, Sendable {
        /// Breaks completed or skipped over the range.
        public let total: Int
        /// Of those, the completed ones taken by stepping away.
        public let natural: Int
        /// ``ComplianceCalculator/overallRate(stats:)`` over the range.
        public let rate: Double
        /// ``ComplianceCalculator/streakDays(stats:today:calendar:)`` over all the history given.
        public let streak: Int

        /// Creates a summary from figures already computed.
        public init(total: Int, natural: Int = 0, rate: Double, streak: Int) {
            self.total = total
            self.natural = natural
            self.rate = rate
            self.streak = streak
        }

        private enum CodingKeys: String, CodingKey { case total, natural, rate, streak }

        /// Reads a summary; one sent before natural breaks existed has none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            total = try container.decode(Int.self, forKey: .total)
            natural = try container.decodeIfPresent(Int.self, forKey: .natural) ?? 0
            rate = try container.decode(Double.self, forKey: .rate)
            streak = try container.decode(Int.self, forKey: .streak)
        }
    }

    /// The range covered; not encoded, since it is the number of rows.
    public let range: StatsRange
    /// One row per calendar day of the range, oldest first, ending today.
    public let days: [DayRow]
    /// Totals over the range and the current streak.
    public let summary: Summary

    /// Builds the report for `range` days ending `today`; days missing from `stats` count as zero.
    ///
    /// The streak is computed over all of `stats`, so pass the longer history when there is one.
    public init(range: StatsRange, stats: [DayStat], today: LocalDate, calendar: Calendar) {
        let daily = ComplianceCalculator.daily(stats)
        let first = today.adding(days: 1 - range.days, in: calendar)
        // The history may reach back years: index only the days from the start of the range on.
        let byDay = Dictionary(uniqueKeysWithValues: daily.reversed().prefix { $0.date >= first }.map { ($0.date, $0) })
        var day = first
        var rows: [DayRow] = []
        for _ in 0..<range.days {
            rows.append(DayRow(byDay[day] ?? DayStat(date: day, completed: 0, skipped: 0)))
            day = day.adding(days: 1, in: calendar)
        }
        let inRange = rows.map(\.stat)
        self.range = range
        self.days = rows
        self.summary = Summary(
            total: inRange.reduce(0) { $0 + $1.total },
            natural: inRange.reduce(0) { $0 + $1.natural },
            rate: ComplianceCalculator.overallRate(stats: inRange),
            streak: ComplianceCalculator.streakDays(daily: daily, today: today)
        )
    }

    private enum CodingKeys: String, CodingKey { case days, summary }

    /// Reads a report; the range is taken from the number of days, which must be 7, 14 or 30.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        days = try container.decode([DayRow].self, forKey: .days)
        summary = try container.decode(Summary.self, forKey: .summary)
        guard let range = StatsRange(rawValue: days.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .days, in: container,
                debugDescription: StatsInputError.unsupportedRange(days: days.count).description
            )
        }
        self.range = range
    }

    /// Writes only `days` and `summary`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(days, forKey: .days)
        try container.encode(summary, forKey: .summary)
    }

    /// Bars for a chart `width` cells (or points, or percent) wide, scaled so the busiest day fills it.
    public func chartBars(width: Int) -> [ChartBar] {
        ChartBar.bars(for: days.map(\.stat), width: width)
    }
}

/// One day's bar in the statistics chart: the counts, and the lengths to draw the completed and skipped parts.
public struct ChartBar: Codable, Equatable, Sendable {
    public let date: LocalDate
    public let completed: Int
    public let skipped: Int
    /// Length of the completed part, in the units of the chart width.
    public let completedLength: Int
    /// Length of the skipped part, drawn after the completed part.
    public let skippedLength: Int

    /// Creates a bar with lengths already scaled.
    public init(date: LocalDate, completed: Int, skipped: Int, completedLength: Int, skippedLength: Int) {
        self.date = date
        self.completed = completed
        self.skipped = skipped
        self.completedLength = completedLength
        self.skippedLength = skippedLength
    }

    /// One bar per stat, scaled so the day with the most breaks is `width` long.
    ///
    /// The whole bar is `round(total × width / maxTotal)` and the completed part is rounded the same
    /// way, so the two parts always add up to the whole bar. All lengths are 0 when no day has breaks
    /// or `width` is not positive.
    static func bars(for stats: [DayStat], width: Int) -> [ChartBar] {
        let maxTotal = stats.map(\.total).max() ?? 0
        func scaled(_ count: Int) -> Int {
            guard maxTotal > 0, width > 0 else { return 0 }
            return Int((Double(count) * Double(width) / Double(maxTotal)).rounded())
        }
        return stats.map { stat in
            let whole = scaled(stat.total)
            let completedPart = min(scaled(stat.completed), whole)
            return ChartBar(
                date: stat.date, completed: stat.completed, skipped: stat.skipped,
                completedLength: completedPart, skippedLength: whole - completedPart
            )
        }
    }
}
