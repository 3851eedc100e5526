import Foundation
import Hummingbird
import HummingbirdTesting
import LockOutAgent
import LockOutCore
import LockOutRuntime
import LockOutServer
import LockOutStore
import Logging
import PostgresNIO
import Synchronization
import Testing

/// No plaintext at rest: a family's words synced through a real server, then looked for everywhere the server
/// keeps or tells something — its SQLite files (the write-ahead log included) or a `pg_dump` of its
/// PostgreSQL schema, its log, and `/metrics` — in UTF-8, base64 and hex. With end-to-end encryption none is
/// found; without it the same scan finds them, so the scan can fail.
@Suite("Family sync: no plaintext at rest", .serialized)
struct CanaryScanTests {
    static let program = "canary-7f3a9c"
    static let steps = 987_654_321
    /// The devices' names: an end-to-end family's server never learns them.
    static let names = ["Parent laptop", "Kid laptop", "Kid tablet"]
    static let environment = ProcessInfo.processInfo.environment

    /// The words that must not be found: the program, the step count, and the JSON keys of the records synced
    /// (quoted with their colon, as a JSON body writes them, so a column of the same name is not one).
    static var canaries: [String] {
        let keys = ["displayName", "logicalID", "sessionStart", "totalSeconds", "earnedPoints", "breaksCompleted", "commandID",
                    "targetDeviceID", "executedAt", "deviceName", "registrationDate"]
        return [program, String(steps)] + names + keys.map { "\"\($0)\":" }
    }

