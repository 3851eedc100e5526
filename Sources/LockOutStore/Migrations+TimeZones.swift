import Foundation
import GRDB
import LockOutCore

extension AppDatabase {
    /// `timeZone` on `breakSession` and `focusSession`: the zone each row's `day` was fixed in, so a
    /// session keeps the day where it happened, and lists read its times there, after the device moves.
    ///
    /// Rows written before zones were kept get `localZone` (the zone of the device that opens the file
    /// first) when that puts their moment on their stored day, which is the case unless the device
    /// travelled; otherwise the fixed UTC offset, in whole hours, closest to `localZone`'s that does
    /// (`GMT+0900`), so every row reads on its own day. The day itself is never changed.
    ///
    /// A column added to a filled table cannot get a CHECK that fails on the rows it is added to, so
    /// it comes with an empty default, every row is filled, and triggers refuse an empty zone from then on.
    static func addSessionTimeZones(_ db: Database, localZone: TimeZone) throws {
        let legacyZone = DatabaseFunction("lockoutLegacyZone", argumentCount: 2, pure: true) { values in
            guard let seconds = Double.fromDatabaseValue(values[0]), let day = String.fromDatabaseValue(values[1]) else {
                return localZone.identifier
            }
            return LegacyTimeZone.zone(at: Date(timeIntervalSince1970: seconds), day: day, localZone: localZone).identifier
        }
        db.add(function: legacyZone)
        defer { db.remove(function: legacyZone) }
        // A break counts for the day it ended, a focus segment for the day it started.
        for (table, moment) in [("breakSession", "endedAt"), ("focusSession", "startedAt")] {
            try db.alter(table: table) { t in
                t.add(column: "timeZone", .text).notNull().defaults(to: "")
            }
            try db.execute(sql: "UPDATE \(table) SET timeZone = lockoutLegacyZone(\(moment), day)")
            try db.execute(sql: """
                CREATE TRIGGER \(table)_requireTimeZoneOnInsert BEFORE INSERT ON \(table)
                WHEN NEW.timeZone = '' BEGIN
                    SELECT RAISE(ABORT, 'CHECK constraint failed: \(table).timeZone is empty');
                END;
                CREATE TRIGGER \(table)_requireTimeZoneOnUpdate BEFORE UPDATE OF timeZone ON \(table)
                WHEN NEW.timeZone = '' BEGIN
                    SELECT RAISE(ABORT, 'CHECK constraint failed: \(table).timeZone is empty');
                END;
                """)
        }
    }
}

/// The zone a row stored before zones were kept is read in; see ``AppDatabase/addSessionTimeZones(_:localZone:)``.
enum LegacyTimeZone {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// `localZone` when `moment` falls on `day` there; else the whole-hour offset nearest to it that does.
    static func zone(at moment: Date, day: String, localZone: TimeZone) -> TimeZone {
        let local = localZone.secondsFromGMT(for: moment)
        guard LocalDate(moment.addingTimeInterval(TimeInterval(local)), in: utc).description != day,
              let stored = LocalDate(iso: day)
        else { return localZone }
        // Offsets that put `moment` on `day`: [start of day − moment, end of day − moment), within UTC−12…UTC+14.
        let start = Int(stored.start(in: utc).timeIntervalSince(moment).rounded(.up))
        let hours = (-12...14).map { $0 * 3_600 }.filter { start <= $0 && $0 < start + 86_400 }
        guard let nearest = hours.min(by: { abs($0 - local) < abs($1 - local) }) else { return localZone }
        return TimeZone(secondsFromGMT: nearest) ?? localZone
    }
}

extension TimeZone {
    /// The zone a row names; an identifier this system does not know reads as UTC rather than failing the read.
    init(storedIdentifier identifier: String) {
        self = TimeZone(identifier: identifier) ?? .gmt
    }
}
