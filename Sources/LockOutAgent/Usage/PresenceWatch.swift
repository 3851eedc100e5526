import Foundation
import Logging
import LockOutCore
import Synchronization

/// Starts the desktop's presence sources and merges what they tell into one away-and-back story for the
/// agent. Every source watches (signals, X events, idle-monitor watches): nothing here polls, and a source
/// the desktop does not offer is left out with its reason, said once in the log and in `lockout status`.
public final class PresenceWatch: Sendable {
    private let sources: [any PresenceSource]
    private let media: (any MediaPlaybackSource)?
    private let mediaCounts: @Sendable () -> Bool
    private let logger: Logger
    private let merger = Mutex(PresenceMerger())
    private let started = Mutex<[any PresenceSource]>([])
    private let mediaStarted = Mutex(false)

    /// A watch over `sources`, in the order given; while `media` says a player plays and `mediaCounts` (the setting,
    /// read at each change of playback) says so, time without input is not time away.
    public init(
        sources: [any PresenceSource], media: (any MediaPlaybackSource)? = nil, mediaCounts: @escaping @Sendable () -> Bool = { true },
        logger: Logger = Logger(label: "lockout.presence")
    ) {
        self.sources = sources
        self.media = media
        self.mediaCounts = mediaCounts
        self.logger = logger
    }

    /// Starts every source with `threshold`; `onChange` hears each merged change, on a source's queue.
    /// Returns the names of the sources in use and, for the others, why they are not.
    @discardableResult
    public func start(
        awayAfter threshold: TimeInterval,
        onChange: @escaping @Sendable (PresenceChange) -> Void
    ) -> (watching: [String], unavailable: [String: String]) {
        var watching: [String] = []
        var unavailable: [String: String] = [:]
        for source in sources {
            let name = source.name
            do {
                try source.start(awayAfter: threshold) { [self] signal in
                    if let change = merger.withLock({ $0.receive(signal, from: name) }) { onChange(change) }
                }
                watching.append(name)
                started.withLock { $0.append(source) }
            } catch {
                unavailable[name] = "\(error)"
            }
        }
        if let media, !watching.isEmpty {
            let name = media.name
            do {
                try media.start { [self] playing, at in
                    let counts = playing && mediaCounts()
                    if let change = merger.withLock({ $0.mediaPlaying(counts, at: at) }) { onChange(change) }
                }
                watching.append(name)
                mediaStarted.withLock { $0 = true }
            } catch {
                unavailable[name] = "\(error)"
            }
        }
        if watching.isEmpty {
            logger.notice("presence: nothing on this desktop tells when you step away; time away does not count as breaks")
        } else {
            logger.info("presence: watching \(watching.joined(separator: ", ")), away after \(Int(threshold)) s")
        }
        for (name, reason) in unavailable.sorted(by: { $0.key < $1.key }) {
            logger.info("presence: \(name) not used: \(reason)")
        }
        return (watching, unavailable)
    }

    /// Stops every source that started.
    public func stop() {
        let running = started.withLock { sources in
            defer { sources = [] }
            return sources
        }
        for source in running { source.stop() }
        let mediaRunning = mediaStarted.withLock { started in
            defer { started = false }
            return started
        }
        if mediaRunning { media?.stop() }
    }
}
