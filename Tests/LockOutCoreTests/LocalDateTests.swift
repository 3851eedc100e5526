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
}
