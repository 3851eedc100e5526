#if os(Linux)
import Foundation
import LockOutCore
import Synchronization

/// What defers breaks on a Linux desktop: a call (`CallDetector`), do-not-disturb (`DoNotDisturb`), and a
/// full-screen focused window, told by a watch of the window manager's events.
public final class DesktopDeferralSensor: DeferralSensing {
    private let calls: CallDetector
    private let doNotDisturb: (@Sendable () -> Bool)?
    private let watchers: [@Sendable (@escaping @Sendable () -> Void) -> Void]
    private let stoppers: [@Sendable () -> Void]
    private let fullScreen: @Sendable () -> Bool

    /// - Parameters:
    ///   - doNotDisturb: whether do-not-disturb is on, nil where the desktop cannot tell.
    ///   - fullScreen: whether the focused window is full screen now, as its watch last learnt.
    ///   - watch: starts telling of changes to what is watched; `stop` ends it.
    public init(
        calls: CallDetector = CallDetector(),
        doNotDisturb: (@Sendable () -> Bool)? = nil,
        fullScreen: @escaping @Sendable () -> Bool = { false },
        watch: [@Sendable (@escaping @Sendable () -> Void) -> Void] = [],
        stop: [@Sendable () -> Void] = []
    ) {
        self.calls = calls
        self.doNotDisturb = doNotDisturb
        self.fullScreen = fullScreen
        self.watchers = watch
        self.stoppers = stop
    }

    public func currentReasons(enabled: Set<DeferralReason>, callAllowList: [String]) -> Set<DeferralReason> {
        var reasons: Set<DeferralReason> = []
        if enabled.contains(.fullScreen), fullScreen() { reasons.insert(.fullScreen) }
        if enabled.contains(.doNotDisturb), doNotDisturb?() == true { reasons.insert(.doNotDisturb) }
        if enabled.contains(.call), !calls.programsInCall(allowList: callAllowList).isEmpty { reasons.insert(.call) }
        return reasons
    }

    public func start(onChange: @escaping @Sendable () -> Void) {
        for watch in watchers { watch(onChange) }
    }

    public func stop() {
        for stop in stoppers { stop() }
    }
}
#endif
