#if canImport(CSystemd)
import Foundation
import Logging
import LockOutCore
import Synchronization

/// Whether a media player plays, told by the players themselves over the session bus (MPRIS): any
/// `org.mpris.MediaPlayer2.*` name whose `org.mpris.MediaPlayer2.Player` says `PlaybackStatus` `Playing`.
///
/// Followed through signals only: the bus's `NameOwnerChanged` for names in the `org.mpris.MediaPlayer2` namespace
/// (a player starting or quitting) and the players' `PropertiesChanged` for the `Player` interface. Each player is
/// asked once for its status when it appears (and at the start, for the players already there); nothing is polled.
///
/// ```
///   not playing ──a player says Playing──► playing (`onChange` told)
///   playing ──the last playing player pauses, stops or quits──► not playing (`onChange` told)
/// ```
public final class MediaPlayers: MediaPlaybackSource {
    static let namespace = "org.mpris.MediaPlayer2"
    static let path = "/org/mpris/MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"
    static let properties = "org.freedesktop.DBus.Properties"

    public let name = "mpris"
    private let bus: SessionBus
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        /// Each player's unique name on the bus (once known) and whether it plays, by its well-known name.
        var players: [String: (owner: String?, playing: Bool)] = [:]
        var onChange: (@Sendable (Bool, Date) -> Void)?
        var subscriptions: [DBusSubscription] = []

        var isPlaying: Bool { players.values.contains { $0.playing } }
    }

    /// Players on `bus`; `now` dates each change.
    public init(bus: SessionBus, now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "lockout.presence")) {
        self.bus = bus
        self.now = now
        self.logger = logger
    }

    /// Whether some player plays, as last learnt.
    public var isPlaying: Bool { state.withLock { $0.isPlaying } }

    /// Subscribes to players appearing, quitting and changing, then asks the players already there; `onChange`
    /// (on the bus's queue) hears each change of `isPlaying`.
    public func start(onChange: @escaping @Sendable (_ playing: Bool, _ at: Date) -> Void) throws {
        guard bus.isConnected else { throw DBusError(name: DBusError.disconnected, message: "the session bus connection is closed") }
        let owners = DBusSignalMatch(
            sender: SessionBus.daemon, path: "/org/freedesktop/DBus", interface: SessionBus.daemon, member: "NameOwnerChanged",
            firstArgumentNamespace: Self.namespace
        )
        let ownerChanges = bus.subscribe(to: owners, installed: { [weak self] error in
            // Listed once the match is in place: a player starting after the answer is told by a signal.
            if error == nil { self?.listPlayers() }
        }, handler: { [weak self] signal in
            let arguments = signal.arguments.compactMap(\.string)
            guard let self, arguments.count == 3, arguments[0].hasPrefix(Self.namespace + ".") else { return }
            ownerChanged(arguments[0], to: arguments[2].isEmpty ? nil : arguments[2])
        })
        let changes = DBusSignalMatch(path: Self.path, interface: Self.properties, member: "PropertiesChanged", firstArgument: Self.player)
        let propertyChanges = bus.subscribe(to: changes) { [weak self] signal in
            guard let self, let sender = signal.sender, signal.arguments.count >= 2 else { return }
            if let status = signal.arguments[1].variants?["PlaybackStatus"]?.unwrapped.string {
                statusChanged(owner: sender, playing: status == "Playing")
            } else if signal.arguments.count > 2, signal.arguments[2].strings?.contains("PlaybackStatus") == true {
                for name in state.withLock({ $0.players.filter { $0.value.owner == sender }.map(\.key) }) { askStatus(of: name) }
            }
        }
        let previous = state.withLock { state in
            defer { (state.onChange, state.subscriptions) = (onChange, [ownerChanges, propertyChanges]) }
            return state.subscriptions
        }
        for subscription in previous { subscription.cancel() }
    }

    public func stop() {
        let subscriptions = state.withLock { state in
            defer { (state.onChange, state.subscriptions, state.players) = (nil, [], [:]) }
            return state.subscriptions
        }
        for subscription in subscriptions { subscription.cancel() }
    }

    /// Asks the bus for the names there now and each player among them for its status.
    private func listPlayers() {
        let call = DBusMethodCall(destination: SessionBus.daemon, path: "/org/freedesktop/DBus", interface: SessionBus.daemon, member: "ListNames")
        bus.call(call, timeout: .seconds(10)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                for name in reply.arguments.first?.strings ?? [] where name.hasPrefix(Self.namespace + ".") { askStatus(of: name) }
            case .failure(let error):
                logger.warning("presence: could not list the media players on the session bus: \(error)")
            }
        }
    }

    /// Asks the player `name` for its `PlaybackStatus`; the reply's sender is the player's unique name.
    private func askStatus(of name: String) {
        let call = DBusMethodCall(
            destination: name, path: Self.path, interface: Self.properties, member: "Get",
            arguments: [.string(Self.player), .string("PlaybackStatus")], allowsAutoStart: false
        )
        bus.call(call, timeout: .seconds(5)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                update { players in
                    players[name] = (reply.sender ?? players[name]?.owner, reply.arguments.first?.unwrapped.string == "Playing")
                }
            case .failure(let error):
                logger.debug("presence: the media player \(name) did not tell its status: \(error)")
            }
        }
    }

    /// The player `name` started on the connection `owner`, or quit (nil): it plays only once it says so.
    private func ownerChanged(_ name: String, to owner: String?) {
        update { players in
            if let owner { players[name] = (owner, false) } else { players[name] = nil }
        }
        if owner != nil { askStatus(of: name) }
    }

    /// The player on the connection `owner` says whether it plays.
    private func statusChanged(owner: String, playing: Bool) {
        update { players in
            for (name, player) in players where player.owner == owner { players[name] = (owner, playing) }
        }
    }

    /// Changes the players and tells `onChange` when whether some player plays changed; on the bus's queue, so in order.
    private func update(_ change: (inout [String: (owner: String?, playing: Bool)]) -> Void) {
        let tell: (@Sendable (Bool, Date) -> Void, Bool)? = state.withLock { state in
            let was = state.isPlaying
            change(&state.players)
            let now = state.isPlaying
            return now == was ? nil : state.onChange.map { ($0, now) }
        }
        guard let tell else { return }
        let (onChange, playing) = tell
        logger.info("presence: a media player \(playing ? "plays" : "no longer plays")")
        onChange(playing, now())
    }
}
#endif
