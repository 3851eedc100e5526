#if os(iOS)
    import DeviceActivity
    import FamilyControls
    import Foundation
    import LockOutCore
    import LockOutShared
    import ManagedSettings

    /// Screen Time on iPhone and iPad: Family Controls' authorization, the apps chosen for each selection, and
    /// Core's `ShieldPlan` turned into shields and monitored activities.
    ///
    /// Apple's tokens stay opaque and stay here: each selection's are kept in the App Group under its name
    /// (`AppGroup.Key.applicationTokens(_:)` and the like), where the monitor and shield extensions read them. Each
    /// selection has a `ManagedSettingsStore` named after it, which the monitor extension shares. Nothing is decided
    /// here: what is blocked now, until when and why is the plan's.
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
        /// the new tokens.
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
        }

        /// Applies Core's plan: stores its snapshot for the extensions first (a monitor woken meanwhile reads the new
        /// one), shields the selections blocked now with their tokens and clears the others, then monitors the plan's
        /// activities, whose ends wake the monitor extension, and stops LockOut's activities the plan no longer has.
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
            let planned = Set(plan.activities.map(\.name))
            let monitored = center.activities.filter { $0.rawValue.hasPrefix(DeviceActivityPlan.namePrefix) }
            center.stopMonitoring(monitored.filter { !planned.contains($0.rawValue) })
            let running = Set(monitored.map(\.rawValue))
            for activity in plan.activities where !running.contains(activity.name) {
                let schedule = DeviceActivitySchedule(
                    intervalStart: activity.startComponents(in: calendar), intervalEnd: activity.endComponents(in: calendar),
                    repeats: false
                )
                try center.startMonitoring(DeviceActivityName(activity.name), during: schedule)
            }
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
