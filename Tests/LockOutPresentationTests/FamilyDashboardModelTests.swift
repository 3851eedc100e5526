import Foundation
import Hummingbird
import HummingbirdTesting
import LockOutAgent
import LockOutCore
import LockOutPresentation
import LockOutRuntime
import LockOutServer
import LockOutStore
import Testing

/// Takes configuration as applied, and applies nothing.
private struct NoApplier: ConfigurationApplying {
    func apply(_ command: LocalConfigurationCommand, id: CommandID?) throws {}
}

/// A device's family side over an in-memory database, reaching a live server on loopback.
private struct FamilyDevice {
    static let now = Date(timeIntervalSince1970: 1_795_420_800)  // 2026-11-23 08:00 UTC
    let database: AppDatabase
    let service: FamilyService

    init(_ mode: DeviceMode, name: String) throws {
        database = try AppDatabase.inMemory()
        service = FamilyService(
            store: database.familyStore, directory: FileManager.default.temporaryDirectory, applier: NoApplier(), connector: .http,
            now: { Self.now }
        )
        _ = try service.setup(mode, name: name)
    }
}

/// Runs `work` on a thread of its own: a blocking call to the family server never holds a thread of the pool the
/// in-process server answers on.
private func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

@MainActor
@Suite("Family dashboard model (a parent's)")
struct FamilyDashboardModelTests {
    nonisolated static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    nonisolated static func withServer(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-server-\(UUID())/server.sqlite").path
        let storage = try SQLiteFamilyStorage(path: path)
        let app = FamilyServer.application(storage: storage, configuration: FamilyServer.Configuration(port: 0, now: { FamilyDevice.now }))
        try await app.test(.live) { client in try await body("http://127.0.0.1:\(try #require(client.port))") }
    }

    @Test("a device without a mode, then one outside a family, then a parent with its devices")
    func places() async throws {
        try await Self.withServer { server in
            let parent = try FamilyDevice(.parentDevice, name: "Parent laptop")
            let today = LocalDate(FamilyDevice.now, in: Self.calendar)
            let model = await FamilyDashboardModel(service: parent.service, calendar: Self.calendar, today: { today })
            await model.refresh()
            #expect(await model.place == .notMember(.parentDevice))
            _ = try await blocking { try parent.service.create(server: server) }
            await model.refresh()
            #expect(await model.place == .parent)
            #expect(await model.devices.map(\.deviceName) == ["Parent laptop"])
            #expect(await model.children.isEmpty)
        }
    }

    @Test("pairing shows a code whose payload a child redeems; the child's days show as chart days; a change sent is listed")
    func pairSelectSend() async throws {
        try await Self.withServer { server in
            let parent = try FamilyDevice(.parentDevice, name: "Parent laptop")
            _ = try await blocking { try parent.service.create(server: server) }
            let today = LocalDate(FamilyDevice.now, in: Self.calendar)
            let model = await FamilyDashboardModel(service: parent.service, calendar: Self.calendar, today: { today })
            await model.pair(.childDevice)
            let pairing = try #require(await model.pairing)
            #expect(pairing.mode == .childDevice)
            #expect(pairing.expiresAt > FamilyDevice.now)

            let child = try FamilyDevice(.childDevice, name: "Anna's laptop")
            _ = try await blocking { try child.service.join(payload: pairing.payload) }
            let childID = try child.service.identity().id
            let summary = DailySummary(deviceID: childID, date: today, breaksCompleted: 4, breaksSkipped: 1, focusMinutes: 25,
                                       steps: 6_200, lastUpdated: FamilyDevice.now)
            try child.database.familyStore.queueSummary(summary, id: MutationID(rawValue: UUID()), calendar: Self.calendar, now: FamilyDevice.now)
            #expect(try await blocking { child.service.sync() } == .synced(applied: 0))

            await model.refresh()
            let anna = try #require(await model.children.first)
            #expect(anna.deviceName == "Anna's laptop")
            await model.select(anna, range: .week)
            #expect(await model.message == nil)
            #expect(await model.usage == [FamilyDashboardModel.UsageDay(
                day: today, breaksCompleted: 4, breaksSkipped: 1, compliance: "80%", focusMinutes: 25, steps: 6_200, gateOpened: false
            )])

            await model.send(.snooze(minutes: 7))
            #expect(await model.message == nil)
            #expect(await model.selectedCommands.map(\.command.change) == [.snooze(minutes: 7)])
            #expect(await model.selectedCommands.map(\.status) == [.pending])
        }
    }

    @Test("a parent starts a family from the model, a child joins with the code it shows; a bad server or code is named")
    func createAndJoin() async throws {
        try await Self.withServer { server in
            let today = LocalDate(FamilyDevice.now, in: Self.calendar)
            let parent = try FamilyDevice(.parentDevice, name: "Parent laptop")
            let parentModel = await FamilyDashboardModel(service: parent.service, calendar: Self.calendar, today: { today })
            #expect(await !parentModel.create(server: "ftp://nowhere"))
            #expect(await parentModel.message != nil)
            #expect(await parentModel.place == .notMember(.parentDevice))
            #expect(await parentModel.create(server: server))
            #expect(await parentModel.message == nil)
            #expect(await parentModel.place == .parent)

            await parentModel.pair(.childDevice)
            let code = try #require(await parentModel.pairing).payload
            let child = try FamilyDevice(.childDevice, name: "Anna's tablet")
            let childModel = await FamilyDashboardModel(service: child.service, calendar: Self.calendar, today: { today })
            #expect(await !childModel.join(code: "lockout-pair:nonsense"))
            #expect(await childModel.message != nil)
            #expect(await childModel.join(code: code))
            #expect(await childModel.message == nil)
            await parentModel.refresh()
            #expect(await parentModel.children.map(\.deviceName) == ["Anna's tablet"])
            // The code opens nothing a second time.
            let again = try FamilyDevice(.childDevice, name: "Another tablet")
            let againModel = await FamilyDashboardModel(service: again.service, calendar: Self.calendar, today: { today })
            #expect(await !againModel.join(code: code))
        }
    }

    @Test("a name the server refuses is named and nothing changes")
    func refusedRename() async throws {
        try await Self.withServer { server in
            let parent = try FamilyDevice(.parentDevice, name: "Parent laptop")
            _ = try await blocking { try parent.service.create(server: server) }
            let child = try FamilyDevice(.childDevice, name: "Tablet")
            let pairing = try await blocking { try parent.service.pair(mode: .childDevice) }
            _ = try await blocking { try child.service.join(payload: pairing.payload) }
            let today = LocalDate(FamilyDevice.now, in: Self.calendar)
            let model = await FamilyDashboardModel(service: parent.service, calendar: Self.calendar, today: { today })
            await model.refresh()
            await model.select(try #require(await model.children.first))
            await model.rename(to: String(repeating: "x", count: 65))
            #expect(await model.message != nil)
            await model.refresh()
            #expect(await model.children.map(\.deviceName) == ["Tablet"])
        }
    }
}
