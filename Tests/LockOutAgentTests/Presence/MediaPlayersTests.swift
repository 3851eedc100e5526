#if canImport(CSystemd)
import Foundation
import LockOutCore
import Synchronization
import Testing
@testable import LockOutAgent

/// A media player of the test's own on a private bus: it owns `org.mpris.MediaPlayer2.NAME`, answers `Get` for its
/// `PlaybackStatus`, and says each change of it with `PropertiesChanged`, as a player does.
private final class FakePlayer {
    static let path = "/org/mpris/MediaPlayer2"
    private let service: FakeBusService

    init(address: String, name: String = "test", status: String) throws {
        service = try FakeBusService(
            address: address, name: "org.mpris.MediaPlayer2.\(name)", path: Self.path, answers: ["Get": [.variant(.string(status))]]
        )
    }

    /// The player plays, pauses or stops: answered from now on and told to whoever listens.
    func set(_ status: String) {
        service.answer("Get", with: [.variant(.string(status))])
        service.emit(
            path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
            arguments: [.string("org.mpris.MediaPlayer2.Player"), .variants(["PlaybackStatus": .string(status)]), .strings([])]
        )
    }

    /// The player quits: its name leaves the bus.
    func quit() { service.stop() }
}

/// A presence source a test tells by hand, standing in for the desktop's idle time.
private final class ManualIdle: PresenceSource, @unchecked Sendable {
    let name = "manual-idle"
    private let told = Mutex<(@Sendable (PresenceSignal) -> Void)?>(nil)

    func start(awayAfter threshold: TimeInterval, onChange: @escaping @Sendable (PresenceSignal) -> Void) throws {
        told.withLock { $0 = onChange }
    }

    func stop() { told.withLock { $0 = nil } }

    func tell(away: Bool, at: Date) { told.withLock { $0 }?(PresenceSignal(away: away, at: at, reason: .idle)) }
}

@Suite("Presence: a media player playing (MPRIS on a private session bus)", .serialized)
struct MediaPlayersTests {
    private static let now = Date(timeIntervalSince1970: 1_790_000_000)

    private func watch(_ bus: PrivateSystemBus) throws -> MediaPlayers {
        MediaPlayers(bus: try SessionBus(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address]), now: { Self.now }, logger: RecordedLogs().logger)
    }

    @Test("a player appearing while Playing plays; it is told when it pauses, plays again and quits")
    func followsOnePlayer() async throws {
        let bus = try PrivateSystemBus()
        let players = try watch(bus)
        let changes = Inbox<Bool>()
        try players.start { playing, at in
            #expect(at == Self.now)
            changes.put(playing)
        }
        defer { players.stop() }
        #expect(!players.isPlaying)

        let player = try FakePlayer(address: bus.address, status: "Playing")
        #expect(await changes.next(within: 10) == true)
        #expect(players.isPlaying)
        player.set("Paused")
        #expect(await changes.next(within: 10) == false)
        player.set("Playing")
        #expect(await changes.next(within: 10) == true)
        player.quit()
        #expect(await changes.next(within: 10) == false)
        #expect(!players.isPlaying)
    }

    @Test("a player already playing when the watch starts is found; one that is stopped is not")
    func playersAlreadyThere() async throws {
        let bus = try PrivateSystemBus()
        let stopped = try FakePlayer(address: bus.address, name: "stopped", status: "Stopped")
        let playing = try FakePlayer(address: bus.address, name: "playing", status: "Playing")
        defer { stopped.quit(); playing.quit() }
        let players = try watch(bus)
        let changes = Inbox<Bool>()
        try players.start { playing, _ in changes.put(playing) }
        defer { players.stop() }
        #expect(await changes.next(within: 10) == true)
        stopped.set("Paused")
        playing.set("Paused")
        #expect(await changes.next(within: 10) == false)
    }

    @Test("the presence watch: away for want of input, present while a player plays, away again once it pauses")
    func presenceWhilePlaying() async throws {
        let bus = try PrivateSystemBus()
        let idle = ManualIdle()
        let presence = PresenceWatch(sources: [idle], media: try watch(bus), logger: RecordedLogs().logger)
        let changes = Inbox<PresenceChange>()
        let used = presence.start(awayAfter: 60) { changes.put($0) }
        defer { presence.stop() }
        #expect(used.watching == ["manual-idle", "mpris"])

        let lastInput = Self.now.addingTimeInterval(-600)
        idle.tell(away: true, at: lastInput)
        #expect(await changes.next(within: 10) == .away(since: lastInput, reasons: [.idle]))
        let player = try FakePlayer(address: bus.address, status: "Playing")
        defer { player.quit() }
        #expect(await changes.next(within: 10) == .back(at: Self.now))
        player.set("Paused")
        #expect(await changes.next(within: 10) == .away(since: Self.now, reasons: [.idle]))
    }

    @Test("with media playing not counting as present, a playing player leaves time away as it is")
    func settingOff() async throws {
        let bus = try PrivateSystemBus()
        let idle = ManualIdle()
        let asked = Inbox<Bool>()
        let presence = PresenceWatch(
            sources: [idle], media: try watch(bus), mediaCounts: { asked.put(true); return false }, logger: RecordedLogs().logger
        )
        let changes = Inbox<PresenceChange>()
        presence.start(awayAfter: 60) { changes.put($0) }
        defer { presence.stop() }
        idle.tell(away: true, at: Self.now)
        #expect(await changes.next(within: 10) == .away(since: Self.now, reasons: [.idle]))
        let player = try FakePlayer(address: bus.address, status: "Playing")
        defer { player.quit() }
        // The player is seen playing and the setting is read: the person stays away until input comes back.
        #expect(await asked.next(within: 10) == true)
        let back = Self.now.addingTimeInterval(5)
        idle.tell(away: false, at: back)
        #expect(await changes.next(within: 10) == .back(at: back))
    }
}
#endif
