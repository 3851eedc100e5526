import Foundation
import LockOutCore

/// A generated Apple Health export with known totals: records of the three counted metrics from an iPhone
/// and a watch, other record types, metadata children, workouts and activity summaries.
struct GeneratedHealthExport {
    /// The XML.
    let xml: Data
    /// What the importer must find, with the multi-source rule applied (largest source per day and metric).
    let expected: [LocalDate: HealthTotals]
    /// How many counted records it holds.
    let countedRecords: Int

    static let days = 120

    /// `records` records in total, about a fifth of them of types the gate ignores.
    init(records: Int, calendar: Calendar) {
        var perSource: [LocalDate: [HealthMetric: [String: Double]]] = [:]
        var counted = 0
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 13 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
            <!ATTLIST HealthData locale CDATA #REQUIRED>
            ]>
            <HealthData locale="de_DE">
             <ExportDate value="2024-05-01 10:00:00 +0200"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01"/>

            """
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        let sources = ["iPhone von Jan", "Jan&apos;s Apple Watch"]
        let types = [
            ("HKQuantityTypeIdentifierStepCount", "count"),
            ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"),
            ("HKQuantityTypeIdentifierAppleExerciseTime", "min"),
            ("HKQuantityTypeIdentifierActiveEnergyBurned", "kJ"),
            ("HKQuantityTypeIdentifierHeartRate", "count/min"),
        ]
        for index in 0..<records {
            let dayIndex = index % Self.days
            let (type, unit) = types[(index / Self.days) % types.count]
            let source = (index / 7) % 2
            let minute = (index / 3) % (24 * 60)
            let dayDate = DateComponents(year: 2024, month: 1, day: 1 + dayIndex, hour: minute / 60, minute: minute % 60)
            let start = calendar.date(from: dayDate) ?? Date(timeIntervalSince1970: 0)
            // Values exact in binary, so the expected sums are exact: 0–999 steps, halves of kcal, 4.184 kJ steps.
            let value: String
            let amount: Double
            switch unit {
            case "count": amount = Double(index % 1000); value = String(index % 1000)
            case "kcal": amount = Double(index % 40) / 2; value = String(amount)
            case "min": amount = Double(index % 5); value = String(index % 5)
            case "kJ": amount = Double(index % 9); value = String(format: "%.3f", amount * 4.184)
            default: amount = 0; value = "72"
            }
            let date = formatter.string(from: start)
            xml += " <Record type=\"\(type)\" sourceName=\"\(sources[source])\" sourceVersion=\"17.4\""
                + " device=\"&lt;&lt;HKDevice: 0x2837&gt;, name:Apple Watch&gt;\" unit=\"\(unit)\""
                + " creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\""
            if index % 10 == 0 {
                xml += ">\n  <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"\(index)\"/>\n </Record>\n"
            } else {
                xml += "/>\n"
            }
            if index % 500 == 0 {
                xml += " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"30\" startDate=\"\(date)\"/>\n"
            }
            let metric: HealthMetric? = switch unit {
            case "count": .steps
            case "kcal", "kJ": .activeEnergy
            case "min": .exerciseMinutes
            default: nil
            }
            guard let metric else { continue }
            counted += 1
            perSource[LocalDate(start, in: calendar), default: [:]][metric, default: [:]][sources[source], default: 0] += amount
        }
        xml += " <ActivitySummary dateComponents=\"2024-01-01\" activeEnergyBurned=\"500\"/>\n</HealthData>\n"
        self.xml = Data(xml.utf8)
        self.countedRecords = counted
        var expected: [LocalDate: HealthTotals] = [:]
        for (day, metrics) in perSource {
            var totals = HealthTotals(day: day)
            for (metric, bySource) in metrics { totals[metric] = bySource.values.max() ?? 0 }
            expected[day] = totals
        }
        self.expected = expected
    }
}
