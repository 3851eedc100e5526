import Foundation
import LockOutCore
import Logging
import PostgresNIO

/// The family server's storage in PostgreSQL, for several server instances behind a load balancer:
/// the same schema and the same decisions as the SQLite storage, and LISTEN/NOTIFY so that a commit made
/// through any instance pokes the event streams of all of them.
public final class PostgresFamilyStorage: FamilyStorage, Sendable {
    static let channel = "lockout_changes"
    /// The connection pool, for maintenance queries (creating a schema, a backup check).
    public let client: PostgresClient
    let logger: Logger
    /// What a push reads of the family's epochs, remembered (`EpochMembers`).
    let epochMembers = EpochMembers()
    private let runner: Task<Void, Never>

    /// Connects to the server `url` names (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`, `?sslmode=require`
    /// for TLS) and migrates the schema; `schema` puts the tables in another schema than `public`, and
    /// `applicationName` names the connections in `pg_stat_activity`.
    public init(
        url: String, schema: String? = nil, applicationName: String = "lockout-serve",
        logger: Logger = Logger(label: "lockout.server.postgres")
    ) async throws {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw StorageLocationError.badURL(url)
        }
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS = switch mode {
        case "require", "verify-full", "verify-ca": .require(.makeClientConfiguration())
        case "prefer": .prefer(.makeClientConfiguration())
        default: .disable
        }
        let database = components.path.count > 1 ? String(components.path.dropFirst()) : nil
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password?.removingPercentEncoding, database: database, tls: tls
        )
        configuration.options.maximumConnections = 40
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        if let schema { configuration.options.additionalStartupParameters.append(("search_path", schema)) }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        runner = Task { await client.run() }
        do {
            try await migrate()
        } catch {
            runner.cancel()
            throw error
        }
    }

    deinit { runner.cancel() }

    /// Closes the connections.
    public func close() { runner.cancel() }

    /// Creates the schema once: under an advisory lock, so two instances starting together do not race.
    func migrate() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7160501)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS lockout_migrations (id TEXT PRIMARY KEY, appliedAt DOUBLE PRECISION NOT NULL)", logger: logger)
            let applied = try await connection.query("SELECT id FROM lockout_migrations", logger: logger)
            var done: Set<String> = []
            for try await id in applied.decode(String.self) { done.insert(id) }
            for (id, statements) in ServerSchema.migrations(.postgres) where !done.contains(id) {
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO lockout_migrations (id, appliedAt) VALUES (\(id), \(Date().timeIntervalSince1970))", logger: logger)
            }
        }
    }

    public func ping() async throws {
        try await client.query("SELECT 1", logger: logger)
    }

    /// Runs `body` in a transaction, again on a serialization failure or a deadlock (a few times).
    func transaction<T: Sendable>(_ body: @escaping (PostgresConnection) async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            } catch let error as PostgresTransactionError {
                let underlying = error.closureError ?? error.commitError ?? error.beginError
                if let refusal = underlying as? StorageRefusal { throw refusal }
                attempt += 1
                guard attempt < 5, Self.isRetryable(underlying) else { throw Self.mapped(underlying ?? error) }
            }
        }
    }

    /// A serialization failure, a deadlock, or a mutation id committed by a concurrent push of the same
    /// mutation (run again, the push finds it and answers `duplicate`).
    static func isRetryable(_ error: (any Error)?) -> Bool {
        guard let error = error as? PSQLError, let code = error.serverInfo?[.sqlState] else { return false }
        return code == "40001" || code == "40P01" || (code == "23505" && error.serverInfo?[.constraintName] == "mutation_pkey")
    }

    /// A unique violation on a device id (two registrations at once) is a refusal, not a failure.
    static func mapped(_ error: any Error) -> any Error {
        if let error = error as? PSQLError, error.serverInfo?[.sqlState] == "23505", error.serverInfo?[.constraintName] == "device_pkey" {
            return StorageRefusal.deviceExists
        }
        return error
    }
}
