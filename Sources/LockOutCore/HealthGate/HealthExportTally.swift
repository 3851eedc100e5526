import Foundation

/// Adds up counted records per local day, metric and source, and settles what several sources recorded
/// for the same day.
///
/// Multi-source rule: an iPhone and an Apple Watch both record the same walk, and the export holds both,
/// so summing every record would count it twice. The Health app keeps, for each stretch of time, the
/// samples of the highest-priority source only. Without those priorities this tally keeps, per day and
/// metric, the total of the single source with the largest total. That is exact when one device carried
/// the whole day and low when the phone and the watch each saw only part of it; it never double counts,
/// which matters more for a gate that must not be opened by duplicates.
struct HealthExportTally {
    private struct Key: Hashable {
        let day: LocalDate
        let metric: HealthMetric
        let source: Int
    }

    /// A local day as an interval of seconds since 1970, so most records need no calendar call.
    private struct CachedDay {
        let start: Int
        let end: Int
        let day: LocalDate
    }

    private let calendar: Calendar
    private var sums: [Key: Double] = [:]
    private var pending: (key: Key, sum: Double)?
    private var dayCache: [CachedDay?] = Array(repeating: nil, count: 64)
    private var sourceBytes: [[UInt8]] = []
    private var lastSource = -1

    init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// Adds `value` (in the metric's unit) recorded at `instant` (seconds since 1970) by the source whose
    /// raw `sourceName` bytes are `source`.
    mutating func add(_ value: Double, metric: HealthMetric, instant: Int, source: UnsafeBufferPointer<UInt8>) {
        let key = Key(day: day(containing: instant), metric: metric, source: sourceIndex(source))
        if let current = pending, current.key == key {
            pending = (key, current.sum + value)
            return
        }
        flush()
        pending = (key, value)
    }

    /// Per-day totals after the multi-source rule.
    mutating func totals() -> [LocalDate: HealthTotals] {
        flush()
        var best: [LocalDate: HealthTotals] = [:]
        for (key, sum) in sums {
            var totals = best[key.day] ?? HealthTotals(day: key.day)
            if sum > totals[key.metric] || totals.values[key.metric] == nil {
                totals[key.metric] = sum
            }
            best[key.day] = totals
        }
        return best
    }

    /// The source names seen, entities decoded, in order of first appearance.
    var sourceNames: [String] {
        sourceBytes.map { HealthExportTally.decodeEntities(String(decoding: $0, as: UTF8.self)) }
    }

    private mutating func flush() {
        guard let current = pending else { return }
        sums[current.key, default: 0] += current.sum
        pending = nil
    }

    private mutating func day(containing instant: Int) -> LocalDate {
        let slot = Int((instant >= 0 ? instant / 86_400 : (instant + 1) / 86_400 - 1) & 63)
        if let cached = dayCache[slot], cached.start <= instant, instant < cached.end { return cached.day }
        let date = Date(timeIntervalSince1970: TimeInterval(instant))
        let day = LocalDate(date, in: calendar)
        if let interval = calendar.dateInterval(of: .day, for: date) {
            dayCache[slot] = CachedDay(
                start: Int(interval.start.timeIntervalSince1970.rounded(.down)),
                end: Int(interval.end.timeIntervalSince1970.rounded(.down)),
                day: day
            )
        }
        return day
    }

    /// A small number standing for a source; there are a handful per export, so a linear search suffices.
    private mutating func sourceIndex(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if lastSource >= 0, sourceBytes[lastSource].elementsEqual(bytes) { return lastSource }
        if let found = sourceBytes.firstIndex(where: { $0.elementsEqual(bytes) }) {
            lastSource = found
            return found
        }
        sourceBytes.append(Array(bytes))
        lastSource = sourceBytes.count - 1
        return lastSource
    }

    /// Replaces the five predefined XML entities and numeric character references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
            if let named {
                result += named
            } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }
}
