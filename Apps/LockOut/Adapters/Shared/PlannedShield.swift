import LockOutCore

/// The agent's shield port on iPhone, iPad and Mac, where it sets nothing.
///
/// The port speaks of executables, one merged layer for the gate and the reward programs; Screen Time shields
/// opaque tokens per selection. So on Apple platforms the shields follow Core's `ShieldPlan` instead: the app
/// applies it with `ScreenTimeAdapter.apply(_:)` after every change the agent reports (iOS), and the Mac has no
/// Screen Time shields at all. The agent's calls here are that change, seen from the other side.
struct PlannedShield: ShieldControlling {
    func setShields(on: Bool, apps: [BlockedApp]) throws {}
}
