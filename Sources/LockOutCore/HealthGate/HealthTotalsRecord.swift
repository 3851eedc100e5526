import Foundation

/// One device's health totals for one local day, as it syncs them to the same person's other devices: the
/// body of a `healthTotals` record (id `DEVICE/YYYY-MM-DD`). A phone sends what HealthKit counts; a desktop
/// what its manual entries and imports add up to.
public struct HealthTotalsRecord: Codable, Hashable, Sendable {
    /// The device that read the totals: the record's writer.
    public let deviceID: DeviceID
    /// Its name when it wrote the record, for the gate to say where the totals came from.
    public let deviceName: String
    /// The local day the totals belong to, on the writer's clock.
    public let date: LocalDate
    /// Steps walked.
    public let steps: Double
    /// Active energy burned, in kilocalories.
    public let activeEnergy: Double
    /// Minutes of exercise.
    public let exerciseMinutes: Double
    /// When the device read the totals.
    public let readAt: Date

    /// A record of `totals`, read on `device` at `readAt`.
    public init(device: DeviceIdentity, totals: HealthTotals, readAt: Date) {
        self.init(
            deviceID: device.id, deviceName: device.name, date: totals.day, steps: totals[.steps],
            activeEnergy: totals[.activeEnergy], exerciseMinutes: totals[.exerciseMinutes], readAt: readAt
        )
    }

    /// A record with these values.
    public init(
        deviceID: DeviceID, deviceName: String, date: LocalDate, steps: Double, activeEnergy: Double, exerciseMinutes: Double,
        readAt: Date
    ) {
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.date = date
        self.steps = steps
        self.activeEnergy = activeEnergy
        self.exerciseMinutes = exerciseMinutes
        self.readAt = readAt
    }

    /// The totals the record carries.
    public var totals: HealthTotals {
        HealthTotals(day: date, values: [.steps: steps, .activeEnergy: activeEnergy, .exerciseMinutes: exerciseMinutes])
    }

    /// The mutation that sends the record: one per device and day, replaced as the day goes on.
    public func mutation(id: MutationID) throws -> SyncMutation {
        SyncMutation(id: id, type: .healthTotals, recordID: "\(deviceID)/\(date)", localDate: date, body: try SyncJSON.body(self))
    }

    /// Whether it carries the same totals as `other` (when they were read and the device's name aside).
    public func sameTotals(as other: HealthTotalsRecord?) -> Bool {
        guard let other else { return false }
        return deviceID == other.deviceID && date == other.date && totals == other.totals
    }
}

/// Why the gate ignores a synced `healthTotals` record. The server checks a record's envelope (its writer,
/// id and day) but never reads its body, so the devices check what only the body tells.
public enum HealthTotalsProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body is not a health totals record.
    case unreadable(String)
    /// A total is negative, not a number, or more than a day can hold (`HealthMetric.dailyRange`).
    case valueOutOfRange(HealthMetric, value: Double)
    /// The body names another device than the record's writer.
    case anotherDevice(named: DeviceID, writer: DeviceID)
    /// The body's day is not the record's.
    case dateMismatch(body: LocalDate, record: LocalDate)
    /// The record is for a day after the reader's today.
    case futureDay(LocalDate, today: LocalDate)
    /// The totals were read after the reader's now, beyond the clocks' tolerance.
    case readInFuture(Date)
    /// The writer is not the reader's person: a parent's device, or a device of another kind.
    case anotherPerson(writerMode: DeviceMode, readerMode: DeviceMode)

    public var description: String {
        switch self {
        case .unreadable(let reason): "the body is not a health totals record (\(reason))"
        case .valueOutOfRange(let metric, let value):
            "\(metric.rawValue) of \(String(format: "%g", value)) is outside what a day can hold (\(GateText.grouped(metric.dailyRange.lowerBound))…\(GateText.grouped(metric.dailyRange.upperBound)) \(metric.unit))"
        case .anotherDevice(let named, let writer): "the body names device \(named), not its writer \(writer)"
        case .dateMismatch(let body, let record): "the body's day \(body) is not the record's day \(record)"
        case .futureDay(let date, let today): "it is for \(date), a day after today (\(today))"
        case .readInFuture(let date): "it was read at \(date), in the future: the device's clock is ahead"
        case .anotherPerson(let writer, let reader):
            "a \(writer.word) device's totals never count on a \(reader.word) device: it is another person's"
        }
    }
}
