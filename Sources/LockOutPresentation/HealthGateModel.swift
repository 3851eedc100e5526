import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// One goal's editor on the gate screen: its switch and its stepper, with the range and step Core allows.
public struct GateGoalEditor: Hashable, Sendable, Identifiable {
    /// Which goal.
    public let kind: GateGoalKind
    /// `Steps`, `Active energy`, `Exercise`, `Unlock time`.
    public let name: String
    /// Whether it counts.
    public let isEnabled: Bool
    /// What it demands now (a held edit is not applied yet).
    public let target: Int
    /// `10,000 steps`, `500 kcal`, `30 min`, `19:00`.
    public let targetText: String
    /// The days it applies on, as people say them.
    public let days: String
    /// The targets it may have.
    public let range: ClosedRange<Int>
    /// What the stepper moves by.
    public let step: Int

    public var id: GateGoalKind { kind }

    init(_ setting: GateScreen.GoalSetting) {
        kind = setting.kind
        name = setting.kind.name
        isEnabled = setting.isEnabled
        target = setting.target
        targetText = setting.kind.targetText(setting.target)
        days = setting.days
        range = setting.kind.allowed
        step = setting.kind.increment
    }
}

/// The health gate (seed 004): each goal's progress and badge, whether the gate is open and why, peek, the
/// emergency unlock with its wait and code, a held weakening edit and when it applies, the goal editors, and
/// the blocked apps.
@MainActor
@Observable
public final class HealthGateModel {
    /// The gate screen as the runtime computed it at the last refresh or intent; nil until the first.
    public private(set) var screen: GateScreen?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?
    /// What the last intent did besides its effect on the screen (a held edit it replaced); nil otherwise.
    public private(set) var notice: String?

    @ObservationIgnored private let agent: DeviceAgent

    public init(agent: DeviceAgent) {
        self.agent = agent
    }

    /// `Locked` or `Open`.
    public var title: String { screen?.title ?? "" }
    /// Why the gate is open or what keeps it closed.
    public var headline: String { screen?.headline ?? "" }
    /// Whether blocked apps are locked now.
    public var isLocked: Bool { screen?.status.isClosed ?? false }
    /// Each goal that applies today: its fraction (the ring), `6,240 / 10,000 steps`, and its badge once met.
    public var goals: [GateScreen.GoalRow] { screen?.goals ?? [] }
    /// Why health data could not be read, while the source is failing.
    public var sourceFailure: String? { screen?.sourceFailureText }
    /// What a peek would do, or how long the running one lasts.
    public var peekText: String { screen?.peekText ?? "" }
    /// Whether the Peek button shows.
    public var canPeek: Bool {
        if case .available = screen?.peek { return true }
        return false
    }
    /// Whether the Emergency unlock button shows.
    public var offersEmergencyUnlock: Bool { screen?.offersEmergencyUnlock ?? false }
    /// What the emergency unlock does or did.
    public var emergencyText: String? { screen?.emergencyText }
    /// The code asked for now: the emergency unlock's, else the held edit's.
    public var codeRequest: GateScreen.CodeRequest? { screen?.codeRequest }
    /// How long until the code shows, or the code to type.
    public var codePrompt: String? { codeRequest?.prompt }
    /// Whether the code field and Confirm show: the code is on screen.
    public var acceptsCode: Bool { codeRequest?.code != nil }
    /// When the held weakening edit applies; nil when none is held.
    public var heldEditText: String? { screen?.heldEditText }
    /// What the held edit changes, a line each.
    public var heldChanges: [String] { screen?.heldChanges ?? [] }
    /// Whether something can be cancelled: the code asked for, or the held edit.
    public var canCancel: Bool { codeRequest != nil || screen?.hasHeldEdit == true }
    /// Every goal's editor, the ones that do not apply today too.
    public var goalEditors: [GateGoalEditor] { screen?.goalSettings.map(GateGoalEditor.init) ?? [] }
    /// The blocked apps, by the names people read.
    public var blockedApps: [BlockedApp] { screen?.blockedApps ?? [] }

    /// Reads the gate again as it stands: on appear, and every second while a countdown shows.
    public func refresh() async {
        do {
            screen = try await agent.gateScreen()
        } catch {
            message = .refusal(error)
        }
    }

    /// Reads the health source again and judges the gate on it: when the app comes to the foreground.
    public func checkHealth() async { await perform(.refresh) }

    /// Opens blocked apps for the next peek's length.
    public func peek() async { await perform(.peek) }

    /// Starts the emergency unlock: its code shows after the wait.
    public func requestEmergencyUnlock() async { await perform(.emergencyUnlock) }

    /// Types the code shown, for the emergency unlock or the held edit.
    public func enterCode(_ code: String) async { await perform(.enterCode(code)) }

    /// Gives up the code asked for; a held edit goes with it.
    public func cancel() async { await perform(.cancelCode) }

    /// Sets a goal's target and turns it on; a weaker one waits while today's goals are unmet.
    public func setTarget(_ kind: GateGoalKind, _ target: Int) async {
        await perform(.setGoal(kind, target: target, schedule: nil))
    }

    /// Turns a goal on or off; off waits while today's goals are unmet.
    public func setEnabled(_ kind: GateGoalKind, _ enabled: Bool) async {
        await perform(enabled ? .enableGoal(kind) : .disableGoal(kind))
    }

    /// Adds an app to the block list.
    public func block(_ app: BlockedApp) async { await perform(.block(app)) }

    /// Takes `app` off the block list; this waits while today's goals are unmet.
    public func unblock(_ app: BlockedApp) async { await perform(.unblock(executable: app.executable)) }

    private func perform(_ command: GateCommand) async {
        do {
            let screen = try await agent.perform(command)
            self.screen = screen
            // Cancel drops the held edit too, on purpose: only an edit that replaced it is worth a notice.
            notice = command.isSettingsEdit ? screen.droppedHeldEditText : nil
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}

extension GateCommand {
    /// Whether the command edits the goals or the block list.
    fileprivate var isSettingsEdit: Bool {
        switch self {
        case .setGoal, .enableGoal, .disableGoal, .block, .unblock: true
        case .refresh, .peek, .emergencyUnlock, .enterCode, .cancelCode: false
        }
    }
}
