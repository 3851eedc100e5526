#if os(iOS)
    import ActivityKit
    import Foundation
    import LockOutShared

    /// The focus session's Live Activity, as the app requests it and the widget extension draws it.
    ///
    /// Compiled into both: the app requests and updates it, the widget reads it. Everything it shows changes
    /// with the session, so it has no fixed attributes; its content state is ``FocusActivityState``, Core's
    /// `FocusActivityContent` read back from its JSON.
    struct FocusActivityAttributes: ActivityAttributes {
        /// What the activity shows: the session's mode, segment, label, activity, clock dates and pomodoro count.
        typealias ContentState = FocusActivityState
    }
#endif
