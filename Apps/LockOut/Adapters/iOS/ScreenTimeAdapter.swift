#if os(iOS)
    import DeviceActivity
    import FamilyControls
    import Foundation
    import LockOutCore
    import LockOutRuntime
    import LockOutShared
    import ManagedSettings

    /// Screen Time on iPhone and iPad: Family Controls' authorization, the apps chosen for each selection, and
    /// Core's `ShieldPlan` turned into shields, monitored activities and the learning programs' threshold events.
    ///
    /// Apple's tokens stay opaque and stay here: each selection's are kept in the App Group under its name
    /// (`AppGroup.Key.applicationTokens(_:)` and the like), where the monitor and shield extensions read them; a
    /// learning program's selection is `ShieldSelectionName.learning(_:)`. Each shield selection has a
    /// `ManagedSettingsStore` named after it, which the monitor extension shares. Nothing is decided here: what is
    /// blocked now, until when and why, which activities and events to monitor, and which to stop, are Core's.
    final class ScreenTimeAdapter: Sendable {
        /// Why Screen Time could not be used.
        enum Failure: Error, CustomStringConvertible {
            /// The App Group the extensions read is missing from the entitlements.
            case appGroupUnavailable
            /// Family Controls refused, in the system's words.
            case authorization(String)

            var description: String {
                switch self {
                case .appGroupUnavailable: String(localized: "the App Group \(AppGroup.identifier) is not available to the app")
                case .authorization(let reason): String(localized: "Screen Time was not allowed: \(reason)")
                }
            }
        }

        /// The calendar the plan's dates become schedule components in: the runtime's.
        private let calendar: Calendar

        /// An adapter that turns the plan's dates into components in `calendar`.
        init(calendar: Calendar) {
            self.calendar = calendar
        }

        /// Asks Family Controls to let the app shield apps: for the person's own gate (`.individual`), or on a child's
        /// device (`.child`, which a parent confirms).
        func requestAuthorization(asChild: Bool) async throws {
            do {
                try await AuthorizationCenter.shared.requestAuthorization(for: asChild ? .child : .individual)
            } catch {
                throw Failure.authorization(error.localizedDescription)
            }
        }

        /// The apps, categories and web domains stored under the selection `name`, for the picker to start from.
        func selection(named name: String) -> FamilyActivitySelection {
            var selection = FamilyActivitySelection()
            guard let defaults = UserDefaults(suiteName: AppGroup.identifier) else { return selection }
            selection.applicationTokens = Self.tokens(in: defaults, at: AppGroup.Key.applicationTokens(name)) ?? []
            selection.categoryTokens = Self.tokens(in: defaults, at: AppGroup.Key.categoryTokens(name)) ?? []
            selection.webDomainTokens = Self.tokens(in: defaults, at: AppGroup.Key.webDomainTokens(name)) ?? []
            return selection
        }

        /// Keeps the picker's `selection` under the selection `name`; a selection shielded now is shielded again with
        /// the new tokens, and a learning program's is counted with them from the next plan on.
        func store(_ selection: FamilyActivitySelection, as name: String) throws {
            guard let defaults = UserDefaults(suiteName: AppGroup.identifier) else { throw Failure.appGroupUnavailable }
            let encoder = JSONEncoder()
            defaults.set(try encoder.encode(selection.applicationTokens), forKey: AppGroup.Key.applicationTokens(name))
            defaults.set(try encoder.encode(selection.categoryTokens), forKey: AppGroup.Key.categoryTokens(name))
            defaults.set(try encoder.encode(selection.webDomainTokens), forKey: AppGroup.Key.webDomainTokens(name))
            let store = ManagedSettingsStore(named: ManagedSettingsStore.Name(name))
            if store.shield.applications != nil {
                Self.shield(store, with: selection)
            }
            // The learning days' events hold the old tokens: stopped, they start again with the new ones at the next plan.
            if name.hasPrefix(ShieldSelectionName.learningPrefix) {
                let center = DeviceActivityCenter()
                let learning = center.activities.filter { $0.rawValue.hasPrefix(LearningMonitorPlan.activityPrefix) }
                if !learning.isEmpty { center.stopMonitoring(learning) }
            }
        }

        /// The usage meter of a child's device: the learning thresholds the monitor extension records in the App
        /// Group's `LearningThresholds` folder; nil without the App Group.
        func learningMeter() -> ScreenTimeUsageMeter? {
            guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: AppGroup.identifier)
            else { return nil }
            return ScreenTimeUsageMeter(
                directory: LearningThresholdLog(container: container).directory, calendar: calendar, now: { Date() }
            )
        }

        /// Applies Core's plan: stores its snapshot for the extensions first (a monitor woken meanwhile reads the new
        /// one), shields the selections blocked now with their tokens and clears the others, then carries out Core's
        /// `MonitoringChanges`: stops LockOut's activities the plan no longer has and monitors the new ones — shield
        /// changes, whose ends wake the monitor extension, and learning days with their threshold events. One activity
        /// the system refuses does not keep the others from starting; the first refusal is thrown afterwards.
        func apply(_ plan: ShieldPlan) throws {
            guard let defaults = UserDefaults(suiteName: AppGroup.identifier) else { throw Failure.appGroupUnavailable }
            defaults.set(try JSONEncoder().encode(plan.snapshot), forKey: AppGroup.Key.shieldSnapshot)
            for selection in ShieldSelection.allCases {
                let store = ManagedSettingsStore(named: ManagedSettingsStore.Name(selection.rawValue))
                if plan.blockedNow.contains(selection) {
                    Self.shield(store, with: self.selection(named: selection.rawValue))
                } else {
                    Self.clear(store)
                }
            }
            let center = DeviceActivityCenter()
            let changes = MonitoringChanges(planned: plan.monitoring, monitored: center.activities.map(\.rawValue))
            // An empty list would stop every activity, LockOut's running ones included.
            if !changes.stop.isEmpty {
                center.stopMonitoring(changes.stop.map { DeviceActivityName($0) })
            }
            var refusal: (any Error)?
            for activity in changes.start {
                let schedule = DeviceActivitySchedule(
                    intervalStart: activity.startComponents(in: calendar), intervalEnd: activity.endComponents(in: calendar),
                    repeats: false
                )
                do {
                    try center.startMonitoring(DeviceActivityName(activity.name), during: schedule, events: events(of: activity))
                } catch {
                    refusal = refusal ?? error
                }
            }
            if let refusal { throw refusal }
        }

        /// The system's events for `activity`'s planned ones: each counts its learning program's apps, categories and web
        /// domains, from the day's midnight on (use before monitoring started included). A program with nothing picked
        /// gets none: an event without apps would count every app.
        private func events(of activity: MonitoredActivity) -> [DeviceActivityEvent.Name: DeviceActivityEvent] {
            var selections: [String: FamilyActivitySelection] = [:]
            var events: [DeviceActivityEvent.Name: DeviceActivityEvent] = [:]
            for event in activity.events {
                let picked = selections[event.selection] ?? selection(named: event.selection)
                selections[event.selection] = picked
                guard !picked.applicationTokens.isEmpty || !picked.categoryTokens.isEmpty || !picked.webDomainTokens.isEmpty
                else { continue }
                events[DeviceActivityEvent.Name(event.name)] = DeviceActivityEvent(
                    applications: picked.applicationTokens, categories: picked.categoryTokens, webDomains: picked.webDomainTokens,
                    threshold: DateComponents(hour: event.minutes / 60, minute: event.minutes % 60), includesPastActivity: true
                )
            }
            return events
        }

        /// Shields what `selection` holds in `store`; an empty set still marks the selection as shielded.
        private static func shield(_ store: ManagedSettingsStore, with selection: FamilyActivitySelection) {
            store.shield.applications = selection.applicationTokens
            store.shield.applicationCategories = .specific(selection.categoryTokens)
            store.shield.webDomains = selection.webDomainTokens
            store.shield.webDomainCategories = .specific(selection.categoryTokens)
        }

        /// Shields nothing in `store`: nil clears each setting.
        private static func clear(_ store: ManagedSettingsStore) {
            store.shield.applications = nil
            store.shield.applicationCategories = nil
            store.shield.webDomains = nil
            store.shield.webDomainCategories = nil
        }

        /// The tokens stored as JSON at `key`; nil when none are stored or they cannot be read.
        private static func tokens<Item: Decodable & Hashable>(in defaults: UserDefaults, at key: String) -> Set<Item>? {
            defaults.data(forKey: key).flatMap { try? JSONDecoder().decode(Set<Item>.self, from: $0) }
        }
    }
#endif
