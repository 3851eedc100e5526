import Foundation

extension StatisticsScreen {
    /// One stacked segment of a day's bar, as a chart library plots it: a day on one axis, a count on the other,
    /// and the series that colours it.
    public struct ChartPoint: Codable, Equatable, Sendable, Identifiable {
        /// Which part of the bar.
        public enum Series: String, Codable, Sendable, CaseIterable {
            case completed
            case skipped

            /// What the legend says: "Completed" or "Skipped".
            public var title: String {
                switch self {
                case .completed: "Completed"
                case .skipped: "Skipped"
                }
            }
        }

        public let day: LocalDate
        /// The day as `YYYY-MM-DD`, the chart's category.
        public let dayLabel: String
        public let series: Series
        public let count: Int

        public var id: String { "\(dayLabel)-\(series.rawValue)" }
    }

    /// The bars as stacked points, oldest day first, completed before skipped within a day.
    public var chartPoints: [ChartPoint] {
        bars.flatMap { bar in
            [
                ChartPoint(day: bar.date, dayLabel: bar.date.description, series: .completed, count: bar.completed),
                ChartPoint(day: bar.date, dayLabel: bar.date.description, series: .skipped, count: bar.skipped),
            ]
        }
    }
}
