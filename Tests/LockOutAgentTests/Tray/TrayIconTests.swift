#if canImport(CSystemd)
import Foundation
import Glibc
import Logging
import Testing
import LockOutCore
import LockOutRuntime
@testable import LockOutAgent

@Suite("The tray icon over D-Bus", .serialized, .disabled(if: DesktopSession.isSkipped, DesktopSession.skipReason))
struct TrayIconTests {
    static let watcher = "org.kde.StatusNotifierWatcher"
    static let itemName = "org.kde.StatusNotifierItem-\(getpid())-1"

    /// A private bus, a started agent with a manual clock, and its tray icon on a connection of its own.
    struct Setup {
        let session: PrivateSession
        let fixture: AgentFixture
        let agent: DeviceAgent
        let logs: RecordedLogs
        let tray: TrayIcon
        /// Another connection, calling the icon as a tray host does.
        let host: SessionBus

        init(quit: @escaping @Sendable (SessionBus) -> Void = { _ in }) async throws {
            session = try PrivateSession()
            fixture = try AgentFixture()
            (agent, _, _) = try await fixture.startAgent()
            logs = RecordedLogs()
            let bus = try SessionBus(environment: session.environment, logger: logs.logger)
            tray = AgentTray.start(
                agent: agent, bus: bus, iconDirectory: fixture.directory.appendingPathComponent("icons"), logger: logs.logger,
                openWebApp: {}, quit: { quit(bus) }
            )
            host = try SessionBus(environment: session.environment)
        }

        var address: String { session.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "" }

        func startWatcher() throws -> FakeBusService {
            // Answering from the start: the icon registers as soon as the name appears.
            try FakeBusService(
                address: address, name: TrayIconTests.watcher, path: "/StatusNotifierWatcher", answers: ["RegisterStatusNotifierItem": []]
            )
        }

        func property(_ name: String) async throws -> DBusValue? {
            let reply = try await host.call(DBusMethodCall(
                destination: TrayIconTests.itemName, path: "/StatusNotifierItem", interface: "org.freedesktop.DBus.Properties",
                member: "Get", arguments: [.string("org.kde.StatusNotifierItem"), .string(name)]
            ))
            return reply.arguments.first
        }

        func menu(_ member: String, _ arguments: [DBusValue]) async throws -> [DBusValue] {
            try await host.call(DBusMethodCall(
                destination: TrayIconTests.itemName, path: "/MenuBar", interface: "com.canonical.dbusmenu", member: member, arguments: arguments
            )).arguments
        }

        /// The menu's items as (id, label, enabled), from GetLayout.
        func items() async throws -> [(id: Int32, label: String, enabled: Bool)] {
            let reply = try await menu("GetLayout", [.int32(0), .int32(-1), .strings([])])
            let root = try #require(reply.last?.fields)
            return try #require(root.last?.elements).compactMap { child in
                guard let fields = child.fields, let id = fields.first?.int32, let properties = fields[1].variants,
                      let label = properties["label"]?.string else { return nil }
                return (id, label, properties["enabled"]?.bool ?? true)
            }
        }

        func click(_ id: Int32) async throws {
            _ = try await menu("Event", [.int32(id), .string("clicked"), .variant(.int32(0)), .uint32(0)])
        }

        func tooltip() async throws -> (title: String, text: String)? {
            guard let fields = try await property("ToolTip")?.fields, fields.count == 4,
                  let title = fields[2].string, let text = fields[3].string else { return nil }
            return (title, text)
        }

