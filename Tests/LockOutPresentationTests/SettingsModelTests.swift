import Foundation
import LockOutCore
import LockOutPresentation
import Testing

@MainActor
@Suite("Settings model")
struct SettingsModelTests {
    @Test("snooze and retention steppers with the engine's ranges; a change reaches the runtime")
    func steppers() async throws {
        let fixture = try await PresentationFixture()
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.allowed))
        await model.refresh()
        let screen = try #require(model.screen)
        #expect((screen.snooze.title, screen.snooze.value, screen.snooze.range, screen.snooze.unit) == ("Snooze", 5, 1...60, "min"))
        #expect((screen.retention.title, screen.retention.value, screen.retention.range, screen.retention.unit) == ("Keep history", 365, 7...3650, "days"))
        await model.setSnooze(minutes: 10)
        await model.setRetention(days: 30)
        #expect(model.screen?.snooze.value == 10)
        #expect(model.screen?.retention.value == 30)
        let settings = try await fixture.agent.settings()
        #expect((settings.snoozeMinutes, settings.retentionDays) == (10, 30))
    }

    @Test("a value out of range is refused in the engine's words and changes nothing")
    func outOfRange() async throws {
        let fixture = try await PresentationFixture()
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.allowed))
        await model.refresh()
        let before = model.screen
        await model.setSnooze(minutes: 61)
        #expect(model.message?.text == "snooze of 61 min is out of range: allowed 1...60 min")
        await model.setRetention(days: 6)
        #expect(model.message?.text == "retention of 6 days is out of range: allowed 7...3650 days")
        #expect(model.screen == before)
        #expect(try await fixture.agent.settings().snoozeMinutes == 5)
    }

    @Test("built without a family service, the screen has no sync section")
    func noFamily() async throws {
        let fixture = try await PresentationFixture()
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.allowed))
        await model.refresh()
        #expect(!model.showsSync)
        #expect(model.sync == nil)
        await model.syncNow()
        #expect(model.syncOutcome == nil)
    }

    @Test("a device in no family says so and offers nothing to sync")
    func notMember() async throws {
        let fixture = try await PresentationFixture()
        let model = SettingsModel(agent: fixture.agent, family: fixture.family(), permissions: TestPermissions(.allowed))
        await model.refresh()
        #expect(model.showsSync)
        #expect(model.sync?.state == "Not in a family")
        #expect(model.sync?.canSyncNow == false)
    }

    @Test("Sync Now pushes the outbox and pulls the family's changes; the section then says it is up to date")
    func syncNow() async throws {
        let fixture = try await PresentationFixture()
        try fixture.joinFamily()
        let server = FakeFamilyServer()
        let model = SettingsModel(agent: fixture.agent, family: fixture.family(server), permissions: TestPermissions(.allowed))
        await model.refresh()
        #expect(model.sync?.rows.map(\.value) == ["http://127.0.0.1:8443", "Waiting to sync", "never", "1", "0"])
        fixture.clock.advance(by: 90)
        await model.syncNow()
        #expect(model.syncOutcome == "Synced.")
        #expect(model.message == nil)
        #expect(model.sync?.rows.map(\.value) == ["http://127.0.0.1:8443", "Up to date", "08:01", "0", "0"])
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["POST /v1/mutations", "GET /v1/changes"])
    }

    @Test("a server that refuses: Sync Now reports its words, and the section shows the error")
    func syncRefused() async throws {
        let fixture = try await PresentationFixture()
        try fixture.joinFamily()
        let server = FakeFamilyServer()
        server.refuse(status: 403, error: "this device was revoked")
        let model = SettingsModel(agent: fixture.agent, family: fixture.family(server), permissions: TestPermissions(.allowed))
        await model.syncNow()
        #expect(model.syncOutcome == "The family server refused: 403 this device was revoked.")
        #expect(model.message?.text == "The family server refused: 403 this device was revoked.")
        #expect(model.sync?.state == "Error — 403 this device was revoked")
    }

    @Test("notifications not asked for yet: the request button shows, and asking shows the answer")
    func requestPermission() async throws {
        let fixture = try await PresentationFixture()
        let permissions = TestPermissions(.notDetermined, answer: .allowed)
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: permissions)
        await model.refresh()
        #expect(model.notifications == .notDetermined)
        #expect(model.canRequestNotifications)
        #expect(NotificationPermission.requestTitle == "Request Notification Permission")
        await model.requestNotificationPermission()
        #expect(permissions.requests == 1)
        #expect(model.notifications == .allowed)
        #expect(!model.canRequestNotifications)
        #expect(model.notifications?.text == "Notifications are on: breaks call you with Snooze and Done.")
    }

    @Test("notifications denied: no request button, only the way to turn them on")
    func denied() async throws {
        let fixture = try await PresentationFixture()
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.denied))
        await model.refresh()
        #expect(!model.canRequestNotifications)
        #expect(model.notifications?.text == "Notifications are off for LockOut: turn them on in the system's settings to be called for breaks.")
    }

    @Test("alarms not asked for: Settings says breaks notify meanwhile, offers Allow Alarms, and shows the answer")
    func alarmsNotAsked() async throws {
        let fixture = try await PresentationFixture()
        let alarms = TestAlarms(.notDetermined, answer: .denied)
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.allowed), alarms: alarms)
        await model.refresh()
        #expect(model.alarms == .notDetermined)
        #expect(model.canRequestAlarms)
        #expect(AlarmAuthorization.requestTitle == "Allow Alarms")
        await model.requestAlarmAuthorization()
        #expect(alarms.requests == 1)
        #expect(model.alarms == .denied)
        #expect(!model.canRequestAlarms)
    }

    @Test("each alarm state says what still calls for a break; taken back in the system's settings, the next refresh says so")
    func alarmStates() async throws {
        let fixture = try await PresentationFixture()
        let alarms = TestAlarms(.authorized)
        let model = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.allowed), alarms: alarms)
        await model.refresh()
        #expect(model.alarms?.text == "Alarms are on: each break rings through silent mode and Focus, with Start break and Stop.")
        alarms.set(.denied)
        await model.refresh()
        #expect(!model.canRequestAlarms)
        #expect(model.alarms?.text == "Alarms are off for LockOut: breaks call you with notifications instead, which silent mode and Focus can hold back. Turn alarms on in the system's settings to have breaks ring.")
        let mac = SettingsModel(agent: fixture.agent, family: nil, permissions: TestPermissions(.allowed))
        await mac.refresh()
        #expect(mac.alarms == .unavailable)
        #expect(!mac.canRequestAlarms)
        #expect(mac.alarms?.text == "Alarms need iOS 26 on iPhone or iPad: breaks call you with notifications.")
    }
}
