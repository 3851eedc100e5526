import Foundation

/// Streams an Apple Health `export.xml` into per-day totals of steps, active energy and exercise minutes.
///
/// Feed it the file's bytes in chunks of any size with `consume(_:)`, then call `finish()`. It is a byte
/// scanner, not an XML parser: it looks for `<` with `memchr`, reads only the start tags of `<Record …>`
/// elements of the three counted types, and skips everything else (the DTD, comments, `Workout`,
/// `ActivitySummary`, `MetadataEntry`, other Record types) without looking inside. Between chunks it keeps
/// only the unfinished element, so memory stays bounded however large the export is.
///
/// A record's `startDate` carries its own UTC offset, which gives the instant; `calendar` (the person's)
/// decides which local day that instant belongs to. Malformed values, dates or units skip the record and
/// are counted. Several sources recording the same day are settled by `HealthExportTally`'s rule.
///
///     prolog ──<HealthData──▶ content ──</HealthData──▶ complete
///        │ any other root, text, or 1 MiB without a root
///        ▼
///     notAHealthExport
public struct HealthExportParser {
    /// How far into the file the `<HealthData>` root must start; Apple's DTD header is about 10 KiB.
    public static let rootSearchLimit = 1 << 20
    /// The longest element kept across chunks; a real Record tag is a few hundred bytes.
    public static let elementLimit = 1 << 20

    private enum Mode {
        case markup
        case comment
        case characterData
        case instruction
    }

    private var tally: HealthExportTally
    private var mode = Mode.markup
    private var startChecked = false
    private var rootSeen = false
    private var rootClosed = false
    private var carry: [UInt8] = []
    private var spare: [UInt8] = []
    /// Bytes given to `consume` so far.
    private var bytesFed = 0
    private var recordsRead: [HealthMetric: Int] = [:]
    private var recordsSkipped: [HealthMetric: Int] = [:]

    /// A parser that assigns records to days of `calendar`.
    public init(calendar: Calendar) {
        tally = HealthExportTally(calendar: calendar)
    }

    /// Scans the next `bytes` of the export; throws as soon as it is clear the file is not a Health export.
    public mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(HealthImportError) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let chunk = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        bytesFed += chunk.count
        var offset = 0
        // An unfinished element from the last chunk: join it with a growing prefix of this one until it is
        // resolved, then go on in this chunk without copying it.
        while !carry.isEmpty, offset < chunk.count {
            let carried = carry.count
            let take = min(chunk.count - offset, max(4096, carried))
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[offset..<(offset + take)]))
            offset += take
            var joined: [UInt8] = []
            swap(&joined, &carry)
            let stop = joined.withUnsafeBufferPointer { scan($0, final: false) }
            swap(&joined, &carry)
            if let failure = pendingFailure { throw failure }
            if stop >= carried {
                offset -= carry.count - stop
                carry.removeAll(keepingCapacity: true)
            } else {
                carry.removeSubrange(0..<stop)
                try checkCarry()
            }
        }
        if offset < chunk.count {
            let rest = UnsafeBufferPointer(rebasing: chunk[offset...])
            let stop = scan(rest, final: false)
            if let failure = pendingFailure { throw failure }
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: rest[stop...]))
            try checkCarry()
        }
        if !rootSeen, bytesFed > Self.rootSearchLimit {
            throw .notAHealthExport(found: "no <HealthData> element in the first \(Self.rootSearchLimit >> 20) MiB")
        }
    }

    /// Scans what is left and returns the totals; throws when the input never turned out to be a Health export.
    public mutating func finish() throws(HealthImportError) -> HealthExportSummary {
        if !carry.isEmpty {
            var rest: [UInt8] = []
            swap(&rest, &carry)
            _ = rest.withUnsafeBufferPointer { scan($0, final: true) }
            if let failure = pendingFailure { throw failure }
        }
        guard rootSeen else {
            throw .notAHealthExport(found: bytesFed == 0 ? "an empty file" : "no <HealthData> element")
        }
        return HealthExportSummary(
            totals: tally.totals(),
            recordsRead: recordsRead,
            recordsSkipped: recordsSkipped,
            sources: tally.sourceNames,
            bytesScanned: bytesFed,
            isComplete: rootClosed
        )
    }

    private var pendingFailure: HealthImportError?

    private func checkCarry() throws(HealthImportError) {
        if carry.count > Self.elementLimit {
            throw .elementTooLong(offset: bytesFed - carry.count, limit: Self.elementLimit)
        }
    }
}

