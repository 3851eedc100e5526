import Foundation

/// A device of the same person whose synced totals the gate counted.
public struct SyncedHealthSource: Codable, Hashable, Sendable {
    public let deviceID: DeviceID
    /// The device's name as its record gave it.
    public let deviceName: String
    /// When that device read the totals.
    public let readAt: Date

    /// The source of `record`.
    public init(_ record: HealthTotalsRecord) {
        deviceID = record.deviceID
        deviceName = record.deviceName
        readAt = record.readAt
    }
}

/// Where a readout's totals came from: this device's own source (manual entries and imports, or HealthKit),
/// and the synced device whose totals counted for some metrics.
public struct HealthOrigin: Codable, Hashable, Sendable {
    /// The device whose newest totals for the day were taken into account; nil when no device of the same
    /// person had sent any.
    public let syncedDevice: SyncedHealthSource?
    /// The metrics whose total is the synced device's (it was as large or larger); the others are this device's own.
    public let syncedMetrics: [HealthMetric]

    /// An origin.
    public init(syncedDevice: SyncedHealthSource?, syncedMetrics: [HealthMetric]) {
        self.syncedDevice = syncedDevice
        self.syncedMetrics = syncedMetrics
    }

    /// This device's own totals alone.
    public static let thisDevice = HealthOrigin(syncedDevice: nil, syncedMetrics: [])
}

/// The health totals the same person's other devices synced, as the gate counts them.
///
/// A personal device counts the newest totals for today from the family's other personal devices (one person's
/// own devices); a child's device those of the same child's other devices (the server sends it no others); a
/// parent's device none. Per metric the gate takes the larger of this device's own total and the synced one:
/// a phone's Health data and an imported export count the same steps, so they are never added. Only totals
/// for the gate's own day count (the daily reset). They count however long ago they were read — a day's totals
/// only grow, so old ones can keep the gate closed but never open it too early — and are shown as stale after
/// `freshness`: like a failing source, a silent phone leaves the gate as it was, and this device's own totals
/// still answer (a person logs steps by hand meanwhile).
public enum SyncedHealthTotals {
    /// Totals read longer ago than this are shown as stale.
    public static let freshness: TimeInterval = 2 * 3600
    /// A record read up to this long after the reader's now still counts: two devices' clocks differ a little.
    public static let clockTolerance: TimeInterval = 10 * 60

    /// A pulled record the gate does not count, and why.
    public struct Ignored: Hashable, Sendable {
        /// The record as pulled.
        public let change: SyncChange
        /// Why it does not count.
        public let problem: HealthTotalsProblem
    }

    /// What a day's synced records come to: the newest usable one, and the ones ignored with their reasons.
    public struct Selection: Hashable, Sendable {
        /// The newest record for the day that passed every check; nil when none did.
        public let newest: HealthTotalsRecord?
        /// The records of the day (or a later one) that were ignored.
        public let ignored: [Ignored]
    }

    /// Checks one pulled record as a device in `mode` reads it, on `today` at `now`: its body, its values, that it
    /// is about its writer and day, that the writer is the reader's person, and that its day and reading are not
    /// in the future.
    public static func check(_ change: SyncChange, readerMode mode: DeviceMode, today: LocalDate, now: Date) -> Result<HealthTotalsRecord, HealthTotalsProblem> {
        guard mode != .parentDevice, change.ownerMode == mode else {
            return .failure(.anotherPerson(writerMode: change.ownerMode, readerMode: mode))
        }
        let record: HealthTotalsRecord
        do {
            record = try SyncJSON.record(HealthTotalsRecord.self, from: change.body)
        } catch {
            return .failure(.unreadable("\(error)"))
        }
        guard record.deviceID == change.owner else { return .failure(.anotherDevice(named: record.deviceID, writer: change.owner)) }
        // The name is shown on screens and terminals: it follows the rule of device names, or the record is not read.
        do {
            guard try DeviceIdentity.validName(record.deviceName) == record.deviceName else {
                return .failure(.unreadable("its device name has white space around it"))
            }
        } catch {
            return .failure(.unreadable("its device name: \(error)"))
        }
        if let date = change.localDate, date != record.date { return .failure(.dateMismatch(body: record.date, record: date)) }
        for metric in HealthMetric.allCases {
            let value = record.totals[metric]
            guard value.isFinite, metric.dailyRange.contains(value) else { return .failure(.valueOutOfRange(metric, value: value)) }
        }
        guard record.date <= today else { return .failure(.futureDay(record.date, today: today)) }
        guard record.readAt <= now.addingTimeInterval(clockTolerance) else { return .failure(.readInFuture(record.readAt)) }
        return .success(record)
    }

    /// The newest usable record for `day` among `changes`, as `reader` (in `mode`, with `calendar`'s days)
    /// reads them at `now`. The reader's own records are its own source's, not synced ones: they are left out.
    /// Records of earlier days are not the day's and are passed over; every other one that fails `check` is
    /// ignored with its reason.
    public static func select(
        _ changes: [SyncChange], for day: LocalDate, reader: DeviceID, mode: DeviceMode, calendar: Calendar, now: Date
    ) -> Selection {
        let today = LocalDate(now, in: calendar)
        var newest: (record: HealthTotalsRecord, seq: Int64)?
        var ignored: [Ignored] = []
        for change in changes where change.type == .healthTotals && !change.deleted && change.owner != reader {
            guard let date = change.localDate, date >= day else { continue }
            switch check(change, readerMode: mode, today: today, now: now) {
            case .failure(let problem):
                ignored.append(Ignored(change: change, problem: problem))
            case .success(let record):
                guard record.date == day else { continue }
                if let current = newest, (current.record.readAt, current.seq) >= (record.readAt, change.seq) { continue }
                newest = (record, change.seq)
            }
        }
        return Selection(newest: newest?.record, ignored: ignored)
    }

    /// `own`, with each metric raised to the synced record's total where that is as large or larger, and the
    /// origin of each; `own` unchanged (from this device alone) when there is no record for its day.
    public static func combine(_ own: HealthReadout, with synced: HealthTotalsRecord?) -> HealthReadout {
        guard let synced, synced.date == own.totals.day else {
            return HealthReadout(totals: own.totals, confirmed: own.confirmed, origin: .thisDevice)
        }
        var totals = own.totals
        var metrics: [HealthMetric] = []
        for metric in HealthMetric.allCases where synced.totals[metric] >= own.totals[metric] {
            totals[metric] = synced.totals[metric]
            metrics.append(metric)
        }
        return HealthReadout(
            totals: totals, confirmed: own.confirmed,
            origin: HealthOrigin(syncedDevice: SyncedHealthSource(synced), syncedMetrics: metrics)
        )
    }

    /// Whether totals read at `readAt` are stale at `now`.
    public static func isStale(readAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(readAt) > freshness
    }
}
