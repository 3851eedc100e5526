import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The Statistics screen (seed 000): the 7 / 14 / 30-day picker, completed and skipped breaks per day for a
/// stacked bar chart, the summary row (total sessions, rate, streak), and every day as CSV to share.
@MainActor
@Observable
public final class StatisticsModel {
    /// The range shown; the picker changes it.
    public private(set) var range: StatsRange
    /// The statistics of the range as the runtime answered them last; nil until the first refresh.
    public private(set) var screen: StatisticsScreen?
    /// Every day of history as `date,completed,skipped` lines, for the share sheet; nil until the first refresh.
    public private(set) var csv: String?
    /// Why the last read was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    /// A model that shows the last `range` days.
    public init(agent: DeviceAgent, range: StatsRange = .week) {
        self.agent = agent
        self.range = range
    }

    /// 7, 14 and 30 days, the one shown selected.
    public var rangeOptions: [StatisticsScreen.RangeOption] { screen?.rangeOptions ?? [] }
    /// One bar per day of the range, oldest first, with its completed and skipped counts.
    public var bars: [ChartBar] { screen?.bars ?? [] }
    /// The bars as stacked chart points: per day, completed then skipped.
    public var chartPoints: [StatisticsScreen.ChartPoint] { screen?.chartPoints ?? [] }
    /// "Total sessions", "Rate" and "Streak" with their values.
    public var summary: [StatisticsScreen.SummaryItem] { screen?.summary ?? [] }
    /// Breaks skipped today, as the app icon's badge shows it.
    public var badgeCount: Int { screen?.badgeCount ?? 0 }

    /// Reads the statistics and the CSV again: on appear, and after a break was answered.
    public func refresh() async {
        do {
            screen = StatisticsScreen(report: try await agent.statistics(range))
            csv = try await agent.dailyCSV()
            message = nil
        } catch {
            message = .refusal(error)
        }
    }

    /// Shows the last `range` days.
    public func select(_ range: StatsRange) async {
        self.range = range
        await refresh()
    }
}
