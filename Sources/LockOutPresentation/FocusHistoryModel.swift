import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The focus history (seed 001): the sessions filtered by activity, mode and a range of days, their statistics,
/// and the detail of the session tapped.
@MainActor
@Observable
public final class FocusHistoryModel {
    /// The sessions the filters select, newest first.
    public private(set) var sessions: [FocusSessionDetail] = []
    /// Their statistics: focus time, sessions, average, per activity.
    public private(set) var stats = FocusStatsScreen(FocusStats([]))
    /// The activities the activity filter offers.
    public private(set) var activities: [Activity] = []
    /// The activity filter; nil for all.
    public private(set) var activity: String?
    /// The mode filter; nil for all.
    public private(set) var mode: FocusMode?
    /// The first day shown; nil for no lower bound.
    public private(set) var from: LocalDate?
    /// The last day shown; nil for no upper bound.
    public private(set) var to: LocalDate?
    /// The session shown in full; nil while the list shows.
    public private(set) var detail: FocusSessionDetail?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// The modes the mode filter offers.
    public var modes: [FocusMode] { FocusMode.allCases }

    /// Reads the sessions and their statistics again with the current filters.
    public func refresh() async {
        await apply(activity: activity, mode: mode, from: from, to: to)
    }

    /// Shows only the sessions tagged with `activity`; nil for all.
    public func filter(activity: String?) async {
        await apply(activity: activity, mode: mode, from: from, to: to)
    }

    /// Shows only the sessions run in `mode`; nil for all.
    public func filter(mode: FocusMode?) async {
        await apply(activity: activity, mode: mode, from: from, to: to)
    }

    /// Shows only the sessions of the local days from `from` to `to`, the dates a picker chose; nil for open ends.
    /// A range whose end comes before its start is refused and the filters stay as they were.
    public func filter(from: Date?, to: Date?) async {
        await apply(activity: activity, mode: mode, from: from.map { agent.localDay($0) }, to: to.map { agent.localDay($0) })
    }

    /// Shows `id`'s session in full.
    public func show(_ id: String) async {
        do {
            let sessionID = try FocusHistoryQuery.sessionID(id)
            guard let found = try await agent.focusSession(sessionID) else { throw FocusDataError.unknownSession(id) }
            detail = found
            message = nil
        } catch {
            message = .refusal(error)
        }
    }

    /// Goes back to the list.
    public func closeDetail() {
        detail = nil
    }

    private func apply(activity: String?, mode: FocusMode?, from: LocalDate?, to: LocalDate?) async {
        do {
            let query = try FocusHistoryQuery(activity: activity, mode: mode, from: from, to: to)
            sessions = try await agent.focusHistory(query)
            stats = FocusStatsScreen(try await agent.focusStats(query))
            activities = try await agent.activities()
            (self.activity, self.mode, self.from, self.to) = (activity, mode, from, to)
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
