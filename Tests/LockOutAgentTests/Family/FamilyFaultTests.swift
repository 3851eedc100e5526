import Foundation
import LockOutAgent
import LockOutCore
import Testing

/// A real `lockout serve` process, started and killed like an administrator's crash would kill it.
final class ServerProcess: @unchecked Sendable {
    let port: Int
    let arguments: [String]
    private var process: ChildProcess?

    init(dataDirectory: URL, database: String? = nil) throws {
        port = try Self.freePort()
        arguments = ["serve", "--data-dir", dataDirectory.path, "--port", String(port), "--device-rate", "10000"]
            + (database.map { ["--db", $0] } ?? [])
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// The `lockout` binary built beside the tests.
    static var executable: URL {
        get throws {
            let candidates = [
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("lockout") }
            return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        }
    }

    /// Starts the server and waits until its health check answers.
    func start() throws {
        process = try ChildProcess(
            try Self.executable, arguments, environment: ProcessInfo.processInfo.environment.merging(["LOCKOUT_LOG_LEVEL": "error"]) { $1 },
            stdout: .null, stderr: .null
        )
        for _ in 0..<200 {
            if Self.answers(port: port) { return }
            Thread.sleep(forTimeInterval: 0.05)  // polling for a process to come up, not waiting for time to pass
        }
        Issue.record("the server did not start")
    }

    /// SIGKILL, and waits for the process to be gone.
    func kill9() {
        guard let process else { return }
        process.kill(signal: SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    private let pendingKills = DispatchGroup()

    /// SIGKILL for the process running now, `after` from now, from another thread; answers at once.
    func kill9(after delay: DispatchTimeInterval) {
        guard let process else { return }
        pendingKills.enter()
        DispatchQueue(label: "lockout.test.killer").asyncAfter(deadline: .now() + delay) { [pendingKills] in
            process.kill(signal: SIGKILL)
            pendingKills.leave()
        }
    }

    /// Waits until every kill asked for has struck, then makes sure a server runs.
    func settle() throws {
        pendingKills.wait()
        guard !Self.answers(port: port) else { return }
        process?.waitUntilExit()
        try start()
    }

    /// Whether the process started last is still running.
    var isRunning: Bool { process?.isRunning ?? false }

    static func answers(port: Int) -> Bool {
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, connectTimeout: 1)
        defer { client.shutdown() }
        return (try? client.send(HTTPRequest(method: .GET, path: "/healthz"), timeout: 2))?.status == 200
    }

    static func freePort() throws -> Int {
        let fd = try LoopbackSocket.make()
        defer { close(fd) }
        var address = LoopbackSocket.address(port: 0)
        _ = LoopbackSocket.withSocketAddress(&address) { bind(fd, $0, $1) }
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: bound.sin_port))
    }
}

@Suite("Family sync through crashes: nothing lost, nothing doubled", .serialized)
struct FamilyFaultTests {
    static let records = 1_200
    static let environment = ProcessInfo.processInfo.environment

    /// Queues `count` usage records of today (each its own record) on `child`: today, so that the
    /// server's retention, pruning at each start, keeps them.
    static func queueUsage(_ child: TestDevice, count: Int) throws {
        let id = try child.family.identity().id
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = LocalDate(Date(), in: calendar)
        for offset in 0..<count {
            let start = TestDevice.now + TimeInterval(offset * 60)
            let record = UsageRecord(recordID: UUID(), logicalID: "tuxmath", displayName: "Tux Math", sessionStart: start,
                                     sessionEnd: start + 60, totalSeconds: 60, earnedPoints: 0, category: .learning, deviceID: id)
            try child.store.enqueue(SyncMutation(id: MutationID(rawValue: UUID()), type: .usage, recordID: record.recordID.uuidString,
                                                 localDate: today, body: try SyncJSON.body(record)), now: TestDevice.now)
        }
    }

    /// Syncs `child` until its outbox is empty while `fault` strikes between rounds; answers how many rounds
    /// failed, and how many of those failed after part of the outbox was committed.
    /// `fault` is called before each round with the round's number and how many rounds were cut so far.
    static func drain(_ child: TestDevice, fault: (_ round: Int, _ cut: Int) throws -> Void) throws -> (failed: Int, cut: Int) {
        var round = 0, failed = 0, cut = 0
        while try child.store.counts().queued > 0 {
            round += 1
            guard round < 60 else { Issue.record("the outbox did not drain"); break }
            try fault(round, cut)
            let before = try child.store.counts().queued
            guard case .waiting = child.syncOnce(jitter: 0) else { continue }
            failed += 1
            if try child.store.counts().queued < before { cut += 1 }
        }
        return (failed, cut)
    }

