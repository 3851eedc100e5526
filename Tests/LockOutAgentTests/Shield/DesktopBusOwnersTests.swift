#if os(Linux)
import Foundation
import LockOutCore
import Testing
@testable import LockOutAgent

/// The owners of the desktop's bus names, learned from a private session bus with a real dunst on it.
@Suite("Shield: the desktop's bus-name owners", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
struct DesktopBusOwnersTests {
    @Test("the notification service's pid is known while it owns the name, and forgotten when it goes")
    func followsTheOwner() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        let owners = DesktopBusOwners(bus: bus, names: ["org.freedesktop.Notifications"])
        #expect(owners.processIDs.isEmpty)

        try await session.startDunst()
        let dunstPID = try #require(session.dunstProcessID)
        #expect(try await eventually(within: 10) { owners.processIDs == [dunstPID] ? true : nil } == true)

        session.stopDunst()
        #expect(try await eventually(within: 10) { owners.processIDs.isEmpty ? true : nil } == true)
    }

    @Test("the bus daemon itself is known by its pid")
    func busDaemon() async throws {
        let session = try PrivateSession()
        let bus = try SessionBus(environment: session.environment)
        let owners = DesktopBusOwners(bus: bus, names: ["org.freedesktop.DBus"])

        #expect(try await eventually(within: 10) { owners.processIDs == [session.daemonProcessID] ? true : nil } == true)
    }

    @Test("a notification daemon under a name no catalog knows is never stopped, while a blocked game is")
    func unknownNotificationDaemonSpared() async throws {
        let session = try PrivateSession()
        let daemon = try FakeProgram(copying: try #require(PlatformCommand.find("dunst", environment: session.environment)).path, prefix: "fancynotify")
        #expect(ShieldPolicy.mayBlock(daemon.name))  // by its name alone it could be blocked
        let running = try daemon.start(["-config", PrivateSession.scripts.appendingPathComponent("dunstrc").path], environment: session.environment)
        defer { running.kill() }
        let bus = try SessionBus(environment: session.environment)
        let owners = DesktopBusOwners(bus: bus)
        let pid = running.pid
        #expect(try await eventually(within: 10) { owners.processIDs.contains(pid) ? true : nil } == true)
        let steam = try FakeProgram(copying: "/bin/sleep", prefix: "fakesteam")
        let game = try steam.start(["300"])
        defer { game.kill() }
        let agent = try StandInAgent()
        defer { agent.kill() }
        let shield = agent.shield(protectedProcessIDs: { owners.processIDs })
        defer { shield.apply(blocked: [], onBlocked: { _ in }) }

        shield.apply(blocked: [daemon.target, steam.target], onBlocked: { _ in })

        #expect(try #require(await game.exits.next(within: 5)).signal == SIGTERM)
        #expect(await running.exits.next(within: 2.5) == nil)
        #expect(running.process.isRunning)
    }
}
#endif