    /// Where each canary turns up in `bytes`: as UTF-8, as base64 (at each of the three alignments) or as hex.
    static func hits(in bytes: Data, source: String) -> [String] {
        var found: [String] = []
        for canary in canaries {
            let raw = Data(canary.utf8)
            var forms = [("utf-8", raw), ("hex", Data(raw.map { String(format: "%02x", $0) }.joined().utf8))]
            for shift in 0..<3 {
                // The base64 of the canary behind `shift` other bytes, without the characters those bytes touch.
                let encoded = Data(repeating: 0, count: shift) + raw
                let text = encoded.base64EncodedString()
                let start = shift == 0 ? 0 : (shift * 4 + 2) / 3
                let stable = text.dropFirst(start).dropLast(4)
                if stable.count >= 8 {
                    forms.append(("base64", Data(stable.utf8)))
                    forms.append(("base64url", Data(stable.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").utf8)))
                }
            }
            for (form, needle) in forms where bytes.range(of: needle) != nil {
                found.append("\(canary) as \(form) in \(source)")
            }
        }
        return found
    }

    /// Where the server's log lines are kept.
    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// A log handler that keeps every line, so the scan reads what the server logged.
    struct KeptLog: LogHandler {
        let kept: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            kept.lines.withLock { $0.append("\(event.level) \(event.message) \(merged)") }
        }
    }

    enum Storage: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static var storages: [Storage] {
        environment["LOCKOUT_TEST_POSTGRES_URL"] == nil && environment["LOCKOUT_SKIP_POSTGRES"] == "1" ? [.sqlite] : Storage.allCases
    }

    /// A parent and two children syncing through a live server on `storage`, end-to-end or not: the first
    /// child's usage of the canary program and both children's days of canary steps, and a command to each;
    /// answers every byte the server keeps or tells.
    static func syncAndCollect(_ kind: Storage, endToEnd: Bool) async throws -> [(source: String, bytes: Data)] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-canary-\(UUID())")
        let sqlitePath = root.appendingPathComponent("server.sqlite").path
        var schema: String?
        let storage: any FamilyStorage & FamilyChangeFeed
        switch kind {
        case .sqlite:
            storage = try SQLiteFamilyStorage(path: sqlitePath)
        case .postgres:
            let url = try #require(environment["LOCKOUT_TEST_POSTGRES_URL"], "LOCKOUT_TEST_POSTGRES_URL is not set: run scripts/test.sh")
            let name = "canary_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let admin = try await PostgresFamilyStorage(url: url)
            try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(name)"))
            admin.close()
            storage = try await PostgresFamilyStorage(url: url, schema: name)
            schema = name
        }
        let log = LogLines()
        let logger = Logger(label: "lockout.server") { _ in KeptLog(kept: log) }
        let app = FamilyServer.application(storage: storage, configuration: FamilyServer.Configuration(port: 0, now: { TestDevice.now }),
                                           logger: logger)
        let metrics = try await onServerThreads { try await app.test(.live) { client in
            let port = try #require(client.port)
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: endToEnd)
                let pairing = try parent.family.pair(mode: .childDevice)
                let child = try TestDevice.make(.childDevice, name: "Kid laptop")
                _ = try child.family.join(payload: pairing.payload)
                #expect(try child.store.isEndToEnd() == endToEnd)
                _ = child.syncOnce()
                _ = parent.syncOnce()
                let me = try child.store.identity(defaultName: "x").id
                let day = LocalDate(year: 2025, month: 11, day: 24)
                let usage = UsageRecord(recordID: UUID(), logicalID: program, displayName: program, sessionStart: TestDevice.now - 600,
                                        sessionEnd: TestDevice.now, totalSeconds: 600, earnedPoints: 3, category: .reward, deviceID: me)
                try child.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: usage.recordID.uuidString,
                                                     localDate: day, body: try SyncJSON.body(usage)), now: TestDevice.now)
                let summary = DailySummary(deviceID: me, date: day, steps: steps, lastUpdated: TestDevice.now)
                try child.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .dailySummary, recordID: "\(me)/\(day)",
                                                     localDate: day, body: try SyncJSON.body(summary)), now: TestDevice.now)
                #expect(child.syncOnce() == .synced(applied: 0))
                _ = try parent.family.send(.snooze(minutes: 7), to: "Kid laptop")
                #expect(child.syncOnce() == .synced(applied: 1))

                // A second child, with a day of its own and a command of its own.
                let tablet = try TestDevice.make(.childDevice, name: "Kid tablet")
                _ = try tablet.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                _ = parent.syncOnce()
                _ = tablet.syncOnce()
                let tabletID = try tablet.store.identity(defaultName: "x").id
                let tabletDay = DailySummary(deviceID: tabletID, date: day, steps: steps, lastUpdated: TestDevice.now)
                try tablet.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .dailySummary, recordID: "\(tabletID)/\(day)",
                                                      localDate: day, body: try SyncJSON.body(tabletDay)), now: TestDevice.now)
                _ = try parent.family.send(.snooze(minutes: 9), to: "Kid tablet")
                #expect(tablet.syncOnce() == .synced(applied: 1))
                _ = parent.syncOnce()
                #expect(try parent.store.records(.usage).contains { $0.body.contains(program) }, "the parent read the usage")
                #expect(try parent.store.records(.dailySummary).count == 2, "the parent read both children's days")
                #expect(try parent.family.devices().map(\.deviceName).sorted() == ["Kid laptop", "Kid tablet", "Parent laptop"])
            }
            return try await client.execute(uri: "/metrics", method: .get) { Data($0.body.readableBytesView) }
        } }
        var collected: [(String, Data)] = [("/metrics", metrics), ("the server log", Data(log.lines.withLock { $0.joined(separator: "\n") }.utf8))]
        switch kind {
        case .sqlite:
            // Read as the files lie on disk, the write-ahead log before any checkpoint among them.
            for suffix in ["", "-wal", "-shm"] {
                if let bytes = FileManager.default.contents(atPath: sqlitePath + suffix) { collected.append(("server.sqlite\(suffix)", bytes)) }
            }
        case .postgres:
            let url = try #require(environment["LOCKOUT_TEST_POSTGRES_URL"])
            let tool = try #require(Self.pgDump, "pg_dump is not installed")
            let file = root.appendingPathComponent("dump.sql")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let dump = try ChildProcess(tool, ["--dbname=\(url)", "--schema=\(try #require(schema))", "--file=\(file.path)"], stdout: .null)
            #expect(dump.waitUntilExit() == .exit(0))
            collected.append(("pg_dump", try Data(contentsOf: file)))
        }
        return collected
    }

    /// PostgreSQL's dump tool: on the path, or where Debian keeps each version's.
    static var pgDump: URL? {
        for folder in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("pg_dump")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.sorted().reversed().map { URL(fileURLWithPath: "/usr/lib/postgresql/\($0)/bin/pg_dump") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test("end-to-end: no canary anywhere the server keeps or tells", arguments: storages)
    func sealed(_ kind: Storage) async throws {
        let collected = try await Self.syncAndCollect(kind, endToEnd: true)
        #expect(collected.contains { $0.source.hasPrefix("server.sqlite") || $0.source == "pg_dump" })
        let hits = collected.flatMap { Self.hits(in: $0.bytes, source: $0.source) }
        #expect(hits.isEmpty, "\(hits)")
    }

    @Test("the negative control: without end-to-end encryption the same scan finds the canaries", arguments: storages)
    func plaintext(_ kind: Storage) async throws {
        let collected = try await Self.syncAndCollect(kind, endToEnd: false)
        let hits = collected.flatMap { Self.hits(in: $0.bytes, source: $0.source) }
        #expect(hits.contains { $0.hasPrefix("\(Self.program) as utf-8") }, "\(hits)")
        #expect(hits.contains { $0.hasPrefix("\(Self.steps) as utf-8") }, "\(hits)")
        #expect(hits.contains { $0.hasPrefix("\"displayName\": as utf-8") }, "\(hits)")
        #expect(hits.contains { $0.hasPrefix("Kid tablet as utf-8") }, "\(hits)")
    }
}