extension HealthExportParser {
    /// Scans `buffer` and returns where the first unresolved element starts (`buffer.count` when none):
    /// the caller keeps the bytes from there for the next chunk. Sets `pendingFailure` to stop.
    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, final: Bool) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let end = buffer.count
        var i = 0
        while i < end {
            switch mode {
            case .comment, .characterData, .instruction:
                let closer: StaticString = mode == .comment ? "-->" : mode == .characterData ? "]]>" : "?>"
                if let found = Self.find(closer, in: base, from: i, to: end) {
                    i = found + closer.utf8CodeUnitCount
                    mode = .markup
                } else {
                    return final ? end : max(i, end - (closer.utf8CodeUnitCount - 1))
                }
            case .markup:
                if !startChecked {
                    i = checkStart(base, from: i, to: end)
                    if pendingFailure != nil || i == end { return end }
                }
                guard let found = memchr(base + i, Int32(UInt8(ascii: "<")), end - i) else { return end }
                let open = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                switch markup(base, at: open, to: end, final: final) {
                case .needMore: return open
                case .resume(let next): i = next
                }
                if pendingFailure != nil { return end }
            }
        }
        return end
    }

    private enum Step {
        case needMore
        case resume(Int)
    }

    /// Handles the markup that starts with the `<` at `open`.
    private mutating func markup(_ base: UnsafePointer<UInt8>, at open: Int, to end: Int, final: Bool) -> Step {
        let available = end - open
        func starts(_ literal: StaticString) -> Bool? {
            let length = literal.utf8CodeUnitCount
            let compared = min(length, available)
            guard memcmp(base + open, literal.utf8Start, compared) == 0 else { return false }
            return compared == length ? true : (final ? false : nil)
        }
        guard available >= 2 else { return final ? .resume(end) : .needMore }
        switch base[open + 1] {
        case UInt8(ascii: "!"):
            guard let comment = starts("<!--"), let data = starts("<![CDATA[") else { return .needMore }
            if comment {
                mode = .comment
                return .resume(open + 4)
            }
            if data {
                mode = .characterData
                return .resume(open + 9)
            }
            return .resume(open + 2)
        case UInt8(ascii: "?"):
            mode = .instruction
            return .resume(open + 2)
        case UInt8(ascii: "/"):
            guard let closing = starts("</HealthData") else { return .needMore }
            if closing { rootClosed = true }
            return .resume(open + 2)
        default:
            break
        }
        guard rootSeen else { return root(base, at: open, to: end, final: final) }
        guard let record = starts("<Record") else { return .needMore }
        guard record else { return .resume(open + 1) }
        guard open + 7 < end else { return final ? .resume(end) : .needMore }
        guard HealthExportRecord.isSpace(base[open + 7]) else { return .resume(open + 1) }
        switch HealthExportRecord.scan(base, from: open + 8, to: end) {
        case .incomplete:
            // A record cut off by the end of the file is lost; the summary says the file is incomplete.
            guard final else { return .needMore }
            return .resume(end)
        case .ignored(let next):
            return .resume(next)
        case .malformed(let metric, let next):
            recordsSkipped[metric, default: 0] += 1
            return .resume(next)
        case .counted(let record, let next):
            count(record, base)
            return .resume(next)
        }
    }

    /// Checks the first element: it must be `<HealthData`.
    private mutating func root(_ base: UnsafePointer<UInt8>, at open: Int, to end: Int, final: Bool) -> Step {
        var i = open + 1
        let limit = min(end, open + 1 + 64)
        while i < limit, !HealthExportRecord.isSpace(base[i]), base[i] != UInt8(ascii: ">"),
              base[i] != UInt8(ascii: "/"), base[i] != UInt8(ascii: "<") {
            i += 1
        }
        if i == end, !final { return .needMore }
        if HealthExportValues.equals(base, open + 1, i, "HealthData") {
            rootSeen = true
            return .resume(i)
        }
        let name = String(decoding: UnsafeBufferPointer(start: base + open + 1, count: i - open - 1), as: UTF8.self)
        pendingFailure = .notAHealthExport(found: "an XML file whose root element is <\(name)>")
        return .resume(end)
    }

    /// Skips a byte-order mark and white space, then requires `<`; returns where to go on.
    private mutating func checkStart(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        while i < end, HealthExportRecord.isSpace(base[i]) || base[i] == 0xEF || base[i] == 0xBB || base[i] == 0xBF {
            i += 1
        }
        guard i < end else { return end }
        startChecked = true
        if base[i] != UInt8(ascii: "<") {
            let shown = String(decoding: UnsafeBufferPointer(start: base + i, count: min(16, end - i)), as: UTF8.self)
            let printable = String(shown.unicodeScalars.map { $0.value < 0x20 || $0.value == 0xFFFD ? "." : Character($0) })
            pendingFailure = .notAHealthExport(found: "a file that is not XML (it starts with \"\(printable)\")")
        }
        return i
    }

    private mutating func count(_ record: HealthExportRecord, _ base: UnsafePointer<UInt8>) {
        guard let metric = record.metric else { return }
        guard record.hasValue, record.hasStartDate,
              let value = HealthExportValues.number(base, record.value.lowerBound, record.value.upperBound),
              let factor = HealthExportValues.factor(for: metric, base, record.unit.lowerBound, record.unit.upperBound),
              let instant = HealthExportValues.instant(base, record.startDate.lowerBound, record.startDate.upperBound)
        else {
            recordsSkipped[metric, default: 0] += 1
            return
        }
        recordsRead[metric, default: 0] += 1
        let source = UnsafeBufferPointer(start: base + record.sourceName.lowerBound, count: record.sourceName.count)
        tally.add(value * factor, metric: metric, instant: instant, source: source)
    }

    /// The index of the first `literal` in `base[from..<to]`.
    private static func find(_ literal: StaticString, in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
        let length = literal.utf8CodeUnitCount
        let last = literal.utf8Start[length - 1]
        var i = from + length - 1
        while i < end {
            guard let hit = memchr(base + i, Int32(last), end - i) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at - length + 1, literal.utf8Start, length) == 0 { return at - length + 1 }
            i = at + 1
        }
        return nil
    }
}
