#if os(Linux)
import Foundation
import Logging
import LockOutCore
import Synchronization

/// What defers breaks on a Linux desktop: a call (`CallDetector`), do-not-disturb (`DoNotDisturb`), a
/// full-screen focused window, told by a watch of the window manager's events, and the chosen programs
/// (`ChosenPrograms`), running or focused.
public final class DesktopDeferralSensor: DeferralSensing {
    private let calls: CallDetector
    private let programs: ChosenPrograms
    private let logger: Logger
    private let saidNoFocus = Atomic(false)
    private let doNotDisturb: (@Sendable () -> Bool)?
    private let watchers: [@Sendable (@escaping @Sendable () -> Void) -> Void]
    private let stoppers: [@Sendable () -> Void]
    private let fullScreen: @Sendable () -> Bool

    /// - Parameters:
    ///   - doNotDisturb: whether do-not-disturb is on, nil where the desktop cannot tell.
    ///   - fullScreen: whether the focused window is full screen now, as its watch last learnt.
    ///   - watch: starts telling of changes to what is watched; `stop` ends it.
    ///   - programs: finds the chosen programs running or focused.
    public init(
        calls: CallDetector = CallDetector(),
        programs: ChosenPrograms = ChosenPrograms(focused: nil),
        logger: Logger = Logger(label: "lockout.deferral"),
        doNotDisturb: (@Sendable () -> Bool)? = nil,
        fullScreen: @escaping @Sendable () -> Bool = { false },
        watch: [@Sendable (@escaping @Sendable () -> Void) -> Void] = [],
        stop: [@Sendable () -> Void] = []
    ) {
        self.calls = calls
        self.programs = programs
        self.logger = logger
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

    public func programsHolding(_ chosen: [DeferredProgram]) -> [DeferredProgram] {
        if !programs.tellsFocus, let first = chosen.first(where: { $0.when == .focused }),
           !saidNoFocus.exchange(true, ordering: .relaxed) {
            logger.notice("deferral: this desktop does not tell which program has focus; \(first.name) and the other programs chosen for when they have focus do not hold breaks here (choose 'running' instead)")
        }
        return programs.holding(chosen)
    }

    public func start(onChange: @escaping @Sendable () -> Void) {
        for watch in watchers { watch(onChange) }
    }

    public func stop() {
        for stop in stoppers { stop() }
    }
}
#endif
