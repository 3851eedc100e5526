import Foundation
import LockOutAgent
import LockOutCore
import Testing

@Suite("Apple Health export importer")
struct HealthExportImporterTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? TimeZone(secondsFromGMT: 3600) ?? calendar.timeZone
        return calendar
    }()

    static let export = GeneratedHealthExport(records: 100_000, calendar: berlin)
    static let environment = ProcessInfo.processInfo.environment

    /// A fresh folder for one test; removed by `cleanUp`.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-health-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func importer(chunkSize: Int = 1 << 20, environment: [String: String] = environment) -> HealthExportImporter {
        HealthExportImporter(calendar: berlin, environment: environment, chunkSize: chunkSize)
    }

    /// Checks `summary` against the generator's known totals.
    static func expectKnownTotals(_ summary: HealthExportSummary) {
        #expect(summary.totals.count == export.expected.count)
        #expect(summary.totalRecordsRead == export.countedRecords)
        #expect(summary.totalRecordsSkipped == 0)
        #expect(summary.isComplete)
        #expect(summary.sources == ["iPhone von Jan", "Jan's Apple Watch"])
        for (day, expected) in export.expected {
            for metric in HealthMetric.allCases {
                let found = summary.totals[day]?[metric] ?? -1
                #expect(abs(found - expected[metric]) < 1e-6, "\(day) \(metric): \(found) ≠ \(expected[metric])")
            }
        }
    }

    @Test("an export.xml of 100,000 records imported twice gives the same, known totals")
    func importsXMLTwice() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("export.xml")
        try Self.export.xml.write(to: file)
        var reports: [HealthImportProgress] = []
        let first = try Self.importer(chunkSize: 64 * 1024).importFile(at: file) { reports.append($0) }
        let second = try Self.importer().importFile(at: file)
        #expect(first == second)
        Self.expectKnownTotals(first)
        #expect(reports.first?.bytesRead == 0)
        #expect(reports.last == HealthImportProgress(bytesRead: Int64(Self.export.xml.count), totalBytes: Int64(Self.export.xml.count)))
    }

    @Test(
        "an export.zip as the Health app shares it imported twice gives the same, known totals",
        .enabled(if: ZipMaker.available, "needs the zip command (Debian package zip) or python3 to build the archive")
    )
    func importsZipTwice() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try ZipMaker.make(
            in: folder,
            files: ["apple_health_export/export.xml": Self.export.xml, "apple_health_export/export_cda.xml": Data("<x/>".utf8)]
        )
        var reports: [HealthImportProgress] = []
        let first = try Self.importer().importFile(at: archive) { reports.append($0) }
        let second = try Self.importer().importFile(at: archive)
        #expect(first == second)
        Self.expectKnownTotals(first)
        #expect(reports.last?.totalBytes == Int64(Self.export.xml.count))
        #expect(reports.last?.fraction == 1)
    }

    @Test("a missing file is an error naming its path")
    func missingFile() {
        let path = "/nonexistent/lockout/export.xml"
        #expect(throws: HealthImportError.fileNotFound(path: path)) {
            try Self.importer().importFile(at: URL(fileURLWithPath: path))
        }
    }

    @Test("a folder is not readable as an export")
    func folderIsUnreadable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: HealthImportError.unreadable(path: folder.path, reason: "it is not a regular file")) {
            try Self.importer().importFile(at: folder)
        }
    }

    @Test("an XML file that is not a Health export is refused")
    func otherXML() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("export.xml")
        try Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk/></gpx>\n".utf8).write(to: file)
        #expect(throws: HealthImportError.notAHealthExport(found: "an XML file whose root element is <gpx>")) {
            try Self.importer().importFile(at: file)
        }
    }

    @Test(
        "a zip without export.xml is refused and its contents named",
        .enabled(if: ZipMaker.available, "needs the zip command (Debian package zip) or python3 to build the archive")
    )
    func zipWithoutExport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try ZipMaker.make(in: folder, files: ["photos/cat.jpg": Data([0xFF, 0xD8, 0xFF])])
        #expect(throws: HealthImportError.zipHasNoExport(path: archive.path, entries: ["photos/cat.jpg"])) {
            try Self.importer().importFile(at: archive)
        }
    }

    @Test(
        "a zip with another XML as export.xml is refused like the bare file",
        .enabled(if: ZipMaker.available, "needs the zip command (Debian package zip) or python3 to build the archive")
    )
    func zipWithOtherXML() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try ZipMaker.make(in: folder, files: ["backup/export.xml": Data("<svg/>".utf8)])
        #expect(throws: HealthImportError.notAHealthExport(found: "an XML file whose root element is <svg>")) {
            try Self.importer().importFile(at: archive)
        }
    }

    @Test(
        "a zip without unzip on PATH says unzip is needed",
        .enabled(if: ZipMaker.available, "needs the zip command (Debian package zip) or python3 to build the archive")
    )
    func zipWithoutUnzip() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = try ZipMaker.make(in: folder, files: ["apple_health_export/export.xml": Data("<HealthData/>".utf8)])
        #expect(throws: HealthImportError.unzipMissing) {
            try Self.importer(environment: ["PATH": folder.path]).importFile(at: archive)
        }
    }
}
