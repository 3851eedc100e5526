import Foundation
import LockOutCore
import LockOutRuntime
import Observation

/// The parent's family dashboard (seed 002): the family's devices, a child's days as a chart with its numbers,
/// the configuration sent to it and what became of it, and pairing a new device with a code shown as a QR code.
/// On a device that is not a parent it shows the device's place in the family and its sync status.
///
/// `FamilyService`'s calls wait on the family server: they run through `offMain`, one at a time.
@MainActor
@Observable
public final class FamilyDashboardModel {
    /// What the screen shows, by the device's mode and membership.
    public enum Place: Equatable, Sendable {
        /// Not read yet.
        case loading
        /// No mode chosen: the app shows the mode selection first.
        case noMode
        /// A mode chosen, no family joined: create (parent, personal) or join (child, personal).
        case notMember(DeviceMode)
        /// A parent in a family: the dashboard.
        case parent
        /// A child or personal device in a family: its status.
        case member(DeviceMode)
    }

    /// One day of a child's device, ready for a bar chart (completed and skipped stacked) and the table beside it.
    public struct UsageDay: Equatable, Sendable, Identifiable {
        public var id: LocalDate { day }
        public let day: LocalDate
        public let breaksCompleted: Int
        public let breaksSkipped: Int
        /// "80%", or "—" on a day without breaks.
        public let compliance: String
        public let focusMinutes: Int
        public let steps: Int
        public let gateOpened: Bool

        public init(
            day: LocalDate, breaksCompleted: Int, breaksSkipped: Int, compliance: String, focusMinutes: Int, steps: Int, gateOpened: Bool
        ) {
            self.day = day
            self.breaksCompleted = breaksCompleted
            self.breaksSkipped = breaksSkipped
            self.compliance = compliance
            self.focusMinutes = focusMinutes
            self.steps = steps
            self.gateOpened = gateOpened
        }
    }

    public private(set) var place: Place = .loading
    /// The family's devices (the parent's dashboard); the server's list, or the last one pulled when it cannot be reached.
    public private(set) var devices: [RegisteredDevice] = []
    /// Why the server's list could not be read; the devices shown are the last ones pulled.
    public private(set) var unreachable: String?
    /// Sync's state for this device.
    public private(set) var status: FamilySyncStatus?
    /// Everything sent, newest first.
    public private(set) var commands: [SentCommand] = []
    /// The child's device whose days show, with the range in days (7, 14 or 30).
    public private(set) var selected: RegisteredDevice?
    public private(set) var range: StatsRange = .week
    public private(set) var usage: [UsageDay] = []
    /// The rewards the selected device reported with its last day, and when.
    public private(set) var rewards: (snapshot: RewardsSnapshot?, updated: Date?)?
    /// The pairing code made last: its payload is what the QR code and the pasteable text carry.
    public private(set) var pairing: SyncAPI.Pairing?
    /// Why the last intent was refused, until the next one succeeds.
    public private(set) var message: ScreenMessage?

    @ObservationIgnored private let service: FamilyService
    @ObservationIgnored private let calendar: Calendar
    @ObservationIgnored private let today: @Sendable () -> LocalDate

    /// A dashboard over `service`; `today` is the device's current day (the runtime's), for a child's days.
    public init(service: FamilyService, calendar: Calendar, today: @escaping @Sendable () -> LocalDate) {
        self.service = service
        self.calendar = calendar
        self.today = today
    }

    /// The devices a parent can select: the family's children and personal devices, active first.
    public var children: [RegisteredDevice] {
        devices.filter { $0.deviceType != .parentDevice }.sorted { ($0.isActive ? 0 : 1, $0.deviceName) < ($1.isActive ? 0 : 1, $1.deviceName) }
    }

    /// What was sent to the selected device, newest first.
    public var selectedCommands: [SentCommand] {
        guard let selected else { return [] }
        return commands.filter { $0.command.targetDeviceID == selected.deviceID }
    }

