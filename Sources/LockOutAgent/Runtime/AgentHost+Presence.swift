import Foundation
import Logging
import LockOutCore
import LockOutRuntime

extension AgentHost {
    /// Starts watching presence with `sources`, then starts `agent` with `leftOvers`: what the sources tell as
    /// they start — a desktop idle past the threshold, a locked session — reaches the agent before it shows
    /// anything, so a break that fell due while no agent ran waits for the person's return instead of being
    /// shown to an empty desk. Each merged change goes to the agent with the natural-breaks setting as it is
    /// then; the agent learns which sources are in use for `lockout status`. `threshold` replaces the agent's
    /// (the shortest enabled break, at least 20 s) for tests that cannot wait that long.
    /// While `media` says a player plays and `mediaPresent` (the setting) says it counts, time without input is not time away.
    static func startAgent(
        _ agent: DeviceAgent, leftOvers: [NotificationRequest], presence sources: [any PresenceSource],
        media: (any MediaPlaybackSource)? = nil, mediaPresent: @escaping @Sendable () -> Bool = { true },
        naturalBreaks: @escaping @Sendable () -> Bool, awayAfter threshold: TimeInterval? = nil, trimmer: IdleTrimmer
    ) throws -> PresenceWatch {
        let watch = PresenceWatch(sources: sources, media: media, mediaCounts: mediaPresent)
        let threshold = try threshold ?? agent.executor.runBlocking { await agent.presenceThreshold() }
        // Each change goes to the agent's queue in the order told, the ones told as the sources start ahead of the
        // agent's start below.
        let used = watch.start(awayAfter: threshold) { change in
            let natural = naturalBreaks()
            Task(executorPreference: agent.executor) {
                await agent.presenceChanged(change, naturalBreaks: natural)
                trimmer.noteActivity()
            }
        }
        try agent.executor.runBlocking {
            await agent.setPresenceSources(watching: used.watching, unavailable: used.unavailable)
            try await agent.start(leftOvers: leftOvers)
        }
        return watch
    }

    #if canImport(CSystemd)
    /// Defers breaks for a call, do-not-disturb, a full-screen window and the chosen programs, with the settings kept
    /// beside the break screen's. Which program has focus is asked of the full-screen watch, which follows focus already.
    /// Returns whether the desktop tells which program has focus.
    @discardableResult
    func attachDeferral(agent: DeviceAgent, preferences: WebPreferences, bus: SessionBus?, environment: [String: String], trimmer: IdleTrimmer) throws -> Bool {
        let doNotDisturb = DoNotDisturb(bus: bus, environment: environment)
        // The X11 window manager, sway, Hyprland or GNOME's session manager; nil (and said in the log) where nothing tells.
        let fullScreen = FullScreenWatches.detect(environment: environment, sessionBus: bus, logger: logger)
        var focused: (@Sendable () -> String?)?
        if let fullScreen, fullScreen.tellsFocusedProgram { focused = { fullScreen.focusedProgram() } }
        let sensor = DesktopDeferralSensor(
            programs: ChosenPrograms(focused: focused), logger: logger,
            doNotDisturb: { doNotDisturb.isOn() },
            fullScreen: { fullScreen?.isFullScreen ?? false },
            watch: [
                { change in doNotDisturb.start { change(); trimmer.noteActivity() } },
                { change in fullScreen?.start { change(); trimmer.noteActivity() } },
            ],
            stop: [{ doNotDisturb.stop() }, { fullScreen?.stop() }]
        )
        try agent.executor.runBlocking { await agent.attachDeferral(sensor, settings: { preferences.deferral }) }
        return focused != nil
    }

    /// The presence sources this desktop may offer; each says on start whether it can be used.
    static func presenceSources(environment: [String: String], sessionBus: SessionBus?, clock: ProcessClock, logger: Logger) -> [any PresenceSource] {
        let now: @Sendable () -> Date = { clock.now() }
        return PresenceSources.session(environment: environment, sessionBus: sessionBus, now: now, logger: logger)
            + PresenceSources.wayland(environment: environment, now: now, logger: logger)
            + PresenceSources.system(environment: environment, now: now, logger: logger)
    }
    #endif
}
