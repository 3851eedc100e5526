import Foundation
import LockOutCore

extension DeviceAgent {
    /// The family sync section of the Settings screen for `status`, its times read at the agent's now.
    public func familySyncSection(_ status: FamilySyncStatus) -> FamilySyncSection {
        FamilySyncSection(status: status, now: clock.now(), calendar: service.calendar)
    }
}