        func remove() { fixture.remove() }
    }

    @Test("registers with the watcher; a host reads the tooltip and the menu, and Pause for 30 min pauses the agent")
    func registerAndPause() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        let watcher = try setup.startWatcher()
        defer { watcher.stop() }

        #expect(try await eventually { watcher.allArguments("RegisterStatusNotifierItem").first } == [.string(Self.itemName)])
        let tooltip = try #require(try await eventuallyAsync { try await setup.tooltip().flatMap { $0.text.isEmpty ? nil : $0 } })
        #expect(tooltip.title == "LockOut")
        #expect(tooltip.text == "Eye Break in 20 min")
        #expect(try await setup.property("Menu") == .objectPath("/MenuBar"))
        #expect(try await setup.property("ItemIsMenu") == .bool(true))
        #expect(try await setup.property("Status") == .string("Active"))
        #expect(try await setup.property("IconName") == .string("lockout"))
        let pixmaps = try #require(try await setup.property("IconPixmap")?.elements).compactMap(\.fields)
        #expect(pixmaps.map { $0.first } == [.int32(22), .int32(32), .int32(48)])
        let sizes: [Int?] = [22, 32, 48].map { $0 * $0 * 4 }
        #expect(pixmaps.map { $0.last?.bytes?.count } == sizes)
        // Opaque, teal in the corner: the first pixel's alpha, red, green, blue.
        let corner: [UInt8]? = pixmaps.first?.last?.bytes.map { Array($0.prefix(4)) }
        #expect(corner == [255, 20, 131, 121])
        let iconThemePath = try #require(try await setup.property("IconThemePath")?.string)
        #expect(FileManager.default.contents(atPath: iconThemePath + "/hicolor/256x256/apps/lockout.png") == SessionIcon.png)

        let items = try await setup.items()
        #expect(items.map(\.label) == ["Take a break now", "Pause for 30 min", "Pause for 1 hour", "Pause until tomorrow", "Resume", "Open LockOut", "Quit"])
        #expect(items.first { $0.label == "Resume" }?.enabled == false)

        let pause = try #require(items.first { $0.label == "Pause for 30 min" })
        try await setup.click(pause.id)
        let paused = try await eventuallyAsync { () async throws -> DashboardScreen? in
            let dashboard = try await setup.agent.dashboard()
            return dashboard.state == "paused" ? dashboard : nil
        }
        #expect(paused?.pausedUntil == AgentFixture.start.addingTimeInterval(30 * 60))
        // The menu and the tooltip follow: Resume is enabled, the tooltip says until when.
        #expect(try await eventuallyAsync { try await setup.items().first { $0.label == "Resume" }?.enabled == true ? true : nil } == true)
        #expect(try await setup.tooltip()?.text.hasPrefix("Breaks paused until") == true)
    }

    @Test("the tooltip reaches the host as markup: a focus activity's & and < arrive escaped")
    func tooltipMarkup() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        let watcher = try setup.startWatcher()
        defer { watcher.stop() }
        #expect(try await eventually { watcher.calls("RegisterStatusNotifierItem") == 1 ? true : nil } == true)

        try setup.fixture.database.activityStore.add(Activity(id: ActivityID(rawValue: UUID()), name: "Q&A <prep>"))
        _ = try await setup.agent.perform(FocusCommand.start(FocusStart(durationMinutes: 25, activity: "Q&A <prep>")))
        let text = try await eventuallyAsync { try await setup.tooltip().flatMap { $0.text.contains("Focus") ? $0.text : nil } }
        #expect(text == "Eye Break in 20 min · Focus: Q&amp;A &lt;prep&gt;, 25 min left")
    }

    @Test("Take a break now starts a break, and Resume after a pause runs the breaks again")
    func takeBreakAndResume() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        let watcher = try setup.startWatcher()
        defer { watcher.stop() }
        #expect(try await eventually { watcher.calls("RegisterStatusNotifierItem") == 1 ? true : nil } == true)

        try await setup.click(TrayMenu.Item.takeBreak.rawValue)
        #expect(try await eventuallyAsync { try await setup.agent.dashboard().state == "breakActive" ? true : nil } == true)

        _ = try await setup.agent.perform(BreakCommand.pauseUntilTomorrow)
        try await setup.click(TrayMenu.Item.resume.rawValue)
        #expect(try await eventuallyAsync { try await setup.agent.dashboard().state == "running" ? true : nil } == true)
    }

    @Test("Quit runs off the bus's queue, so stopping the agent may wait for the bus")
    func quit() async throws {
        let quits = Inbox<Bool>()
        let setup = try await Setup { bus in
            bus.flush()  // what stopping the agent does: it waits for the bus's queue
            quits.put(true)
        }
        defer { setup.remove() }
        let watcher = try setup.startWatcher()
        defer { watcher.stop() }
        #expect(try await eventually { watcher.calls("RegisterStatusNotifierItem") == 1 ? true : nil } == true)

        try await setup.click(TrayMenu.Item.quit.rawValue)
        #expect(await quits.next(within: 10) == true)
    }

    @Test("without a tray host the agent says so once and runs on; a host that starts later, or restarts, gets the icon")
    func lateHost() async throws {
        let setup = try await Setup()
        defer { setup.remove() }
        let noHost = { setup.logs.messages.filter { $0.contains("no tray host") }.count }
        #expect(try await eventually { noHost() == 1 ? true : nil } == true)
        #expect(!setup.logs.messages.contains { $0.hasPrefix("error") || $0.hasPrefix("warning") })
        #expect(await setup.agent.trayFollowerCount == 0)

        let first = try setup.startWatcher()
        #expect(try await eventually { first.calls("RegisterStatusNotifierItem") == 1 ? true : nil } == true)
        #expect(try await eventuallyAsync { await setup.agent.trayFollowerCount == 1 ? true : nil } == true)

        first.stop()
        #expect(try await eventuallyAsync { await setup.agent.trayFollowerCount == 0 ? true : nil } == true)
        let second = try setup.startWatcher()
        defer { second.stop() }
        #expect(try await eventually { second.calls("RegisterStatusNotifierItem") == 1 ? true : nil } == true)
        #expect(try await eventuallyAsync { await setup.agent.trayFollowerCount == 1 ? true : nil } == true)
        #expect(noHost() == 1)
    }
}

/// Waits until `probe` returns a value, checking every 50 ms for at most `seconds`; for answers that come over the bus.
private func eventuallyAsync<T>(within seconds: Double = 5, _ probe: () async throws -> T?) async throws -> T? {
    let end = Date().addingTimeInterval(seconds)
    while true {
        if let value = try await probe() { return value }
        if Date() > end { return nil }
        try await Task.sleep(for: .milliseconds(50))
    }
}
#endif
