import Foundation
import LockOutCore

/// One shield, two reasons to close a program: the health gate's block list while the gate is closed, and
/// the reward programs while no reward time is open. Each sets its own layer; the shield gets the union.
/// With no reward programs the gate's calls pass through unchanged.
public final class ShieldLayers: ShieldControlling, @unchecked Sendable {
    private let base: any ShieldControlling
    private let lock = NSLock()
    private var gate: (on: Bool, apps: [BlockedApp]) = (false, [])
    private var rewards: [String] = []

    public init(base: any ShieldControlling) {
        self.base = base
    }

    /// The gate's layer.
    public func setShields(on: Bool, apps: [BlockedApp]) throws {
        try lock.withLock {
            gate = (on, apps)
            try apply()
        }
    }

    /// The rewards' layer: these reward programs are closed (empty: none).
    public func setRewardPrograms(_ programs: [String]) throws {
        try lock.withLock {
            guard programs != rewards else { return }
            rewards = programs
            try apply()
        }
    }

    /// Whether `executable` is closed because it is a reward program (and not on the gate's list while it is closed).
    public func isClosedForRewards(_ executable: String) -> Bool {
        lock.withLock {
            rewards.contains(executable) && !(gate.on && gate.apps.contains { $0.executable == executable })
        }
    }

    private func apply() throws {
        guard !rewards.isEmpty else {
            try base.setShields(on: gate.on, apps: gate.apps)
            return
        }
        var apps = gate.on ? gate.apps : []
        for program in rewards where !apps.contains(where: { $0.executable == program }) {
            apps.append(BlockedApp(executable: program))
        }
        try base.setShields(on: true, apps: apps)
    }
}
