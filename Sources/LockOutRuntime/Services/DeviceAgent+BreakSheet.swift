import Foundation
import LockOutCore

extension DeviceAgent {
    /// The break sheet at the agent's now: nil when no break is due or being taken.
    public func breakSheet() throws -> BreakSheet? {
        BreakSheet(dashboard: try dashboard(), settings: try settings(), now: clock.now())
    }
}
