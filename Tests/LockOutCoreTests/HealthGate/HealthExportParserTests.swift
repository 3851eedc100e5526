import Foundation
import LockOutCore
import Testing

@Suite("Apple Health export parser")
struct HealthExportParserTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? TimeZone(secondsFromGMT: 3600) ?? calendar.timeZone
        return calendar
    }()

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 13 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ATTLIST Record
          type          CDATA #REQUIRED
          value         CDATA #IMPLIED
        >
        ]>
        <HealthData locale="de_DE">
         <ExportDate value="2024-01-20 10:00:00 +0100"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>

        """
    static let footer = "</HealthData>\n"

    static func export(_ body: String) -> [UInt8] {
        Array((header + body + footer).utf8)
    }

    static func step(_ date: String, _ value: String, source: String = "iPhone") -> String {
        """
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\(source)" sourceVersion="17.2" \
        device="&lt;&lt;HKDevice: 0x283b1c0f0&gt;, name:iPhone, manufacturer:Apple Inc.&gt;" unit="count" \
        creationDate="\(date)" startDate="\(date)" endDate="\(date)" value="\(value)"/>

        """
    }

    /// Parses `bytes` fed in the given chunk sizes (the rest in one chunk at the end).
    static func parse(_ bytes: [UInt8], splits: [Int] = []) throws -> HealthExportSummary {
        var parser = HealthExportParser(calendar: berlin)
        var start = 0
        for split in splits + [bytes.count] {
            let end = min(max(split, start), bytes.count)
            try bytes[start..<end].withUnsafeBytes { try parser.consume($0) }
            start = end
        }
        return try parser.finish()
    }

    static func day(_ text: String) -> LocalDate {
        LocalDate(iso: text) ?? LocalDate(year: 1970, month: 1, day: 1)
    }

    static let mixed = export(
        step("2024-01-15 08:30:00 +0100", "120")
            + """
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-01-15 08:30:00 +0100" value="71"/>
             <Record type='HKQuantityTypeIdentifierActiveEnergyBurned' sourceName='iPhone' unit='kcal' startDate='2024-01-15 09:00:00 +0100' value='35.5'>
              <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
             </Record>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalEnergyBurned="300" startDate="2024-01-15 07:00:00 +0100"/>
             <!-- <Record type="HKQuantityTypeIdentifierStepCount" unit="count" startDate="2024-01-15 08:30:00 +0100" value="99999"/> -->
             <Record value="12" startDate="2024-01-15 18:00:00 +0100" unit="min" type="HKQuantityTypeIdentifierAppleExerciseTime" sourceName="iPhone"/>
             <ActivitySummary dateComponents="2024-01-15" activeEnergyBurned="500" appleExerciseTime="40"/>

            """
            + step("2024-01-16 10:00:00 +0100", "80")
    )

    @Test("a record split at every byte offset across two chunks gives the same totals")
    func everySplit() throws {
        let whole = try Self.parse(Self.mixed)
        #expect(whole.totals[Self.day("2024-01-15")]?[.steps] == 120)
        for split in 0...Self.mixed.count {
            let parts = try Self.parse(Self.mixed, splits: [split])
            #expect(parts == whole, "split at byte \(split)")
        }
    }

    @Test("one byte at a time gives the same totals as the whole file at once")
    func byteByByte() throws {
        let whole = try Self.parse(Self.mixed)
        let bytewise = try Self.parse(Self.mixed, splits: Array(1..<Self.mixed.count))
        #expect(bytewise == whole)
    }

    @Test("chunks of assorted sizes over a long export give the same totals", arguments: [7, 333, 4099, 10_000])
    func assortedChunks(size: Int) throws {
        let records: [String] = (0..<300).map { (n: Int) -> String in
            Self.step("2024-01-\(10 + n % 9) 0\(n % 10):30:00 +0100", "\(n)")
        }
        let bytes = Self.export(records.joined())
        let whole = try Self.parse(bytes)
        let tenth: Int = (0..<300).filter { $0 % 9 == 0 }.reduce(0, +)
        #expect(whole.totals[Self.day("2024-01-10")]?[.steps] == Double(tenth))
        let chunked = try Self.parse(bytes, splits: Array(stride(from: size, to: bytes.count, by: size)))
        #expect(chunked == whole)
    }

    @Test("reads the three metrics and ignores other types, workouts, summaries, comments and the DTD")
    func readsOnlyTheThreeMetrics() throws {
        let summary = try Self.parse(Self.mixed)
        #expect(summary.totals[Self.day("2024-01-15")] == HealthTotals(
            day: Self.day("2024-01-15"),
            values: [.steps: 120, .activeEnergy: 35.5, .exerciseMinutes: 12]
        ))
        #expect(summary.totals[Self.day("2024-01-16")]?[.steps] == 80)
        #expect(summary.recordsRead == [.steps: 2, .activeEnergy: 1, .exerciseMinutes: 1])
        #expect(summary.totalRecordsSkipped == 0)
        #expect(summary.isComplete)
        #expect(summary.sources == ["iPhone"])
    }

    @Test("attributes in any order, either quote and spaces around = are read alike")
    func attributeOrderAndQuotes() throws {
        let body = """
             <Record value='100' unit="count" startDate = '2024-02-01 12:00:00 +0100' type="HKQuantityTypeIdentifierStepCount"/>
             <Record
                startDate="2024-02-01 13:00:00 +0100"
                type='HKQuantityTypeIdentifierStepCount' note='say "hi" &amp; go' value="50" unit='count'></Record>

            """
        let summary = try Self.parse(Self.export(body))
        #expect(summary.totals[Self.day("2024-02-01")]?[.steps] == 150)
    }

    @Test("kJ becomes kcal, Cal counts as kcal, seconds become minutes")
    func unitConversion() throws {
        let body = """
             <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" unit="kJ" startDate="2024-02-01 12:00:00 +0100" value="418.4"/>
             <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" unit="Cal" startDate="2024-02-01 13:00:00 +0100" value="20"/>
             <Record type="HKQuantityTypeIdentifierAppleExerciseTime" unit="s" startDate="2024-02-01 13:00:00 +0100" value="90"/>

            """
        let totals = try #require(try Self.parse(Self.export(body)).totals[Self.day("2024-02-01")])
        #expect(abs(totals[.activeEnergy] - 120) < 1e-9)
        #expect(totals[.exerciseMinutes] == 1.5)
    }

    @Test("the record's offset gives the instant and Berlin's calendar the day, across midnight")
    func acrossMidnight() throws {
        let body = Self.step("2024-01-15 23:30:00 +0000", "10")  // 00:30 on the 16th in Berlin
            + Self.step("2024-01-16 00:10:00 -0500", "20")        // 06:10 on the 16th in Berlin
            + Self.step("2024-01-15 23:59:59 +0100", "30")        // the 15th
        let totals = try Self.parse(Self.export(body)).totals
        #expect(totals[Self.day("2024-01-16")]?[.steps] == 30)
        #expect(totals[Self.day("2024-01-15")]?[.steps] == 30)
    }

    @Test("days stay right across the spring and autumn DST changes")
    func acrossDaylightSaving() throws {
        let body = Self.step("2024-03-30 23:30:00 +0000", "1")     // 00:30 CET on 31 March
            + Self.step("2024-03-31 23:30:00 +0200", "2")          // 23:30 CEST, still 31 March (a 23-hour day)
            + Self.step("2024-03-31 22:30:00 +0000", "4")          // 00:30 CEST on 1 April
            + Self.step("2024-10-27 02:30:00 +0200", "8")          // the first 02:30 of 27 October
            + Self.step("2024-10-27 02:30:00 +0100", "16")         // the second 02:30
            + Self.step("2024-10-27 23:00:00 +0000", "32")         // 00:00 CET on 28 October
        let totals = try Self.parse(Self.export(body)).totals
        #expect(totals[Self.day("2024-03-31")]?[.steps] == 3)
        #expect(totals[Self.day("2024-04-01")]?[.steps] == 4)
        #expect(totals[Self.day("2024-10-27")]?[.steps] == 24)
        #expect(totals[Self.day("2024-10-28")]?[.steps] == 32)
    }

    @Test("malformed values, dates and units skip the record and are counted")
    func skipsMalformed() throws {
        let body = Self.step("2024-01-15 08:30:00 +0100", "12x")
            + Self.step("2024-01-15 08:31:00 +0100", "")
            + Self.step("2024-01-15 08:32:00 +0100", "-5")
            + Self.step("15.01.2024 08:33", "7")
            + Self.step("2024-01-15 08:34:00 +0100", "NaN")
            + """
             <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" unit="furlongs" startDate="2024-01-15 09:00:00 +0100" value="5"/>
             <Record type="HKQuantityTypeIdentifierAppleExerciseTime" unit="min" startDate="2024-01-15 09:00:00 +0100"/>

            """
            + Self.step("2024-01-15 08:35:00 +0100", "1e2")
        let summary = try Self.parse(Self.export(body))
        #expect(summary.recordsSkipped == [.steps: 5, .activeEnergy: 1, .exerciseMinutes: 1])
        #expect(summary.recordsRead == [.steps: 1])
        #expect(summary.totals[Self.day("2024-01-15")]?[.steps] == 100)
    }

    @Test("per day and metric, the source with the largest total counts, not the sum of sources")
    func deduplicatesSources() throws {
        let body = Self.step("2024-01-15 08:00:00 +0100", "3000", source: "iPhone")
            + Self.step("2024-01-15 08:00:00 +0100", "2900", source: "Apple Watch")
            + Self.step("2024-01-15 18:00:00 +0100", "1000", source: "Apple Watch")
            + Self.step("2024-01-16 08:00:00 +0100", "500", source: "iPhone")
            + Self.step("2024-01-16 09:00:00 +0100", "700", source: "iPhone")
            + Self.step("2024-01-16 10:00:00 +0100", "900", source: "Apple Watch")
            + Self.step("2024-01-16 10:00:00 +0100", "50", source: "Jan&apos;s Scale")
        let summary = try Self.parse(Self.export(body))
        #expect(summary.totals[Self.day("2024-01-15")]?[.steps] == 3900)  // the watch: 2900 + 1000
        #expect(summary.totals[Self.day("2024-01-16")]?[.steps] == 1200)  // the phone: 500 + 700
        #expect(summary.sources == ["iPhone", "Apple Watch", "Jan's Scale"])
    }

    @Test("an XML file with another root element is not a Health export")
    func rejectsOtherRoot() {
        let svg = Array("<?xml version=\"1.0\"?>\n<!-- drawing -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"><Record type=\"x\"/></svg>".utf8)
        #expect(throws: HealthImportError.notAHealthExport(found: "an XML file whose root element is <svg>")) {
            try Self.parse(svg)
        }
    }

    @Test("a file that is not XML, an empty file and a file without a root are not Health exports")
    func rejectsNonXML() {
        #expect(throws: HealthImportError.notAHealthExport(found: "a file that is not XML (it starts with \"{\"steps\": 100}\")")) {
            try Self.parse(Array("{\"steps\": 100}".utf8))
        }
        #expect(throws: HealthImportError.notAHealthExport(found: "an empty file")) {
            try Self.parse([])
        }
        #expect(throws: HealthImportError.notAHealthExport(found: "no <HealthData> element")) {
            try Self.parse(Array("<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [ ]>\n".utf8))
        }
    }

    @Test("the error says what was expected")
    func errorNamesTheExpectation() {
        let message = HealthImportError.notAHealthExport(found: "an XML file whose root element is <svg>").description
        #expect(message.contains("<HealthData>"))
        #expect(message.contains("<svg>"))
    }

    @Test("an export cut short keeps what was read and says it is incomplete")
    func truncated() throws {
        let bytes = Array(Self.export(Self.step("2024-01-15 08:30:00 +0100", "120") + Self.step("2024-01-15 09:30:00 +0100", "5")).dropLast(80))
        let summary = try Self.parse(bytes)
        #expect(!summary.isComplete)
        #expect(summary.totals[Self.day("2024-01-15")]?[.steps] == 120)
    }
}
