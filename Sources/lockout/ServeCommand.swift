import ArgumentParser
import Foundation
import LockOutCore
import LockOutServer
import LockOutStore
import Logging

/// `lockout serve`: the family sync server.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the family sync server: SQLite in the data directory by default, or PostgreSQL for several instances.",
        discussion: "See docs/server.md for running it for a family, TLS, backups and restores."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "A SQLite file (default: server.sqlite in the data directory) or postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
    var db: String?

    @Option(help: "The address to listen on (default 127.0.0.1: put a TLS reverse proxy in front for other machines; see docs/server.md).")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (default 8443; 0 for any free port).")
    var port: Int = 8443

    @Option(help: "The URL devices reach this server at, put in pairing codes (default: http:// and the Host the parent used).")
    var publicURL: String?

    @Option(help: "Days of usage history kept (30...3650, default 400).")
    var retentionDays: Int = 400

    @Option(help: "Requests a second each device may make, sustained (default 2; bursts of 60 times that).")
    var deviceRate: Double = 2

    @Option(help: "Requests a second from one address without a token — creating families, redeeming pairings (default 0.17).")
    var openRate: Double = 1.0 / 6

    @Option(help: "Connections served at once; more wait unanswered until one closes (default 512).")
    var maxConnections: Int = 512

    @Option(help: "Seconds a connection may sit with no request under way before it is closed (default 30).")
    var idleTimeout: Int = 30

    @Option(help: "Seconds a request's header may take once its first byte is in (default 10).")
    var headerTimeout: Int = 10

    @Option(help: "Seconds a request's body may take once its header is in (default 60).")
    var bodyTimeout: Int = 60

    @Option(help: "MiB of records one device may store on the server (default 32).")
    var deviceStorage: Int = 32

    @Option(help: "MiB of records one family may store on the server, all its devices together (default 256).")
    var familyStorage: Int = 256

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard FamilyServer.retentionRange.contains(retentionDays) else { throw ValidationError("--retention-days must be 30...3650") }
        if let db { _ = try StorageLocation(parsing: db) }
        if let publicURL { _ = try ServerAddress.validated(publicURL) }
        guard deviceRate > 0, deviceRate <= 10_000, openRate > 0, openRate <= 10_000 else {
            throw ValidationError("--device-rate and --open-rate must be above 0 and at most 10000")
        }
        guard FamilyServer.connectionRange.contains(maxConnections) else { throw ValidationError("--max-connections must be 1...65536") }
        for (name, seconds) in [("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout)] {
            guard (1...3600).contains(seconds) else { throw ValidationError("\(name) must be 1...3600 seconds") }
        }
        guard (1...1_048_576).contains(deviceStorage), (1...1_048_576).contains(familyStorage) else {
            throw ValidationError("--device-storage and --family-storage must be 1...1048576 MiB")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = global.dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataLocation.defaultDirectory(environment: environment)
        let location = try reportingErrors {
            try db.map { try StorageLocation(parsing: $0) } ?? .sqlite(path: directory.appendingPathComponent("server.sqlite").path)
        }
        var configuration = FamilyServer.Configuration(
            host: host, port: port, retentionDays: retentionDays,
            openLimiter: RateLimiter(capacity: max(10, openRate * 60), perSecond: openRate),
            deviceLimiter: RateLimiter(capacity: max(10, deviceRate * 60), perSecond: deviceRate)
        )
        configuration.publicURL = try reportingErrors { try publicURL.map { try ServerAddress.validated($0) } }
        configuration.maximumConnections = maxConnections
        configuration.idleTimeout = .seconds(idleTimeout)
        configuration.headerTimeout = .seconds(headerTimeout)
        configuration.bodyTimeout = .seconds(bodyTimeout)
        configuration.storageLimits = StorageLimits(deviceBytes: deviceStorage << 20, familyBytes: familyStorage << 20)
        let logger = Logger(label: "lockout.server")
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do { try await FamilyServer.run(location: location, configuration: configuration, logger: logger) } catch { failure.error = "\(error)" }
            done.signal()
        }
        done.wait()
        if let error = failure.error {
            FileHandle.standardError.write(Data("lockout: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

private final class FailureBox: @unchecked Sendable {
    var error: String?
}
