import Foundation
import LockOutCore
import Testing
@testable import LockOutWeb

/// The Gate page says where today's health data came from, escaped like everything a device sent.
@Suite("Web: the Gate page's health source")
struct GatePageTests {
    static let day = LocalDate(year: 2026, month: 11, day: 23)
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()
    /// 14:00 in Berlin.
    static let now = Date(timeIntervalSince1970: 1_795_438_800)

    static func screen(phone name: String, steps: Double, readAt: Date) throws -> GateScreen {
        var gate = HealthGate.starting(at: now, settings: GateSettings(blockedApps: [BlockedApp(executable: "steam")]), calendar: calendar)
        let record = HealthTotalsRecord(deviceID: DeviceID(rawValue: UUID()), deviceName: name, date: day, steps: steps, activeEnergy: 0,
                                        exerciseMinutes: 0, readAt: readAt)
        let readout = SyncedHealthTotals.combine(HealthReadout(totals: HealthTotals(day: day), confirmed: true), with: record)
        _ = try gate.handle(.healthDataChanged(readout), now: now)
        return GateScreen(gate: gate, now: now)
    }

    @Test("on a device in a family with no totals from the person's other devices, the page says the data is this device's")
    func thisDevice() throws {
        var gate = HealthGate.starting(at: Self.now, settings: .defaults, calendar: Self.calendar)
        _ = try gate.handle(.healthDataChanged(HealthReadout(totals: HealthTotals(day: Self.day), confirmed: true, origin: .thisDevice)), now: Self.now)
        let page = GatePage.render(GateScreen(gate: gate, now: Self.now), chrome: PageChrome(page: .gate, csrfToken: "t", now: Self.now, clockScale: 1))
        #expect(page.contains("Health data: this device — no health totals from your other devices today"))
    }

    @Test("the page names the phone whose steps opened the gate and when they were read; stale ones say so")
    func source() throws {
        let chrome = PageChrome(page: .gate, csrfToken: "token", now: Self.now, clockScale: 1)
        let fresh = GatePage.render(try Self.screen(phone: "Anna's iPhone", steps: 12_000, readAt: Self.now - 120), chrome: chrome)
        #expect(fresh.contains("id=\"health-source\">Health data: Anna's iPhone, read 13:58</p>"), "\(fresh)")
        #expect(fresh.contains("<h2 id=\"gate-heading\">Open</h2>"))
        let stale = GatePage.render(try Self.screen(phone: "Phone", steps: 3_000, readAt: Self.now - 5 * 3_600), chrome: chrome)
        #expect(stale.contains("Health data: Phone, read 09:00 — stale: nothing newer for 5 h"))
        #expect(stale.contains("<h2 id=\"gate-heading\">Locked</h2>"))
    }
}
