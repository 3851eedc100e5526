import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The break sheet (seed 000), shown full screen while the app is open and a break is due or being taken: the
/// break's title and what to do, an eye or a breathing circle, the countdown ring and its `MM:SS`, and Start,
/// Snooze N min, Done and Skip. It goes away (`sheet` is nil) once the break is answered, snoozed or over.
@MainActor
@Observable
public final class BreakSheetModel {
    /// The sheet as the runtime answered it last; nil while no break is due or being taken.
    public private(set) var sheet: BreakSheet?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// Whether the sheet is presented.
    public var isPresented: Bool { sheet != nil }
    /// The part of the break still to go, from 1 to 0, for the ring.
    public var ringFraction: Double { sheet?.ringFraction ?? 0 }
    /// The time still to go as `MM:SS`.
    public var countdown: String { sheet?.countdown ?? "" }

    /// Reads the sheet again: when the app comes to the front, when a break notification arrives, and every
    /// second while a break is being taken.
    public func refresh() async {
        do {
            sheet = try await agent.breakSheet()
        } catch {
            message = .refusal(error)
        }
    }

    /// Starts taking the due break: its ring runs down to its end, and it counts as done then.
    public func start() async { await answer { .takeBreakNow($0) } }
    /// Snooze N min: the break goes away and comes back after the snooze length in the settings.
    public func snooze() async { await answer { .snooze($0) } }
    /// Done: the break counts as completed in the statistics.
    public func done() async { await answer { .done($0) } }
    /// Skip: the break counts as skipped.
    public func skip() async { await answer { .skip($0) } }

    private func answer(_ command: (BreakKind?) -> BreakCommand) async {
        do {
            _ = try await agent.perform(command(sheet?.kind))
            sheet = try await agent.breakSheet()
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
