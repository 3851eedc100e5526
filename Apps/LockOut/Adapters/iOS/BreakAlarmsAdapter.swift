#if os(iOS)
    import AlarmKit
    import AppIntents
    import Foundation
    import LockOutCore
    import LockOutRuntime
    import SwiftUI
    import os

    /// The break cycle's alarm on AlarmKit (seed 003): one alarm at a time, as Core's `BreakAlertPlan` wants it,
    /// ringing at alarm volume through silent mode and Focus while the app is not running.
    ///
    /// It schedules the planned alarm (its `id`, `title`, "Start break" button and fire date), cancels the ids the
    /// plan names, reads the alarms the system holds back as `HeldAlarm`s, and hands every set `alarmUpdates`
    /// reports to the runtime's `BreakAlarmWatch`, which says which break alarms left without the app cancelling
    /// them; `DeviceAgent.alarmsLeft(_:startedBreak:)` decides, with Core's attribution, whether each was Start
    /// break, Stop or a removal that answered nothing. Alarms outlive the app, so at launch the held ones and the
    /// Start break marks are reconciled with the stored break record (`reconcileAlarms(held:startedBreak:)`)
    /// before watching starts. A change of authorization (granted in onboarding or Settings, taken back in the
    /// system's settings) only asks the app to plan again: the plan then rings alarms or notifies instead.
    ///
    /// ```
    ///   launch ── held alarms, marks ── reconcileAlarms(held:startedBreak:) ──► watch alarmUpdates, authorizationUpdates
    ///   AlarmChanges ── watch.willCancel ── cancel ids ── schedule PlannedAlarm ──► AlarmManager
    ///   alarmUpdates ── watch.update ── departures ──► alarmsLeft ──► onChange (re-plan)
    ///   authorizationUpdates ──► onChange (re-plan)
    /// ```
    @available(iOS 26.0, *)
    @MainActor
    final class BreakAlarmsAdapter {
        /// Told after an alarm left or the authorization changed: the app applies fresh plans.
        var onChange: (@MainActor () async -> Void)?

        private let agent: DeviceAgent
        private var alarmWatch = BreakAlarmWatch()
        private var watching: [Task<Void, Never>] = []
        private let logger = Logger(subsystem: "org.lockout.LockOut", category: "alarms")

        init(agent: DeviceAgent) {
            self.agent = agent
        }

        /// Every alarm the system holds for the app, as the runtime reads them (`systemPlans(alarms:heldAlarms:)`);
        /// none when they cannot be read (no authorization, say).
        func heldAlarms() -> [HeldAlarm] {
            do {
                return try AlarmManager.shared.alarms.map(Self.held)
            } catch {
                logger.error("could not read the alarms: \(error.localizedDescription, privacy: .public)")
                return []
            }
        }

        /// Once at launch: the runtime rebuilds the break record from the held alarms and the Start break marks,
        /// then the adapter starts watching. The plans the app makes next bring the alarms in line.
        func reconcileAtLaunch() async {
            let held = heldAlarms()
            alarmWatch.start(held: held)
            let marks = StartedBreakAlarms.all()
            do {
                try await agent.reconcileAlarms(held: held, startedBreak: marks)
                StartedBreakAlarms.forget(BreakAlarmWatch.spentMarks(marks, held: held))
            } catch {
                logger.error("could not reconcile the alarms: \(String(describing: error), privacy: .public)")
            }
            watch()
        }

        /// Cancels the alarms `changes` names, then schedules its alarm. Where alarms may not ring the cancels
        /// fail, and only the log says so.
        func apply(_ changes: AlarmChanges) async {
            alarmWatch.willCancel(changes.cancel)
            for id in changes.cancel {
                do {
                    try AlarmManager.shared.cancel(id: id)
                } catch {
                    // Unknown ids throw: the alarm is gone already, so its leaving was seen or will never come.
                    alarmWatch.cancelFailed(id)
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

        /// Starts reporting the alarms that left and the authorization's changes; watching again does nothing.
        func watch() {
            guard watching.isEmpty else { return }
            watching.append(
                Task { [weak self] in
                    for await alarms in AlarmManager.shared.alarmUpdates {
                        await self?.update(alarms.map(Self.held))
                    }
                })
            watching.append(
                Task { [weak self] in
                    for await _ in AlarmManager.shared.authorizationUpdates {
                        await self?.onChange?()
                    }
                })
        }

        /// Stops reporting.
        func stopWatching() {
            for task in watching { task.cancel() }
            watching = []
        }

        private func update(_ held: [HeldAlarm]) async {
            let departures = alarmWatch.update(held)
            guard !departures.isEmpty else { return }
            let marks = StartedBreakAlarms.all()
            do {
                try await agent.alarmsLeft(departures, startedBreak: marks)
            } catch {
                logger.error("alarms that left were refused: \(String(describing: error), privacy: .public)")
            }
            StartedBreakAlarms.forget(BreakAlarmWatch.spentMarks(marks, held: held))
            await onChange?()
        }

        nonisolated private static func held(_ alarm: Alarm) -> HeldAlarm {
            HeldAlarm(id: alarm.id, isAlerting: alarm.state == .alerting)
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

    /// The runtime's alarm authorization port on AlarmKit: the state the system reports, and its one request
    /// (`NSAlarmKitUsageDescription` says why). Asking again after an answer returns that answer without a prompt.
    @available(iOS 26.0, *)
    struct AlarmKitAuthorization: AlarmAuthorizing {
        private static let logger = Logger(subsystem: "org.lockout.LockOut", category: "alarms")

        func authorization() async -> AlarmAuthorization {
            Self.map(AlarmManager.shared.authorizationState)
        }

        func requestAuthorization() async -> AlarmAuthorization {
            do {
                return Self.map(try await AlarmManager.shared.requestAuthorization())
            } catch {
                Self.logger.error("could not ask for alarms: \(error.localizedDescription, privacy: .public)")
                return await authorization()
            }
        }

        private static func map(_ state: AlarmManager.AuthorizationState) -> AlarmAuthorization {
            switch state {
            case .notDetermined: .notDetermined
            case .denied: .denied
            case .authorized: .authorized
            @unknown default: .denied
            }
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

    /// The break alarms whose "Start break" was pressed, until the runtime has them: what tells Start break from
    /// Stop, since the system reports both as the alarm going away. Kept in the app's defaults, as the button may
    /// launch the app before the adapter watches; which marks are spent the runtime says (`BreakAlarmWatch`).
    @available(iOS 26.0, *)
    enum StartedBreakAlarms {
        private static let key = "lockout.alarms.startedBreak"

        /// Remembers that Start break was pressed on `id`.
        static func mark(_ id: UUID) {
            let defaults = UserDefaults.standard
            defaults.set((defaults.stringArray(forKey: key) ?? []) + [id.uuidString], forKey: key)
        }

        /// Every alarm marked.
        static func all() -> Set<UUID> {
            Set((UserDefaults.standard.stringArray(forKey: key) ?? []).compactMap(UUID.init(uuidString:)))
        }

        /// Forgets the marks of `ids`.
        static func forget(_ ids: Set<UUID>) {
            guard !ids.isEmpty else { return }
            let defaults = UserDefaults.standard
            let kept = (defaults.stringArray(forKey: key) ?? []).filter {
                UUID(uuidString: $0).map { !ids.contains($0) } ?? false
            }
            defaults.set(kept, forKey: key)
        }
    }
#endif
