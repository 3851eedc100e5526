import Foundation
import LockOutCore
import Synchronization

/// What the web app remembers about its person: whether they went through the onboarding pages. Kept in
/// `web.json` in the data directory (or in memory only), read once, written whole when it changes.
public final class WebPreferences: Sendable {
    struct State: Codable, Equatable {
        var onboarded = false
        var gateOnboarded = false
        var breakScreen: BreakScreenMode? = nil
        var naturalBreaks: Bool? = nil
        var mediaPresent: Bool? = nil
        var deferral: DeferralSettings? = nil
        var chimes: ChimeSettings? = nil
        var strictBreaks: Bool? = nil
    }

    private let state: Mutex<State>
    private let file: URL?

    /// Preferences kept in `directory/web.json`; a missing or unreadable file means nothing seen yet.
    public convenience init(directory: URL) {
        let file = directory.appendingPathComponent("web.json")
        let state = (try? JSONDecoder().decode(State.self, from: Data(contentsOf: file))) ?? State()
        self.init(state: state, file: file)
    }

    /// Preferences in memory only, as given.
    public convenience init(onboarded: Bool, gateOnboarded: Bool) {
        self.init(state: State(onboarded: onboarded, gateOnboarded: gateOnboarded), file: nil)
    }

    private init(state: State, file: URL?) {
        self.state = Mutex(state)
        self.file = file
    }

    /// Where a due break is shown besides its notification. Read from the file each time, so that
    /// `lockout settings set break-screen` takes effect in the running agent at the next break.
    public var breakScreen: BreakScreenMode { stored(\.breakScreen) ?? .notification }

    public func setBreakScreen(_ mode: BreakScreenMode) { update { $0.breakScreen = mode } }

    /// Whether time away counts as breaks (on unless switched off). Read from the file each time, so that
    /// `lockout settings set natural-breaks` takes effect in the running agent at the next absence.
    public var naturalBreaks: Bool { stored(\.naturalBreaks) ?? true }

    public func setNaturalBreaks(_ on: Bool) { update { $0.naturalBreaks = on } }

    /// Whether the native break screen holds Snooze and Done back until the countdown ends, holding the input
    /// meanwhile where the desktop allows (off unless switched on). Read from the file at each break.
    public var strictBreaks: Bool { stored(\.strictBreaks) ?? false }

    public func setStrictBreaks(_ on: Bool) { update { $0.strictBreaks = on } }

    /// Whether a media player playing counts as the person being there (on unless switched off). Read from the
    /// file each time, so that `lockout settings set media-present` takes effect in the running agent.
    public var mediaPresent: Bool { stored(\.mediaPresent) ?? true }

    public func setMediaPresent(_ on: Bool) { update { $0.mediaPresent = on } }

    /// What may defer breaks and for how long at most. Read from the file each time, so that a change
    /// takes effect in the running agent at the next look.
    public var deferral: DeferralSettings { stored(\.deferral) ?? .defaults }

    /// Which kinds chime at a break's start and end. Read from the file each time, as the other settings.
    public var chimes: ChimeSettings { stored(\.chimes) ?? .defaults }

    public func setChimes(_ chimes: ChimeSettings) { update { $0.chimes = chimes } }

    public func updateDeferral(_ change: (inout DeferralSettings) -> Void) {
        update { state in
            var settings = state.deferral ?? .defaults
            change(&settings)
            state.deferral = settings
        }
    }

    /// Whether the breaks onboarding was finished.
    public var onboarded: Bool { state.withLock { $0.onboarded } }
    /// Whether the health gate's onboarding was finished.
    public var gateOnboarded: Bool { state.withLock { $0.gateOnboarded } }

    public func finishOnboarding() { update { $0.onboarded = true } }
    public func finishGateOnboarding() { update { $0.gateOnboarded = true } }

    /// A setting as the file holds it now (another process, the CLI, may have changed it), else as kept in memory.
    private func stored<Value>(_ setting: (State) -> Value?) -> Value? {
        if let file, let data = try? Data(contentsOf: file), let stored = try? JSONDecoder().decode(State.self, from: data) {
            return setting(stored)
        }
        return state.withLock { setting($0) }
    }

    private func update(_ change: (inout State) -> Void) {
        // Another process (the CLI) may have written the file since: start from it.
        let stored = file.flatMap { try? JSONDecoder().decode(State.self, from: Data(contentsOf: $0)) }
        let saved = state.withLock { state -> State in
            if let stored { state = stored }
            change(&state)
            return state
        }
        if let file, let data = try? JSONEncoder().encode(saved) {
            try? data.write(to: file, options: .atomic)
        }
    }
}