    /// What the parent sees after the load: every record once, and a commit count that no repeat inflated.
    /// `epochs`: the epoch commits of an end-to-end family, each of which takes a commit number too.
    static func expectExactlyOnce(parent: TestDevice, child: TestDevice, records: Int = records, epochs: Int = 0) throws {
        #expect(parent.syncOnce() == .synced(applied: 0))
        let pulled = try parent.store.records(.usage)
        #expect(pulled.count == records)
        #expect(Set(pulled.map(\.recordID)).count == records)
        // Two registrations and the records: a mutation committed twice would have taken a commit number of its own.
        let token = try parent.store.progress().token
        #expect(token == ChangeToken.after(Int64(records + 2 + epochs)), "\(String(describing: token)) after \(records) records")
        #expect(try child.store.counts() == (0, 0))
    }

    @Test("the server is killed with SIGKILL again and again while a device uploads; restarted, it has every item once",
          arguments: [false, true])
    func serverKilledMidUpload(endToEnd: Bool) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("lockout-fault-\(UUID())")
        let server = try ServerProcess(dataDirectory: data)
        try server.start()
        defer { server.kill9() }
        let (parent, child) = try await pairedFamily(server: server.url, endToEnd: endToEnd)
        try await offPool {
            var queued = 0, kills = 0, delay = 2, cut = 0
            // Killed while a round's upload is under way, later each time (2 ms, 4 ms, … then half again as late, up
            // to 2 s), at least 8 times and until a round has died with part of the outbox committed and the rest not:
            // how long an upload takes, and how late a kill strikes, depend on the machine and its load. The next
            // round restarts the server. An outbox drained before that (every kill struck too late) gets more records.
            repeat {
                try Self.queueUsage(child, count: Self.records)
                queued += Self.records
                let (_, cutNow) = try Self.drain(child) { _, cutSoFar in
                    if !server.isRunning { try server.start() }
                    guard kills < 8 || (cut + cutSoFar == 0 && kills < 40) else { return }
                    server.kill9(after: .milliseconds(delay))
                    delay = delay < 256 ? delay * 2 : min(delay * 3 / 2, 2_000)
                    kills += 1
                }
                cut += cutNow
            } while kills < 8 || (cut == 0 && kills < 40)
            try server.settle()
            #expect(kills >= 8)
            // At least once the server died with part of the outbox committed and the rest not.
            #expect(cut >= 1)
            // The parents' scope, the child's and its person's: three epochs.
            try Self.expectExactlyOnce(parent: parent, child: child, records: queued, epochs: endToEnd ? 3 : 0)
            // Sealed at send and opened at the parent, every one of them.
            if endToEnd { #expect(try parent.store.records(.usage).allSatisfy { $0.body.contains("Tux Math") }) }
        }
    }

    @Test("PostgreSQL restarts as after a crash while a device uploads; the server recovers and has every item once",
          .enabled(if: environment["LOCKOUT_TEST_POSTGRES_FAULT_DIR"] != nil && environment["LOCKOUT_TEST_POSTGRES_FAULT_URL"] != nil))
    func postgresRestartedMidLoad() async throws {
        // A cluster of its own (scripts/test.sh starts it): the restart must not cut the other suites' connections.
        let base = try #require(Self.environment["LOCKOUT_TEST_POSTGRES_FAULT_URL"])
        let database = "fault_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try Self.psql(base, "CREATE DATABASE \(database)")
        var url = try #require(URLComponents(string: base))
        url.path = "/\(database)"
        let server = try ServerProcess(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("lockout-fault-\(UUID())"),
                                       database: try #require(url.url).absoluteString)
        try server.start()
        defer { server.kill9() }
        let (parent, child) = try await pairedFamily(server: server.url)
        try await offPool {
            // Ten batches: enough that a restart lands between two of them.
            try Self.queueUsage(child, count: 4_000)
            let restarter = DispatchQueue(label: "lockout.test.restarter")
            let (failed, _) = try Self.drain(child) { round, _ in
                guard round <= 3 else { return }
                // Restarted while this round's batches commit, later each time (100, 200, 400 ms).
                restarter.asyncAfter(deadline: .now() + .milliseconds(50 << round)) { try? Self.restartPostgres() }
            }
            // The restart failed a round (its requests waited for the database, then timed out); whatever the
            // server had committed of it came back as duplicates.
            #expect(failed >= 1)
            try Self.expectExactlyOnce(parent: parent, child: child, records: 4_000)
        }
    }

    static func restartPostgres() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = try ChildProcess(
            repository.appendingPathComponent("scripts/e2e/postgres.sh"), ["restart", try #require(environment["LOCKOUT_TEST_POSTGRES_FAULT_DIR"])]
        )
        #expect(process.waitUntilExit() == .exit(0))
    }

    static func psql(_ url: String, _ sql: String) throws {
        let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/psql"), [url, "-q", "-c", sql], stdout: .null)
        #expect(process.waitUntilExit() == .exit(0))
    }
}
