#if os(iOS)
    import BackgroundTasks
    import FamilyControls
    import HealthKit
    import LockOutShared

    /// Registers the background refresh and starts the adapters that need iOS 26.
    enum SystemAdapters {
        /// Registers the refresh task before launch ends.
        static func register() {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: SharedIdentifiers.backgroundRefreshTask, using: nil) { task in
                task.setTaskCompleted(success: true)
            }
            if #available(iOS 26.0, *) {
                _ = AlarmAdapter()
            }
        }

        /// Asks for the next refresh.
        static func schedule() throws {
            try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "org.lockout.LockOut.refresh"))
        }

        /// Asks HealthKit to wake the app for new steps.
        static func observeSteps(_ store: HKHealthStore) {
            store.enableBackgroundDelivery(for: HKQuantityType(.stepCount), frequency: .hourly) { _, _ in }
        }

        /// Asks for Screen Time on this device.
        static func authorize() async throws {
            try await AuthorizationCenter.shared.requestAuthorization(for: .individual)
        }
    }
#endif
