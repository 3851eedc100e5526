import Foundation

/// Where a `<Record …>` start tag keeps the attributes the gate needs, as byte ranges of the scanned buffer.
struct HealthExportRecord {
    var metric: HealthMetric?
    var startDate = 0..<0
    var value = 0..<0
    var unit = 0..<0
    var sourceName = 0..<0
    var hasStartDate = false
    var hasValue = false

    /// What scanning a start tag found.
    enum Scan {
        /// The tag runs past the end of the buffer: scan it again with more bytes.
        case incomplete
        /// A Record of another type, or a tag that is not well formed: carry on from `resumeAt`.
        case ignored(resumeAt: Int)
        /// A Record of a type the gate counts, whole, ending before `resumeAt`.
        case counted(HealthExportRecord, resumeAt: Int)
        /// A Record the gate counts whose tag is not well formed: skip it and carry on from `resumeAt`.
        case malformed(HealthMetric, resumeAt: Int)
    }

    /// Reads the attributes of a start tag from `start` (just past `<Record`) up to `end`.
    ///
    /// Attributes may come in any order and use either quote. Leaves a Record of another type as soon as
    /// its `type` is known: `<` cannot occur inside attribute values, so the caller's search for the next
    /// `<` skips the rest of the tag safely.
    static func scan(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Scan {
        var record = HealthExportRecord()
        var i = start
        func fail(_ at: Int) -> Scan {
            record.metric.map { .malformed($0, resumeAt: at) } ?? .ignored(resumeAt: at)
        }
        while true {
            while i < end, isSpace(base[i]) { i += 1 }
            guard i < end else { return .incomplete }
            let byte = base[i]
            if byte == UInt8(ascii: ">") {
                i += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard i + 1 < end else { return .incomplete }
                guard base[i + 1] == UInt8(ascii: ">") else { return fail(i + 1) }
                i += 2
                break
            }
            let nameStart = i
            while i < end, base[i] != UInt8(ascii: "="), !isSpace(base[i]), base[i] != UInt8(ascii: ">"),
                  base[i] != UInt8(ascii: "/"), base[i] != UInt8(ascii: "<") {
                i += 1
            }
            let nameEnd = i
            while i < end, isSpace(base[i]) { i += 1 }
            guard i < end else { return .incomplete }
            guard base[i] == UInt8(ascii: "="), nameEnd > nameStart else { return fail(i) }
            i += 1
            while i < end, isSpace(base[i]) { i += 1 }
            guard i < end else { return .incomplete }
            let quote = base[i]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return fail(i) }
            let valueStart = i + 1
            guard let close = memchr(base + valueStart, Int32(quote), end - valueStart) else { return .incomplete }
            let valueEnd = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
            i = valueEnd + 1
            switch nameEnd - nameStart {
            case 4:
                if HealthExportValues.equals(base, nameStart, nameEnd, "type") {
                    guard let metric = metric(base, valueStart, valueEnd) else { return .ignored(resumeAt: i) }
                    record.metric = metric
                } else if HealthExportValues.equals(base, nameStart, nameEnd, "unit") {
                    record.unit = valueStart..<valueEnd
                }
            case 5 where HealthExportValues.equals(base, nameStart, nameEnd, "value"):
                record.value = valueStart..<valueEnd
                record.hasValue = true
            case 9 where HealthExportValues.equals(base, nameStart, nameEnd, "startDate"):
                record.startDate = valueStart..<valueEnd
                record.hasStartDate = true
            case 10 where HealthExportValues.equals(base, nameStart, nameEnd, "sourceName"):
                record.sourceName = valueStart..<valueEnd
            default:
                break
            }
        }
        guard record.metric != nil else { return .ignored(resumeAt: i) }
        return .counted(record, resumeAt: i)
    }

    /// The metric a `type` attribute names, nil for every other type.
    private static func metric(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> HealthMetric? {
        let prefix: StaticString = "HKQuantityTypeIdentifier"
        let prefixLength = prefix.utf8CodeUnitCount
        guard end - start > prefixLength, memcmp(base + start, prefix.utf8Start, prefixLength) == 0 else { return nil }
        let suffix = start + prefixLength
        if HealthExportValues.equals(base, suffix, end, "StepCount") { return .steps }
        if HealthExportValues.equals(base, suffix, end, "ActiveEnergyBurned") { return .activeEnergy }
        if HealthExportValues.equals(base, suffix, end, "AppleExerciseTime") { return .exerciseMinutes }
        return nil
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
