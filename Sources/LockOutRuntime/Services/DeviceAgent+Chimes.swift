import Foundation
import LockOutCore

/// Chimes: one when a break falls due and is shown, one when a break the person was taking ends — each for
/// the kinds the settings leave unmuted. Judged from the breaks state after every transition, so every way
/// a break starts or ends (a timer, a command, a notification's button) chimes the same.
extension DeviceAgent {
    /// Plays chimes with `player`, for the kinds `settings` (read at each chime) leaves on.
    public func attachChimes(_ player: any ChimePlaying, settings: @escaping @Sendable () -> ChimeSettings) {
        chimes = (player, settings)
        lastChimeState = breaks?.record.state
    }

    /// After a transition: the chime it calls for, if any.
    func chimeIfDue() {
        guard let (player, settings) = chimes, let state = breaks?.record.state else { return }
        defer { lastChimeState = state }
        guard let before = lastChimeState, before != state else { return }
        switch (before, state) {
        case (.breakPending, .breakPending), (.breakActive, .breakActive):
            return
        case (_, .breakPending(let due)):
            if settings()[due.kind] { player.play(.breakStart) }
        case (.breakActive(let due, _, _), _):
            if settings()[due.kind] { player.play(.breakEnd) }
        default:
            return
        }
    }
}
