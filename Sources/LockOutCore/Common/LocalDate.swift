import Foundation

/// A calendar day as the person lived it, independent of time zone: `2026-11-22`.
public struct LocalDate: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local day that contains `date` in `calendar`'s time zone.
    public init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Parses `YYYY-MM-DD` (digits only: no sign); returns nil for anything else or an impossible date.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count == 4, parts[1].utf8.count == 2, parts[2].utf8.count == 2,
              text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        if year >= Self.firstGregorianYear {
            guard day <= Self.days(inMonth: month, of: year) else { return nil }
        } else {
            // Before 1583 Foundation's Gregorian calendar counts Julian days (and skips ten of them in 1582).
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            guard DateComponents(year: year, month: month, day: day).isValidDate(in: calendar) else { return nil }
        }
        self.init(year: year, month: month, day: day)
    }

    /// The first whole year Foundation's Gregorian calendar counts as Gregorian: from it on, days are plain arithmetic.
    public static let firstGregorianYear = 1583

    /// How many days `month` has in `year` of the Gregorian calendar.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day `days` days after 1970-01-01 in the Gregorian calendar (counted back before 1583 too).
    public init(daysSince1970 days: Int) {
        // Days since 0000-03-01, in 400-year eras of 146,097 days; years start in March so that leap days end them.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Reads the `YYYY-MM-DD` string that `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date")
        }
        self = date
    }

    /// Writes the day as a `YYYY-MM-DD` string, the form JSON readers and people expect.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year).leftPadded(to: 4)
        let m = String(month).leftPadded(to: 2)
        let d = String(day).leftPadded(to: 2)
        return "\(y)-\(m)-\(d)"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The local midnight that starts this day in `calendar`.
    public func start(in calendar: Calendar) -> Date {
        let components = DateComponents(year: year, month: month, day: day)
        return calendar.date(from: components).map { calendar.startOfDay(for: $0) } ?? Date(timeIntervalSince1970: 0)
    }

    /// The day `count` days after this one (before it when negative).
    public func adding(days count: Int, in calendar: Calendar) -> LocalDate {
        let noon = calendar.date(byAdding: .hour, value: 12, to: start(in: calendar)) ?? start(in: calendar)
        let moved = calendar.date(byAdding: .day, value: count, to: noon) ?? noon
        return LocalDate(moved, in: calendar)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension Calendar {
    /// This calendar with its days and times read in `zone`: a record's own zone rather than the reader's.
    public func withTimeZone(_ zone: TimeZone) -> Calendar {
        var copy = self
        copy.timeZone = zone
        return copy
    }
}
