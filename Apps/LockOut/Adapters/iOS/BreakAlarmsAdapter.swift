#if os(iOS)
    import AlarmKit
    import AppIntents
    import Foundation
    import LockOutCore
    import LockOutRuntime
    import SwiftUI
    import os

    /// The break cycle's alarm on AlarmKit (seed 003): one alarm at a time, as Core's `BreakAlarmPlan` wants it,
    /// ringing at alarm volume through silent mode and Focus while the app is not running.
    ///
    /// It schedules the planned alarm (its `id`, `title`, "Start break" button and fire date), cancels the ids the
    /// plan names, reads the alarms the system holds back as `HeldAlarm`s, and watches `alarmUpdates`: a break
    /// alarm that leaves the system's set without this adapter having cancelled it was dismissed (AlarmKit deletes
    /// an alarm once it rang and was stopped, and "Start break" cancels it), and goes to the runtime as
    /// `DeviceAgent.alarmDismissed(_:)`. Alarms outlive the app, so at launch the held ones are reconciled with the
    /// stored break record through `DeviceAgent.reconcileAlarms(held:)` before watching starts.
    ///
    /// ```
    ///   launch ── held alarms ── reconcileAlarms(held:) ──► apply changes ──► watch alarmUpdates
    ///   AlarmChanges ── cancel ids (remembered as ours) ── schedule PlannedAlarm ──► AlarmManager
    ///   alarmUpdates ── a break alarm gone, not cancelled by us ──► alarmDismissed ──► onChange (re-plan)
    /// ```
    @available(iOS 26.0, *)
    @MainActor
    final class BreakAlarmsAdapter {
        /// Told after a dismissed alarm reached the runtime: the app applies fresh plans (the next alarm among them).
        var onChange: (@MainActor () async -> Void)?

        private let agent: DeviceAgent
        /// The break alarms the system held at the last look.
        private var known: Set<UUID> = []
        /// Alarms this adapter cancelled: their leaving is not a dismissal.
        private var cancelled: Set<UUID> = []
        private var watching: Task<Void, Never>?
        private let logger = Logger(subsystem: "org.lockout.LockOut", category: "alarms")

        init(agent: DeviceAgent) {
            self.agent = agent
        }

        /// Whether the person lets the app schedule alarms.
        var isAuthorized: Bool {
            AlarmManager.shared.authorizationState == .authorized
        }

        /// Asks the person once (`NSAlarmKitUsageDescription` says why) and answers whether alarms may ring.
        func requestAuthorization() async -> Bool {
            switch AlarmManager.shared.authorizationState {
            case .authorized:
                return true
            case .denied:
                return false
            case .notDetermined:
                do {
                    return try await AlarmManager.shared.requestAuthorization() == .authorized
                } catch {
                    logger.error("could not ask for alarms: \(error.localizedDescription, privacy: .public)")
                    return false
                }
            @unknown default:
                return false
            }
        }

        /// Every alarm the system holds for the app, as the runtime reads them (`systemPlans(heldAlarms:)`).
        func heldAlarms() -> [HeldAlarm] {
            do {
                return try AlarmManager.shared.alarms.map { HeldAlarm(id: $0.id, isAlerting: $0.state == .alerting) }
            } catch {
                logger.error("could not read the alarms: \(error.localizedDescription, privacy: .public)")
                return []
            }
        }

        /// Once at launch: the runtime rebuilds the break record from the held alarms and says what to change,
        /// then the adapter starts watching for dismissals.
        func reconcileAtLaunch() async {
            let held = heldAlarms()
            known = Self.breakAlarms(in: held)
            do {
                let changes = try await agent.reconcileAlarms(held: held)
                await apply(changes)
            } catch {
                logger.error("could not reconcile the alarms: \(String(describing: error), privacy: .public)")
            }
            watch()
        }

        /// Cancels the alarms `changes` names, then schedules its alarm.
        func apply(_ changes: AlarmChanges) async {
            for id in changes.cancel {
                cancelled.insert(id)
                do {
                    try AlarmManager.shared.cancel(id: id)
                } catch {
                    // Unknown ids throw: the alarm is gone already, so its leaving was seen or will never come.
                    cancelled.remove(id)
                    let reason = error.localizedDescription
                    logger.info("alarm \(id.uuidString, privacy: .public) was not held: \(reason, privacy: .public)")
                }
            }
            guard let alarm = changes.schedule else { return }
            do {
                _ = try await AlarmManager.shared.schedule(id: alarm.id, configuration: Self.configuration(of: alarm))
            } catch {
                let reason = error.localizedDescription
                logger.error("could not schedule \(alarm.id.uuidString, privacy: .public): \(reason, privacy: .public)")
            }
        }

        /// Starts reporting dismissed break alarms; watching again does nothing.
        func watch() {
            guard watching == nil else { return }
            watching = Task { [weak self] in
                for await alarms in AlarmManager.shared.alarmUpdates {
                    await self?.update(alarms.map { HeldAlarm(id: $0.id, isAlerting: $0.state == .alerting) })
                }
            }
        }

        /// Stops reporting dismissals.
        func stopWatching() {
            watching?.cancel()
            watching = nil
        }

        private func update(_ held: [HeldAlarm]) async {
            let present = Self.breakAlarms(in: held)
            let gone = known.subtracting(present)
            known = present
            var reported = false
            for id in gone {
                guard cancelled.remove(id) == nil, let alarm = PlannedAlarm(id: id) else { continue }
                // "Start break" marked its alarm before cancelling it; any other way out is the alarm's Stop.
                let answer: AlarmAnswer = StartedBreakAlarms.take(id) ? .startBreak : .stop
                do {
                    try await agent.alarmDismissed(alarm, by: answer)
                    reported = true
                } catch {
                    let reason = String(describing: error)
                    logger.error("dismissal of \(id.uuidString, privacy: .public) refused: \(reason, privacy: .public)")
                }
            }
            cancelled.formIntersection(held.map(\.id))
            if reported {
                await onChange?()
            }
        }

        /// The ids of the break alarms among `held`: the ones Core's plan made. Focus alarms are not this adapter's.
        private static func breakAlarms(in held: [HeldAlarm]) -> Set<UUID> {
            Set(held.map(\.id).filter { PlannedAlarm(id: $0) != nil })
        }

        /// The alarm as AlarmKit rings it: at its fire date, with its title, and "Start break" (which cancels it, so
        /// it counts as dismissed) when the plan gives the alarm a second button.
        private static func configuration(of alarm: PlannedAlarm) -> AlarmManager.AlarmConfiguration<BreakAlarmMetadata> {
            let title = LocalizedStringResource(stringLiteral: alarm.title)
            let secondary = alarm.secondaryButton.map { text in
                AlarmButton(text: LocalizedStringResource(stringLiteral: text), textColor: .white, systemImageName: "play.circle")
            }
            let behavior: AlarmPresentation.Alert.SecondaryButtonBehavior? = secondary == nil ? nil : .custom
            let alert: AlarmPresentation.Alert
            if #available(iOS 26.1, *) {
                alert = AlarmPresentation.Alert(title: title, secondaryButton: secondary, secondaryButtonBehavior: behavior)
            } else {
                alert = AlarmPresentation.Alert(
                    title: title,
                    stopButton: AlarmButton(text: "Stop", textColor: .white, systemImageName: "stop.circle"),
                    secondaryButton: secondary,
                    secondaryButtonBehavior: behavior
                )
            }
            let attributes = AlarmAttributes<BreakAlarmMetadata>(
                presentation: AlarmPresentation(alert: alert),
                metadata: BreakAlarmMetadata(),
                tintColor: .accentColor
            )
            let startBreak = alarm.secondaryButton == nil ? nil : StartBreakIntent(alarmID: alarm.id.uuidString)
            return .alarm(schedule: .fixed(alarm.fireDate), attributes: attributes, secondaryIntent: startBreak)
        }
    }

    /// What a break alarm carries besides its presentation: nothing, since its id says what it is.
    @available(iOS 26.0, *)
    struct BreakAlarmMetadata: AlarmMetadata {}

    /// The alarm's "Start break" button: it marks the ringing alarm as started and cancels it, so the adapter
    /// reports it dismissed by Start break and the break starts; the app opens on the break sheet.
    @available(iOS 26.0, *)
    struct StartBreakIntent: LiveActivityIntent {
        static let title: LocalizedStringResource = "Start break"
        static let isDiscoverable = false
        static let openAppWhenRun = true

        @Parameter(title: "Alarm")
        var alarmID: String

        init() {}

        init(alarmID: String) {
            self.alarmID = alarmID
        }

        func perform() async throws -> some IntentResult {
            if let id = UUID(uuidString: alarmID) {
                StartedBreakAlarms.mark(id)
                try AlarmManager.shared.cancel(id: id)
            }
            return .result()
        }
    }

    /// The break alarms whose "Start break" was pressed, until the adapter sees them leave: what tells Start break
    /// from Stop, since the system reports both as the alarm going away. Kept in the app's defaults, as the button
    /// may launch the app before the adapter watches.
    @available(iOS 26.0, *)
    enum StartedBreakAlarms {
        private static let key = "lockout.alarms.startedBreak"

        /// Remembers that Start break was pressed on `id`.
        static func mark(_ id: UUID) {
            let defaults = UserDefaults.standard
            defaults.set((defaults.stringArray(forKey: key) ?? []) + [id.uuidString], forKey: key)
        }

        /// Whether Start break was pressed on `id`, forgetting it.
        static func take(_ id: UUID) -> Bool {
            let defaults = UserDefaults.standard
            var marked = defaults.stringArray(forKey: key) ?? []
            guard let index = marked.firstIndex(of: id.uuidString) else { return false }
            marked.remove(at: index)
            defaults.set(marked, forKey: key)
            return true
        }
    }
#endif
