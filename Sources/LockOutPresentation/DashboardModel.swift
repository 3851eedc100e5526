import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The breaks Dashboard (seed 000): the next break and its `MM:SS` countdown, today's compliance, a switch per
/// break kind, and the buttons that start, stop, pause and take a break now.
@MainActor
@Observable
public final class DashboardModel {
    /// The dashboard as the runtime computed it at the last refresh; nil until the first.
    public private(set) var screen: DashboardScreen?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// The headline: "Eye break in 19:59", "Paused until 09:00", "Breaks are stopped".
    public var headline: String { screen?.headline ?? "" }
    /// The next break's countdown as `MM:SS`; nil when none is planned.
    public var countdown: String? { screen?.nextBreak?.countdown }
    /// The next break's countdown at `now`, from the due time the last refresh read: what a label that moves every
    /// second without reading the runtime again shows (the Mac's menu bar). nil when none is planned.
    public func countdown(at now: Date) -> String? {
        screen?.nextBreak.map { DurationParser.countdown($0.dueAt.timeIntervalSince(now)) }
    }

    /// Today's compliance as a percentage, "—" before the first break of the day.
    public var compliance: String { screen?.todayCompliancePercent ?? "—" }
    /// One switch per break kind, in the order the seed lists them.
    public var toggles: [DashboardScreen.Toggle] { screen?.toggles ?? [] }
    /// Whether the cycle runs (the Start button shows when it does not).
    public var isRunning: Bool { screen.map { $0.state != "idle" } ?? false }

    /// Reads the dashboard again: on appear, every second while a countdown shows, and after an intent elsewhere.
    public func refresh() async {
        do {
            screen = try await agent.dashboard()
        } catch {
            message = .refusal(error)
        }
    }

    /// Turns a break kind on or off.
    public func setEnabled(_ kind: BreakKind, _ enabled: Bool) async {
        await perform(.setKind(kind, intervalMinutes: nil, durationSeconds: nil, enabled: enabled))
    }

    public func start() async { await perform(.start) }
    public func stop() async { await perform(.stop) }
    public func takeBreakNow() async { await perform(.takeBreakNow(nil)) }
    public func pauseUntilTomorrow() async { await perform(.pauseUntilTomorrow) }
    public func resume() async { await perform(.resume) }

    private func perform(_ command: BreakCommand) async {
        do {
            screen = try await agent.perform(command)
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
