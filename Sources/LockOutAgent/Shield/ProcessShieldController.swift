import Foundation
import LockOutCore

#if os(Linux)
/// The gate's shield port on Linux: while the gate is closed its blocked apps are the targets of a
/// `ProcessShield`; when it opens the shield is off and no process is looked at.
public final class ProcessShieldController: ShieldControlling, @unchecked Sendable {
    private let shield: ProcessShield
    private let lock = NSLock()
    private var stopped: (@Sendable (StoppedProcess) -> Void)?

    /// A controller over `shield`, off until the gate sets it.
    public init(shield: ProcessShield = ProcessShield()) {
        self.shield = shield
    }

    /// Called on the shield's queue for each process it stops.
    public var onStopped: (@Sendable (StoppedProcess) -> Void)? {
        get { lock.withLock { stopped } }
        set { lock.withLock { stopped = newValue } }
    }

    /// Whether a process is being watched for.
    public var isShielding: Bool { shield.isShielding }

    public func setShields(on: Bool, apps: [BlockedApp]) {
        let targets = on ? apps.map { ShieldTarget(executable: $0.executable, desktopFileID: $0.desktopID) } : []
        shield.apply(blocked: targets) { [weak self] process in
            self?.onStopped?(process)
        }
    }
}
#endif
