import Foundation
import GRDB
import LockOutCore

/// A reproducible history of breaks: `sessions` sessions over `days` days ending `today`.
///
/// About 8 % of days have no breaks (days off, the agent switched off); the other days share the
/// sessions at random, about 274 a day on average for a million over ten years. Each day completes
/// 80–85 % of its breaks, so every day with breaks meets the streak threshold and the streak reaches
/// back through the whole history: the slowest case for the streak.
struct HistoryFixture {
    let sessions: Int
    let days: Int
    let today: LocalDate
    let calendar: Calendar

    /// The oldest day the history may hold.
    var firstDay: LocalDate { today.adding(days: 1 - days, in: calendar) }

    /// Whether `reader` already holds this history: as many sessions, none outside its days, some today.
    func isStored(in reader: any DatabaseReader) throws -> Bool {
        try reader.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT count(*), min(day), max(day) FROM breakSession") else { return false }
            let count: Int = row[0]
            let first: String? = row[1]
            let last: String? = row[2]
            guard let first, let last else { return false }
            return count == sessions && first >= firstDay.description && last == today.description
        }
    }

    /// Writes the history in one transaction, through one prepared statement.
    func write(to writer: any DatabaseWriter) throws {
        var random = SplitMix64(seed: 2026_11_22)
        let dates = (0..<days).map { firstDay.adding(days: $0, in: calendar) }
        // Today always has breaks, so the reports have something to show.
        let daysWithBreaks = dates.indices.filter { $0 == days - 1 || Int.random(in: 0..<100, using: &random) >= 8 }
        var counts = [Int](repeating: 0, count: days)
        for _ in 0..<sessions {
            counts[daysWithBreaks[Int.random(in: 0..<daysWithBreaks.count, using: &random)]] += 1
        }
        let zone = calendar.timeZone.identifier
        try writer.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT INTO breakSession (id, kind, dueAt, endedAt, outcome, snoozeCount, day, timeZone)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (date, count) in zip(dates, counts) where count > 0 {
                let skipped = count * Int.random(in: 15...20, using: &random) / 100
                let morning = date.start(in: calendar).timeIntervalSince1970 + 8 * 3600
                let day = date.description
                for slot in 0..<count {
                    // Spreads the day's skipped breaks evenly between 08:00 and 20:00.
                    let outcome = (slot + 1) * skipped / count > slot * skipped / count ? "skipped" : "completed"
                    let (kind, duration) = Self.kind(Int.random(in: 0..<100, using: &random))
                    let snoozes = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 1...3, using: &random) : 0
                    let endedAt = morning + 12 * 3600 * Double(slot) / Double(count) + Double.random(in: 0..<60, using: &random)
                    let dueAt = endedAt - duration - Double(snoozes * 300)
                    try insert.execute(arguments: [random.uuidString(), kind, dueAt, endedAt, outcome, snoozes, day, zone])
                }
            }
        }
    }

    /// Eye breaks most often, then micro, then long; with the seconds each lasts.
    private static func kind(_ roll: Int) -> (String, Double) {
        switch roll {
        case ..<70: ("eye", 20)
        case ..<95: ("micro", 30)
        default: ("long", 300)
        }
    }
}

/// Steele, Lea and Flood's SplitMix64: small, fast and the same on every machine, so every run builds the same file.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version 4 UUID string drawn from this generator, uppercase as the store writes ids.
    mutating func uuidString() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        for half in 0..<2 {
            let word = next()
            for index in 0..<8 { bytes[half * 8 + index] = UInt8(truncatingIfNeeded: word >> (index * 8)) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let b = bytes
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])).uuidString
    }
}
