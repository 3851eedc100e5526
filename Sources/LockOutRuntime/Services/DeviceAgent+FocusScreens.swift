import Foundation
import LockOutCore

/// What the apps' focus screens ask beyond the CLI's and the web app's queries: statistics of a filtered
/// history, and the device calendar's reading of what a date picker chose.
extension DeviceAgent {
    /// Focus time and sessions of the segments `query` selects, as the history's statistics show them.
    public func focusStats(_ query: FocusHistoryQuery) throws -> FocusStats {
        FocusStats(try service.stores.history.sessions(query))
    }

    /// The local day `date` falls on in the device's calendar: what a date picker's choice filters the history by.
    public nonisolated func localDay(_ date: Date) -> LocalDate {
        LocalDate(date, in: service.calendar)
    }

    /// The due date a date picker chose, read in the device's calendar; with its time when `includesTime`.
    public nonisolated func taskDue(_ date: Date, includesTime: Bool) -> TaskDue {
        TaskDue(date, includesTime: includesTime, in: service.calendar)
    }
}
