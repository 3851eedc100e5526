import LockOutCore

/// What a button or a key on the break screen asks the agent for.
public enum BreakScreenAction: Equatable, Sendable {
    case done
    case snooze

    /// The agent's command for this action on a break of `kind`.
    public func command(kind: BreakKind) -> BreakCommand {
        switch self {
        case .done: .done(kind)
        case .snooze: .snooze(kind)
        }
    }

    /// The action of a key, by its GDK name (`Return`, `s`): Enter is Done and S is Snooze — only while the
    /// break can be snoozed — as on the web break screen; Escape and every other key do nothing.
    public static func forKey(_ name: String, canSnooze: Bool) -> BreakScreenAction? {
        switch name {
        case "Return", "KP_Enter", "ISO_Enter": .done
        case "s", "S": canSnooze ? .snooze : nil
        default: nil
        }
    }
}
