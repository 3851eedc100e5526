import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The focus timer page (seed 001): the mode, minutes and activity a session starts with, the live countdown or
/// count-up, the pomodoro's segment and round, the buttons the engine accepts now, and whether a wide window
/// shows the activities beside the timer.
@MainActor
@Observable
public final class FocusTimerModel {
    /// The focus screen as the runtime computed it at the last refresh or intent; nil until the first.
    public private(set) var screen: FocusScreen?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?
    /// The activities a session can be tagged with, pinned first.
    public private(set) var activities: [Activity] = []
    /// The mode Start runs.
    public private(set) var mode: FocusMode = .timer
    /// The minutes the person picked for Start; nil for the mode's setting (or no target in focus mode).
    public private(set) var pickedMinutes: Int?
    /// The activity Start tags the session with; nil for none.
    public private(set) var activity: String?
    /// How wide the window is, as the app reads its size class.
    public var width: WidthClass = .compact

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// The modes the picker offers.
    public var modes: [FocusMode] { FocusMode.allCases }
    /// One column, or the activities left and the timer right.
    public var layout: FocusLayout { FocusLayout(width: width) }
    /// Whether the page shows two columns.
    public var showsTwoColumns: Bool { layout == .twoColumns }
    /// Whether a session runs (not paused).
    public var isRunning: Bool { screen?.status?.isRunning ?? false }
    /// Whether a session is paused.
    public var isPaused: Bool { screen?.status.map { !$0.isRunning } ?? false }
    /// The clock as `MM:SS`: time left or time run; before a start, what the chosen mode would start with.
    public var clockText: String { screen?.clockText(startingIn: mode, minutes: pickedMinutes) ?? "" }
    /// "Work" or "Break" in a pomodoro, else the mode's name; nil while stopped.
    public var label: String? { screen?.status?.label }
    /// The activity the running session is tagged with.
    public var sessionActivity: String? { screen?.status?.activity }
    /// `Focus`, `Short break` or `Long break` in a pomodoro.
    public var segmentText: String? { screen?.segmentText }
    /// `Round 2 of 4` in a pomodoro.
    public var roundText: String? { screen?.roundText }
    /// The buttons to show, in order.
    public var buttons: [FocusButton] { screen?.buttons ?? [] }
    /// The minutes the stepper shows: the picked ones, else the mode's setting; nil when there are none.
    public var minutes: Int? { pickedMinutes ?? screen?.settings.startMinutes(of: mode) }
    /// The minutes the stepper allows in the chosen mode; nil when the mode takes none (the stopwatch).
    public var minutesRange: ClosedRange<Int>? { FocusSettings.startRange(of: mode) }

    /// Reads the screen and the activities again: on appear, and every second while a session shows.
    public func refresh() async {
        do {
            screen = try await agent.focusScreen()
            activities = try await agent.activities()
        } catch {
            message = .refusal(error)
        }
    }

    /// Chooses the mode Start runs; the minutes go back to the mode's setting.
    public func choose(_ mode: FocusMode) {
        self.mode = mode
        pickedMinutes = nil
    }

    /// Picks the minutes Start asks for; nil for the mode's setting.
    public func pick(minutes: Int?) {
        pickedMinutes = minutes
    }

    /// Chooses the activity Start tags the session with; nil for none.
    public func choose(activity: String?) {
        self.activity = activity
    }

    /// Carries out a button's intent.
    public func tap(_ button: FocusButton) async {
        switch button {
        case .start: await start()
        case .pause: await pause()
        case .resume: await resume()
        case .stop: await stop()
        case .skip: await skip()
        }
    }

    /// Starts a session in the chosen mode, with the picked minutes and activity.
    public func start() async {
        await perform(.start(FocusStart(mode: mode, durationMinutes: pickedMinutes, activity: activity)))
    }

    public func pause() async { await perform(.pause) }
    public func resume() async { await perform(.resume) }
    public func stop() async { await perform(.stop) }
    public func skip() async { await perform(.skip) }

    private func perform(_ command: FocusCommand) async {
        do {
            screen = try await agent.perform(command)
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
