#if os(iOS)
    import AlarmKit
    import LockOutCore

    /// Schedules the break cycle's one alarm.
    @available(iOS 26.0, *)
    final class AlarmAdapter {
        /// Cancels the alarms Core no longer wants.
        func apply(_ changes: AlarmChanges) throws {
            for id in changes.cancel {
                try AlarmManager.shared.cancel(id: id)
            }
        }
    }

    @available(iOS 26.0, *)
    extension AlarmAdapter {
        /// Whether the user allowed alarms.
        var isAuthorized: Bool { AlarmManager.shared.authorizationState == .authorized }
    }
#endif
