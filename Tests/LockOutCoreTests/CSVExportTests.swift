import Foundation
import Testing
import LockOutCore

private func day(_ number: Int) -> LocalDate { LocalDate(year: 2026, month: 3, day: number) }

@Suite("CSVExport")
struct CSVExportTests {
    @Test("no stats gives the header line only, ending in CRLF")
    func headerOnly() {
        #expect(CSVExport.dailyCSV([]) == "date,completed,skipped,natural\r\n")
    }

    @Test("one row per day, oldest first, every line ending in CRLF")
    func rowsOldestFirst() {
        let stats = [
            DayStat(date: day(31), completed: 4, skipped: 1, natural: 2),
            DayStat(date: day(2), completed: 0, skipped: 3),
            DayStat(date: day(15), completed: 12, skipped: 0),
        ]
        let expected = "date,completed,skipped,natural\r\n2026-03-02,0,3,0\r\n2026-03-15,12,0,0\r\n2026-03-31,4,1,2\r\n"
        #expect(CSVExport.dailyCSV(stats) == expected)
    }

    @Test("several entries for one day become one row")
    func mergesDuplicateDays() {
        let stats = [DayStat(date: day(2), completed: 1, skipped: 0, natural: 1), DayStat(date: day(2), completed: 2, skipped: 1)]
        #expect(CSVExport.dailyCSV(stats) == "date,completed,skipped,natural\r\n2026-03-02,3,1,1\r\n")
    }

    @Test("a plain field is written as it is")
    func plainField() {
        #expect(CSVExport.escaped("2026-03-02") == "2026-03-02")
        #expect(CSVExport.escaped("") == "")
    }

    @Test("a field with a comma is quoted")
    func commaField() {
        #expect(CSVExport.escaped("a,b") == "\"a,b\"")
    }

    @Test("a field with a quote is quoted and the quote doubled")
    func quoteField() {
        #expect(CSVExport.escaped("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test("a field with LF, CR or CRLF is quoted")
    func lineBreakFields() {
        #expect(CSVExport.escaped("a\nb") == "\"a\nb\"")
        #expect(CSVExport.escaped("a\rb") == "\"a\rb\"")
        #expect(CSVExport.escaped("a\r\nb") == "\"a\r\nb\"")
    }

    @Test("a record joins escaped fields with commas and ends in CRLF")
    func record() {
        #expect(CSVExport.record(["a,b", "c", "d\"e"]) == "\"a,b\",c,\"d\"\"e\"\r\n")
    }
}
