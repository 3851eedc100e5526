#if os(iOS)
    import Foundation
    import LockOutCore
    import LockOutRuntime

    /// The health gate onboarding's permissions on iPhone and iPad (Core's `GateAccessRequesting`): Apple Health
    /// through HealthKit, the app shields through Family Controls, for the person themself or, on a child's device,
    /// as the child's (a parent confirms).
    struct GateAccessAdapter: GateAccessRequesting {
        let health: HealthKitAdapter
        let screenTime: ScreenTimeAdapter
        /// Says whether this is a child's device.
        let family: FamilyService

        func request(_ access: GateAccess) async throws {
            switch access {
            case .healthData:
                try await health.requestAuthorization()
            case .appShields:
                let mode = try family.identity().mode
                try await screenTime.requestAuthorization(asChild: mode == .childDevice)
            }
        }
    }
#endif
