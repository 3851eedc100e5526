import Foundation

/// What the Statistics screen shows: the range picker, the chart, the summary row and the badge.
public struct StatisticsScreen: Codable, Equatable, Sendable {
    /// One choice in the range picker.
    public struct RangeOption: Codable, Equatable, Sendable {
        public let days: Int
        /// What the picker says, like "7 days".
        public let label: String
        public let selected: Bool
    }

    /// One item of the summary row, like "Rate" and "83%".
    public struct SummaryItem: Codable, Equatable, Sendable {
        public let title: String
        public let value: String
    }

    /// The width of the chart when the renderer does not ask for another.
    public static let defaultChartWidth = 40

    /// 7, 14 and 30 days, the report's range selected.
    public let rangeOptions: [RangeOption]
    /// One bar per day of the report, oldest first.
    public let bars: [ChartBar]
    /// "Total sessions", "Natural breaks" (only when some were taken by stepping away), "Rate" and "Streak", in that order.
    public let summary: [SummaryItem]
    /// Breaks skipped today (the report's last day), as an app icon badge shows it.
    public let badgeCount: Int

    /// Builds the screen from a report, with chart bars scaled to `chartWidth`.
    public init(report: StatsReport, chartWidth: Int = StatisticsScreen.defaultChartWidth) {
        rangeOptions = StatsRange.allCases.map { range in
            RangeOption(days: range.days, label: "\(range.days) days", selected: range == report.range)
        }
        bars = report.chartBars(width: chartWidth)
        let natural = report.summary.natural > 0 ? [SummaryItem(title: "Natural breaks", value: String(report.summary.natural))] : []
        summary = [SummaryItem(title: "Total sessions", value: String(report.summary.total))] + natural + [
            SummaryItem(title: "Rate", value: Self.percent(report.summary.rate)),
            SummaryItem(title: "Streak", value: Self.days(report.summary.streak)),
        ]
        if let today = report.days.last {
            badgeCount = ComplianceCalculator.badgeCount(stats: [today.stat], today: today.date)
        } else {
            badgeCount = 0
        }
    }

    /// A rate from 0 to 1 as a whole percent, like "83%".
    public static func percent(_ rate: Double) -> String {
        guard rate.isFinite else { return "0%" }
        return "\(Int((rate * 100).rounded()))%"
    }

    /// A number of days as "1 day" or "4 days".
    public static func days(_ count: Int) -> String {
        count == 1 ? "1 day" : "\(count) days"
    }
}
