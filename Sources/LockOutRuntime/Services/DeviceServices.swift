import Foundation
import LockOutCore
import LockOutStore

/// The services of one device over its database — breaks, focus and tasks, the health gate, rewards — composed
/// once, the same way for the command line, the Linux agent and the apps. What differs by platform comes in
/// as ports: the health source, the PIN hash, the programs the session starts.
public struct DeviceServices: Sendable {
    public let database: AppDatabase
    public let calendar: Calendar
    public let breaks: BreakService
    public let focus: FocusService
    public let gate: GateService
    public let rewards: RewardsService
    /// This device's own health totals, shared with the same person's other devices through the family.
    public let healthSharing: HealthTotalsSharing

    /// The services over `database` in `calendar`. `health` is the device's own health source (the stored totals
    /// unless another is given); the gate reads it raised by what the same person's other devices synced
    /// (`FamilyHealthReading`, judged at `now`). `capability` says how a focus session's end alerts (a
    /// notification here; an alarm where the system has one); `codes` draws the gate's friction codes.
    public init(
        database: AppDatabase, calendar: Calendar, pins: any PINHashing,
        health: (any HealthReading)? = nil,
        capability: AlertCapability = .notificationOnly,
        codes: @escaping @Sendable () -> FrictionCode = GateService.randomCode,
        sessionPrograms: @escaping @Sendable () -> [String: ProtectionReason] = { [:] },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.calendar = calendar
        breaks = BreakService(
            stores: BreakStores(history: database.breakHistory, settings: database.settingsStore, record: database.breakRecordStore),
            calendar: calendar
        )
        focus = FocusService(
            stores: FocusStores(
                history: database.focusHistory, record: database.focusRecordStore, settings: database.focusSettingsStore,
                activities: database.activityStore, tasks: database.taskStore
            ),
            breaks: breaks, capability: capability, calendar: calendar
        )
        let own = health ?? StoredHealthReading(store: database.healthTotalsStore)
        gate = GateService(
            store: database.gateStore,
            source: FamilyHealthReading(own: own, family: database.familyStore, calendar: calendar, now: now),
            calendar: calendar, codes: codes, sessionPrograms: sessionPrograms
        )
        healthSharing = HealthTotalsSharing(own: own, family: database.familyStore)
        rewards = RewardsService(
            store: GRDBRewardsStore(database, calendar: calendar), calendar: calendar, pins: pins, sessionPrograms: sessionPrograms
        )
    }

    /// The device's runtime actor over these services: it owns the engines, sleeps on `timer` until the next
    /// deadline, shows what falls due through `notifier` and blocks programs through `shield`.
    public func agent(
        shield: any ShieldControlling, notifier: any Notifying, timer: any DeadlineWaiting, clock: ProcessClock
    ) -> DeviceAgent {
        DeviceAgent(service: focus, gate: gate, shield: shield, notifier: notifier, timer: timer, clock: clock)
    }
}
