import Foundation
import Logging
import LockOutCore
import LockOutRuntime

extension AgentHost {
    /// Starts watching presence with `sources`: each merged change goes to the agent with the natural-breaks
    /// setting as it is then; the agent learns which sources are in use for `lockout status`.
    func startPresence(agent: DeviceAgent, preferences: WebPreferences, sources: [any PresenceSource], trimmer: IdleTrimmer) throws -> PresenceWatch {
        let watch = PresenceWatch(sources: sources)
        let threshold = try agent.executor.runBlocking { await agent.presenceThreshold() }
        let used = watch.start(awayAfter: threshold) { change in
            let natural = preferences.naturalBreaks
            Task(executorPreference: agent.executor) {
                await agent.presenceChanged(change, naturalBreaks: natural)
                trimmer.noteActivity()
            }
        }
        try agent.executor.runBlocking { await agent.setPresenceSources(watching: used.watching, unavailable: used.unavailable) }
        return watch
    }

    #if canImport(CSystemd)
    /// Defers breaks for a call, do-not-disturb and a full-screen window, with the settings kept beside the
    /// break screen's.
    func attachDeferral(agent: DeviceAgent, preferences: WebPreferences, bus: SessionBus?, environment: [String: String], trimmer: IdleTrimmer) throws {
        let doNotDisturb = DoNotDisturb(bus: bus, environment: environment)
        // The X11 window manager, sway or Hyprland; nil (and said in the log) where nothing tells.
        let fullScreen = FullScreenWatches.detect(environment: environment, logger: logger)
        let sensor = DesktopDeferralSensor(
            doNotDisturb: { doNotDisturb.isOn() },
            fullScreen: { fullScreen?.isFullScreen ?? false },
            watch: [
                { change in doNotDisturb.start { change(); trimmer.noteActivity() } },
                { change in fullScreen?.start { change(); trimmer.noteActivity() } },
            ],
            stop: [{ doNotDisturb.stop() }, { fullScreen?.stop() }]
        )
        try agent.executor.runBlocking { await agent.attachDeferral(sensor, settings: { preferences.deferral }) }
    }

    /// The presence sources this desktop may offer; each says on start whether it can be used.
    static func presenceSources(environment: [String: String], sessionBus: SessionBus?, clock: ProcessClock, logger: Logger) -> [any PresenceSource] {
        let now: @Sendable () -> Date = { clock.now() }
        return PresenceSources.session(environment: environment, sessionBus: sessionBus, now: now, logger: logger)
            + PresenceSources.system(environment: environment, now: now, logger: logger)
    }
    #endif
}
