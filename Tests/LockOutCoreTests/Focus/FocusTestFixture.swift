import Foundation
@testable import LockOutCore

/// Fixed times, a pinned calendar and small readers of effects, shared by the focus engine tests.
enum FocusFixture {
    /// 2023-11-14 22:13:20 UTC, a Tuesday (23:13:20 in Berlin).
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func at(_ offsetMinutes: Double) -> Date {
        t0.addingTimeInterval(offsetMinutes * 60)
    }

    static func engine(
        settings: FocusSettings = .defaults,
        capability: AlertCapability = .notificationOnly,
        record: FocusRecord = .stopped
    ) -> FocusEngine {
        FocusEngine(record: record, settings: settings, capability: capability, calendar: berlin)
    }

    /// An engine with a session of `mode` started at `start`.
    static func started(
        _ mode: FocusMode,
        minutes: Int? = nil,
        activity: String? = nil,
        at start: Date = t0,
        settings: FocusSettings = .defaults,
        capability: AlertCapability = .notificationOnly
    ) throws -> FocusEngine {
        var engine = engine(settings: settings, capability: capability)
        _ = try engine.handle(.userStarted(FocusStart(mode: mode, durationMinutes: minutes, activity: activity)), now: start)
        return engine
    }

    /// Runs the engine to `now`, as the runtime does after sleeping until then.
    @discardableResult
    static func tick(_ engine: inout FocusEngine, at now: Date) -> [FocusEffect] {
        (try? engine.handle(.tick, now: now)) ?? []
    }

    static func saved(_ effects: [FocusEffect]) -> [FocusSessionRecord] {
        effects.compactMap { if case .save(let record) = $0 { record } else { nil } }
    }

    /// Every alert scheduled, alarm or notification.
    static func alerts(_ effects: [FocusEffect]) -> [FocusAlert] {
        effects.compactMap { effect -> FocusAlert? in
            switch effect {
            case .scheduleAlarm(let alert), .scheduleNotification(let alert): alert
            case .cancelAlert, .save, .publishStatus, .endStatus: nil
            }
        }
    }

    static func cancels(_ effects: [FocusEffect]) -> [String] {
        effects.compactMap { if case .cancelAlert(let id) = $0 { id } else { nil } }
    }

    static func statuses(_ effects: [FocusEffect]) -> [LiveStatus] {
        effects.compactMap { if case .publishStatus(let status) = $0 { status } else { nil } }
    }

    static func session(_ engine: FocusEngine) -> FocusSession? {
        engine.record.state.session
    }

    /// The single element, or nil when there are none or several.
    static func single<Element>(_ elements: [Element]) -> Element? {
        elements.count == 1 ? elements.first : nil
    }
}
