import Foundation
import GRDB
import LockOutCore

/// The single row of the `settings` table (id 1), one column per value.
extension BreakSettings: FetchableRecord, PersistableRecord {
    /// The single-row table of settings.
    public static let databaseTableName = "settings"

    /// Reads the row; working hours come from their JSON column.
    public init(row: Row) throws {
        let workingHoursJSON: String? = try row.decode(forColumn: "workingHours")
        self.init(
            eye: try BreakKindSettings(row: row, prefix: "eye"),
            micro: try BreakKindSettings(row: row, prefix: "micro"),
            long: try BreakKindSettings(row: row, prefix: "long"),
            snoozeMinutes: try row.decode(forColumn: "snoozeMinutes"),
            retentionDays: try row.decode(forColumn: "retentionDays"),
            workingHours: try workingHoursJSON.map {
                try JSONDecoder().decode(WorkingHours.self, from: Data($0.utf8))
            }
        )
    }

    /// Writes the row with id 1; working hours as JSON with sorted keys.
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = 1
        for kind in BreakKind.allCases {
            let settings = self[kind]
            container["\(kind.rawValue)Enabled"] = settings.enabled
            container["\(kind.rawValue)IntervalMinutes"] = settings.intervalMinutes
            container["\(kind.rawValue)DurationSeconds"] = settings.durationSeconds
        }
        container["snoozeMinutes"] = snoozeMinutes
        container["retentionDays"] = retentionDays
        container["workingHours"] = try workingHours.map { hours in
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(hours), as: UTF8.self)
        }
    }
}

extension BreakKindSettings {
    fileprivate init(row: Row, prefix: String) throws {
        self.init(
            enabled: try row.decode(forColumn: "\(prefix)Enabled"),
            intervalMinutes: try row.decode(forColumn: "\(prefix)IntervalMinutes"),
            durationSeconds: try row.decode(forColumn: "\(prefix)DurationSeconds")
        )
    }
}