    /// Reads the device's place, its sync status and, for a parent, the devices and what was sent.
    public func refresh() async {
        do {
            let read = try await run { service -> (Place, FamilySyncStatus?, [RegisteredDevice], String?, [SentCommand]) in
                let identity = try service.identity()
                guard let mode = identity.mode else { return (.noMode, nil, [], nil, []) }
                let status = try service.status()
                guard status.family != nil else { return (.notMember(mode), status, [], nil, []) }
                guard mode == .parentDevice else { return (.member(mode), status, [], nil, []) }
                let commands = try service.sentCommands().sorted { $0.command.createdAt > $1.command.createdAt }
                do {
                    return (.parent, status, try service.devices(), nil, commands)
                } catch let error as FamilyClientError {
                    return (.parent, status, try service.knownDevices(), error.description, commands)
                }
            }
            (place, status, devices, unreachable, commands) = read
        } catch {
            message = .refusal(error)
        }
    }

    /// Shows `device`'s last `range` days.
    public func select(_ device: RegisteredDevice, range: StatsRange = .week) async {
        let today = today(), calendar = calendar, id = device.deviceID.description
        do {
            let (days, rewards) = try await run { service in
                let (_, summaries) = try service.usage(id, days: range.rawValue, today: today, calendar: calendar)
                let (_, snapshot, updated) = try service.rewards(id)
                return (summaries, (snapshot, updated))
            }
            selected = device
            self.range = range
            usage = days.map(Self.usageDay)
            self.rewards = rewards
            message = nil
        } catch {
            message = .refusal(error)
        }
    }

    /// Starts a family on the server at `server` (typed by the person) with this device as its first member, and
    /// reads the dashboard again; answers whether it worked, else `message` says why.
    @discardableResult
    public func create(server: String) async -> Bool {
        var created = false
        await act { service in try service.create(server: server) } then: { _ in created = true }
        await refresh()
        return created
    }

    /// Joins the family the pasted or scanned pairing code names, as this device, and reads the dashboard again;
    /// answers whether it worked, else `message` says why (an expired or used code, a typo, no server).
    @discardableResult
    public func join(code: String) async -> Bool {
        var joined = false
        await act { service in try service.join(payload: code) } then: { _ in joined = true }
        await refresh()
        return joined
    }

    /// Asks the server for a pairing code for a device of `mode`.
    public func pair(_ mode: DeviceMode) async {
        await act { service in try service.pair(mode: mode) } then: { self.pairing = $0 }
    }

    /// Sends `change` to the selected device.
    public func send(_ change: ConfigurationChange) async {
        guard let selected else { return }
        let id = selected.deviceID.description
        await act { service in try service.send(change, to: id) } then: { _ in }
        await refresh()
    }

    /// Renames the selected device.
    public func rename(to name: String) async {
        guard let selected else { return }
        let id = selected.deviceID.description
        await act { service in try service.rename(id, to: name) } then: { self.selected = $0 }
        await refresh()
    }

    /// Revokes the selected device: its token stops working at once.
    public func revoke() async {
        guard let selected else { return }
        let id = selected.deviceID.description
        await act { service in try service.revoke(id) } then: { self.selected = $0 }
        await refresh()
    }

    /// A sync round now (the Sync Now button).
    public func syncNow() async {
        _ = try? await run { service in service.sync() }
        await refresh()
    }

    private static func usageDay(_ summary: DailySummary) -> UsageDay {
        UsageDay(
            day: summary.date, breaksCompleted: summary.breaksCompleted, breaksSkipped: summary.breaksSkipped,
            compliance: summary.compliancePercent.map { "\($0)%" } ?? "—", focusMinutes: summary.focusMinutes,
            steps: summary.steps, gateOpened: summary.gateOpened
        )
    }

    private func act<Value: Sendable>(
        _ work: @escaping @Sendable (FamilyService) throws -> Value, then apply: (Value) -> Void
    ) async {
        do {
            apply(try await run(work))
            message = nil
        } catch {
            message = .refusal(error)
        }
    }

    private func run<Value: Sendable>(_ work: @escaping @Sendable (FamilyService) throws -> Value) async throws -> Value {
        let service = service
        return try await offMain { try work(service) }
    }
}
