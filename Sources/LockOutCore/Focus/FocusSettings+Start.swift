import Foundation

/// What a session started now runs for: the one rule the engine starts sessions with and the timer page
/// shows before the start.
extension FocusSettings {
    /// The minutes a start in `mode` may ask for: the timer's length, a pomodoro's focus segments, focus mode's
    /// target; nil for the stopwatch, which takes none.
    public static func startRange(of mode: FocusMode) -> ClosedRange<Int>? {
        switch mode {
        case .timer, .focus: startDurationRange
        case .pomodoro: FocusSetting.focus.allowed
        case .stopwatch: nil
        }
    }

    /// The minutes a start in `mode` asks for unless the person picks others: the timer's and the pomodoro focus
    /// segment's settings; nil for the modes that count up (focus mode's target is optional).
    public func startMinutes(of mode: FocusMode) -> Int? {
        switch mode {
        case .timer: timerMinutes
        case .pomodoro: focusMinutes
        case .stopwatch, .focus: nil
        }
    }

    /// How long a `segment` started in `mode` runs: `minutes` when given (in a pomodoro for its focus segments
    /// only), else the setting; nil when it counts up with no target.
    public func plannedLength(of mode: FocusMode, segment: FocusSegment, minutes: Int?) -> TimeInterval? {
        let requested = minutes.map { TimeInterval($0 * 60) }
        switch mode {
        case .timer: return requested ?? TimeInterval(timerMinutes * 60)
        case .pomodoro: return segment == .focus ? requested ?? duration(of: .focus) : duration(of: segment)
        case .focus: return requested
        case .stopwatch: return nil
        }
    }
}
