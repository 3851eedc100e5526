import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The Settings screen (seed 000): the snooze length and how long history is kept as steppers within the
/// engine's ranges, the family sync status with Sync Now (only when the app composed a family service), whether
/// notifications may show and whether breaks ring as alarms (seed 003), each with the button that asks for it.
@MainActor
@Observable
public final class SettingsModel {
    /// The steppers as the runtime answered them last; nil until the first refresh.
    public private(set) var screen: SettingsScreen?
    /// The family sync section; nil when the model has no family service, or before the first refresh.
    public private(set) var sync: FamilySyncSection?
    /// What the last Sync Now came to, like "Synced."; nil before the first.
    public private(set) var syncOutcome: String?
    /// Whether notifications may show; nil until the first refresh.
    public private(set) var notifications: NotificationPermission?
    /// Whether breaks may ring as alarms (`unavailable` on the Mac and before iOS 26); nil until the first refresh.
    public private(set) var alarms: AlarmAuthorization?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let agent: DeviceAgent
    @ObservationIgnored private let family: FamilyService?
    @ObservationIgnored private let permissions: any NotificationAuthorizing
    @ObservationIgnored private let alarmAccess: any AlarmAuthorizing

    /// A model over `agent`; `family` is the device's family service (nil: no sync section), `permissions` the
    /// system's notification permission, `alarms` its alarm authorization (none where the device has no alarms).
    public init(
        agent: DeviceAgent, family: FamilyService?, permissions: any NotificationAuthorizing,
        alarms: any AlarmAuthorizing = NoAlarms()
    ) {
        self.agent = agent
        self.family = family
        self.permissions = permissions
        alarmAccess = alarms
    }

    /// Whether the family sync section shows at all.
    public var showsSync: Bool { family != nil }
    /// Whether the "Request Notification Permission" button shows.
    public var canRequestNotifications: Bool { notifications?.canRequest ?? false }
    /// Whether the "Allow Alarms" button shows.
    public var canRequestAlarms: Bool { alarms?.canRequest ?? false }

    /// Reads the settings, the sync status and the permissions again.
    public func refresh() async {
        notifications = await permissions.permission()
        alarms = await alarmAccess.authorization()
        do {
            screen = try await agent.settingsScreen()
            try await readSync()
        } catch {
            message = .refusal(error)
        }
    }

    /// Sets how many minutes a snoozed break waits; a value out of range is refused in the engine's words.
    public func setSnooze(minutes: Int) async {
        await perform(.setSnooze(minutes: minutes))
    }

    /// Sets how many days of history are kept; a value out of range is refused in the engine's words.
    public func setRetention(days: Int) async {
        await perform(.setRetention(days: days))
    }

    /// Runs a sync round now and shows what it came to; a server's refusal is also the screen's message.
    public func syncNow() async {
        guard let family else { return }
        do {
            let outcome = try await offMain { family.sync() }
            syncOutcome = outcome.text
            if case .refused = outcome { message = .refused(outcome.text) } else { message = nil }
            try await readSync()
        } catch {
            message = .refusal(error)
        }
    }

    /// Asks the person for permission to notify, then shows their answer.
    public func requestNotificationPermission() async {
        notifications = await permissions.requestPermission()
    }

    /// Asks the person to let breaks ring as alarms, then shows their answer.
    public func requestAlarmAuthorization() async {
        alarms = await alarmAccess.requestAuthorization()
    }

    private func readSync() async throws {
        guard let family else { return }
        let status = try await offMain { try family.status() }
        sync = await agent.familySyncSection(status)
    }

    private func perform(_ command: BreakCommand) async {
        do {
            _ = try await agent.perform(command)
            screen = try await agent.settingsScreen()
            message = nil
        } catch {
            message = .refusal(error)
        }
    }
}
