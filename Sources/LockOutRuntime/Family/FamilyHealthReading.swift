import Foundation
import LockOutCore
import LockOutStore
import Logging
import Synchronization

/// The health gate's source on a device that may be in a family: its own totals (manual entries and imports, or
/// HealthKit), raised per metric to the newest totals for the day that the same person's other devices synced
/// (`SyncedHealthTotals`), with where each came from. Outside a family, and on a parent's device, its own alone.
///
/// A synced record the gate does not count (a negative or absurd total, another device's or day's body, a later
/// day, another person's) is skipped and its reason logged once per version of the record. Reading the pulled
/// records failing leaves the device's own totals: a damaged family table never fails the gate's source.
public final class FamilyHealthReading: HealthReading, Sendable {
    /// The device's own source, which this one raises.
    public let own: any HealthReading
    let family: GRDBFamilyStore
    let calendar: Calendar
    let now: @Sendable () -> Date
    let logger: Logger
    /// The records whose reason was logged, by record id and commit.
    private let reported = Mutex<Set<String>>([])

    /// A source reading `own` and the records pulled into `family`, judging days in `calendar` at `now`.
    public init(
        own: any HealthReading, family: GRDBFamilyStore, calendar: Calendar, now: @escaping @Sendable () -> Date,
        logger: Logger = Logger(label: "lockout.health")
    ) {
        self.own = own
        self.family = family
        self.calendar = calendar
        self.now = now
        self.logger = logger
    }

    public func readout(for day: LocalDate) async throws -> HealthReadout {
        let readout = try await own.readout(for: day)
        let synced: HealthTotalsRecord?
        do {
            let reader = try family.identity(defaultName: DeviceNames.host())
            guard try family.membership() != nil, let mode = reader.mode, mode != .parentDevice else { return readout }
            let selection = SyncedHealthTotals.select(
                try family.records(.healthTotals, onOrAfter: day), for: day, reader: reader.id, mode: mode, calendar: calendar, now: now()
            )
            report(selection.ignored)
            synced = selection.newest
        } catch {
            logger.error("could not read the synced health totals: \(error)")
            return readout
        }
        return SyncedHealthTotals.combine(readout, with: synced)
    }

    /// Logs why each ignored record does not count, once per version.
    private func report(_ ignored: [SyncedHealthTotals.Ignored]) {
        for item in ignored {
            let key = "\(item.change.recordID)@\(item.change.seq)"
            guard reported.withLock({ $0.insert(key).inserted }) else { continue }
            logger.warning("health totals from \(item.change.owner) ignored: \(item.problem)", metadata: [
                "record": "\(item.change.recordID)", "seq": "\(item.change.seq)",
            ])
        }
    }
}

/// This device's own health totals, shared with the same person's other devices: today's totals go into the
/// outbox as a `healthTotals` record when they differ from the ones last queued or sent (the family sync sends
/// them with the day summary, at most once a minute). A day with nothing in it and nothing sent sends nothing;
/// a parent's device, or one in no family, shares nothing.
public struct HealthTotalsSharing: Sendable {
    /// The device's own source: never the combined one, so totals a device received are not sent back.
    let own: any HealthReading
    let family: GRDBFamilyStore

    /// Shares what `own` reads, through `family`'s outbox.
    public init(own: any HealthReading, family: GRDBFamilyStore) {
        self.own = own
        self.family = family
    }

    /// Queues the totals of `day` read at `now` when they changed; answers whether it queued them.
    @discardableResult
    public func queueIfChanged(day: LocalDate, now: Date) async throws -> Bool {
        guard try family.membership() != nil else { return false }
        let device = try family.identity(defaultName: DeviceNames.host())
        guard let mode = device.mode, mode != .parentDevice else { return false }
        let readout = try await own.readout(for: day)
        let record = HealthTotalsRecord(device: device, totals: readout.totals, readAt: now)
        let sent = try family.ownBody(.healthTotals, recordID: "\(device.id)/\(day)", device: device.id)
            .flatMap { try? SyncJSON.record(HealthTotalsRecord.self, from: $0) }
        if sent == nil, readout.isEmpty { return false }
        guard !record.sameTotals(as: sent) else { return false }
        try family.enqueueReplacing(try record.mutation(id: MutationID(rawValue: UUID())), now: now)
        return true
    }
}
