import Foundation
import LockOutCore
import Testing

@Suite("LocalDate")
struct LocalDateTests {
    @Test("encodes as a YYYY-MM-DD string and reads it back")
    func roundTrip() throws {
        let day = LocalDate(year: 2026, month: 3, day: 9)
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-03-09\"]")
        #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [day])
    }

    @Test("refuses a string that is not a real YYYY-MM-DD day")
    func rejectsImpossibleDay() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data("[\"2026-02-30\"]".utf8))
        }
    }

    /// What `LocalDate(iso:)` answered through Foundation's calendar alone: what the arithmetic must agree with.
    static func reference(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return DateComponents(year: year, month: month, day: day).isValidDate(in: calendar) ? LocalDate(year: year, month: month, day: day) : nil
    }

    @Test("reads a day exactly as Foundation's Gregorian calendar does, leap days and the Julian years before 1583 included")
    func readsAsTheCalendar() {
        let years = Array(1575...1610) + [1700, 1800, 1900, 1999, 2000, 2024, 2026, 2100, 2400, 9999] + Array(stride(from: 1611, to: 9999, by: 97))
        for year in years {
            for month in 1...12 {
                for day in [1, 27, 28, 29, 30, 31] {
                    let text = String(format: "%04d-%02d-%02d", year, month, day)
                    #expect(LocalDate(iso: text) == Self.reference(text), "\(text)")
                }
            }
        }
        for bad in ["2026-13-01", "2026-00-10", "2026-02-00", "2026-02-32", "2026-2-01", "26-02-01", "2026-02-01-", "2026/02/01",
                    "+026-02-01", "2026-+2-01", "2026-02--1", "٢٠٢٦-02-01", ""] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
    }

    @Test("counts days from 1970 as the Gregorian calendar does")
    func countsDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SplitMix(seed: 1_970)
        let days = Array(-140_000...(-139_000)) + Array(-400...800) + Array(10_900...11_100) + (0..<3_000).map { _ in Int.random(in: -150_000...2_900_000, using: &generator) }
        for count in days {
            let date = Date(timeIntervalSince1970: Double(count) * 86_400 + 43_200)
            guard calendar.component(.year, from: date) >= LocalDate.firstGregorianYear else { continue }
            #expect(LocalDate(daysSince1970: count) == LocalDate(date, in: calendar), "\(count)")
        }
        #expect(LocalDate(daysSince1970: 0) == LocalDate(year: 1970, month: 1, day: 1))
        #expect(LocalDate(daysSince1970: 11_016) == LocalDate(year: 2000, month: 2, day: 29))
    }

    @Test("the latest day a record may carry is tomorrow where the day is furthest ahead, as the calendar says")
    func latestDay() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 14 * 3_600)!
        var generator = SplitMix(seed: 14)
        // Around the moment UTC+14 turns a day (10:00 UTC), and anywhere from 1600 to 2400.
        let turn = Date(timeIntervalSince1970: 1_796_032_800) // 2026-11-30T10:00:00Z
        let instants = [-1, -0.001, 0, 0.001, 1].map { turn.addingTimeInterval($0) }
            + (0..<3_000).map { _ in Date(timeIntervalSince1970: Double.random(in: -11_500_000_000...13_600_000_000, using: &generator)) }
        for now in instants {
            #expect(WritePolicy.latestLocalDate(now: now) == LocalDate(now, in: calendar).adding(days: 1, in: calendar), "\(now)")
        }
        #expect(WritePolicy.latestLocalDate(now: turn.addingTimeInterval(-0.001)) == LocalDate(year: 2026, month: 12, day: 1))
        #expect(WritePolicy.latestLocalDate(now: turn) == LocalDate(year: 2026, month: 12, day: 2))
    }
}
