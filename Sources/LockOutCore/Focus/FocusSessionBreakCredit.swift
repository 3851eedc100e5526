import Foundation

extension FocusSessionRecord {
    /// The enabled break kinds this segment counts as done: a pomodoro break at least as long as the kind's duration.
    ///
    /// The time really taken counts, pauses excluded, whether the break ran out, was skipped or stopped:
    /// a person who rested five minutes rested five minutes. Focus segments and other modes count nothing.
    public func breaksCounted(settings: BreakSettings) -> [BreakKind] {
        guard mode == .pomodoro, segment.isBreak else { return [] }
        return settings.enabledKinds.filter { actual >= settings[$0].duration }
    }
}
