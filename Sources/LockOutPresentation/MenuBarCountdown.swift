import Foundation
import LockOutCore
import Observation

/// The Mac's menu bar label: the next break's `MM:SS`, moving every second by itself, or "LockOut" when no break is
/// planned. The label is always on screen, so it can't wait for a view that refreshes its model: `run()` ticks on the
/// whole second from the dashboard's last reading, and reads the runtime again only when the countdown runs out (the
/// break falls due). The app refreshes the dashboard after every transition the runtime reports.
@MainActor
@Observable
public final class MenuBarCountdown {
    /// What the label shows.
    public private(set) var title: String

    @ObservationIgnored private let dashboard: DashboardModel
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let wait: @Sendable (Duration) async throws -> Void

    /// A label over `dashboard`; `now` reads the wall clock and `wait` sleeps (injected by tests).
    public init(
        dashboard: DashboardModel, now: @escaping @Sendable () -> Date = { Date() },
        wait: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.dashboard = dashboard
        self.now = now
        self.wait = wait
        title = Self.placeholder
    }

    /// What shows when no break is planned.
    public static let placeholder = "LockOut"

    /// Ticks until cancelled.
    public func run() async {
        while !Task.isCancelled {
            await tick()
            let fraction = now().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
            do {
                try await wait(.milliseconds(Int(((1 - fraction) * 1_000).rounded(.up))))
            } catch {
                return
            }
        }
    }

    /// Shows the countdown at this moment, reading the runtime again when it has run out.
    public func tick() async {
        let moment = now()
        if dashboard.screen == nil || dashboard.screen?.nextBreak.map({ $0.dueAt <= moment }) == true {
            await dashboard.refresh()
        }
        title = dashboard.countdown(at: moment) ?? Self.placeholder
    }
}
