import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The Schedule screen (seed 000): per break kind a switch and steppers for the interval (minutes) and the
/// duration (seconds) within the engine's ranges, and the working-hours editor, each day with its window.
/// Every change goes through the runtime, which reschedules the next break at once.
@MainActor
@Observable
public final class ScheduleModel {
    /// The schedule as the runtime answered it last; nil until the first refresh.
    public private(set) var screen: ScheduleScreen?
    /// The working-hours editor for the same settings; nil until the first refresh.
    public private(set) var workingHours: WorkingHoursEditor?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// Eye, micro and long break: each header, switch and steppers (their ranges come with them).
    public var sections: [ScheduleScreen.Section] { screen?.sections ?? [] }
    /// All seven weekdays, Monday first, each with its switch and window.
    public var days: [WorkingHoursEditor.Day] { workingHours?.days ?? [] }

    /// Reads the settings in force again.
    public func refresh() async {
        do {
            show(try await agent.settings())
        } catch {
            message = .refusal(error)
        }
    }

    /// Turns a break kind on or off.
    public func setEnabled(_ kind: BreakKind, _ enabled: Bool) async {
        await perform(.setKind(kind, intervalMinutes: nil, durationSeconds: nil, enabled: enabled))
    }

    /// Sets the minutes between breaks of `kind`; a value out of range is refused in the engine's words.
    public func setInterval(_ kind: BreakKind, minutes: Int) async {
        await perform(.setKind(kind, intervalMinutes: minutes, durationSeconds: nil, enabled: nil))
    }

    /// Sets how many seconds a break of `kind` lasts; a value out of range is refused in the engine's words.
    public func setDuration(_ kind: BreakKind, seconds: Int) async {
        await perform(.setKind(kind, intervalMinutes: nil, durationSeconds: seconds, enabled: nil))
    }

    /// Makes `weekday` (1 is Sunday) a working day with the window it shows, or a free day.
    public func setWorkingDay(_ weekday: Int, _ isWorkingDay: Bool) async {
        guard let editor = workingHours else { return }
        await perform(.setWorkingHours(editor.settingWorkingDay(weekday, isWorkingDay)))
    }

    /// Sets `weekday`'s window to `startMinute`…`endMinute` after midnight; a window that ends before it starts
    /// is refused in the engine's words and nothing changes.
    public func setHours(_ weekday: Int, startMinute: Int, endMinute: Int) async {
        guard let editor = workingHours else { return }
        await perform(.setWorkingHours(editor.settingHours(weekday, startMinute: startMinute, endMinute: endMinute)))
    }

    /// Takes the working hours away: breaks run at any time.
    public func clearWorkingHours() async {
        await perform(.setWorkingHours(nil))
    }

    private func perform(_ command: BreakCommand) async {
        do {
            _ = try await agent.perform(command)
            show(try await agent.settings())
            message = nil
        } catch {
            message = .refusal(error)
        }
    }

    private func show(_ settings: BreakSettings) {
        screen = ScheduleScreen(settings: settings)
        workingHours = WorkingHoursEditor(settings: settings)
    }
}
