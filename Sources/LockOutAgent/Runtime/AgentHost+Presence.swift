import Foundation
import Logging
import LockOutCore
import LockOutRuntime

extension AgentHost {
    /// Starts watching presence with `sources`: each merged change goes to the agent with the natural-breaks
    /// setting as it is then; the agent learns which sources are in use for `lockout status`.
    func startPresence(agent: DeviceAgent, preferences: WebPreferences, sources: [any PresenceSource]) throws -> PresenceWatch {
        let watch = PresenceWatch(sources: sources)
        let threshold = try agent.executor.runBlocking { await agent.presenceThreshold() }
        let used = watch.start(awayAfter: threshold) { change in
            let natural = preferences.naturalBreaks
            Task(executorPreference: agent.executor) { await agent.presenceChanged(change, naturalBreaks: natural) }
        }
        try agent.executor.runBlocking { await agent.setPresenceSources(watching: used.watching, unavailable: used.unavailable) }
        return watch
    }

    #if canImport(CSystemd)
    /// Defers breaks for a call, do-not-disturb and a full-screen window, with the settings kept beside the
    /// break screen's.
    func attachDeferral(agent: DeviceAgent, preferences: WebPreferences, bus: SessionBus?, environment: [String: String]) throws {
        let doNotDisturb = DoNotDisturb(bus: bus, environment: environment)
        let fullScreen = fullScreenWatch(environment: environment)
        let sensor = DesktopDeferralSensor(
            doNotDisturb: { doNotDisturb.isOn() },
            fullScreen: { fullScreen?.isFullScreen ?? false },
            watch: [{ doNotDisturb.start(onChange: $0) }, { change in fullScreen?.start(onChange: change) }],
            stop: [{ doNotDisturb.stop() }, { fullScreen?.stop() }]
        )
        try agent.executor.runBlocking { await agent.attachDeferral(sensor, settings: { preferences.deferral }) }
    }

    /// The window manager's word on full-screen windows, on X11 only (not Xwayland, which sees only X programs);
    /// nil, logged with why, where it cannot be had.
    private func fullScreenWatch(environment: [String: String]) -> X11FullScreenWatch? {
        guard (environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
            logger.info("deferral: no full-screen watch on Wayland; calls and do-not-disturb still defer breaks")
            return nil
        }
        do {
            return try X11FullScreenWatch(environment: environment)
        } catch {
            logger.info("deferral: no full-screen watch (\(error)); calls and do-not-disturb still defer breaks")
            return nil
        }
    }

    /// The presence sources this desktop may offer; each says on start whether it can be used.
    static func presenceSources(environment: [String: String], sessionBus: SessionBus?, clock: ProcessClock, logger: Logger) -> [any PresenceSource] {
        let now: @Sendable () -> Date = { clock.now() }
        return PresenceSources.session(environment: environment, sessionBus: sessionBus, now: now, logger: logger)
            + PresenceSources.system(environment: environment, now: now, logger: logger)
    }
    #endif
}
