import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
@testable import LockOutServer

/// A real server on a free loopback port, run in a service group as `lockout serve` runs it, so that a test can
/// stop it the way SIGTERM does.
final class LiveServer: Sendable {
    let port: Int
    private let group: ServiceGroup
    private let runner: Task<Void, any Error>

    private init(port: Int, group: ServiceGroup, runner: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.runner = runner
    }

    /// Starts a server on `storage`, logging to `logger` (nowhere unless given).
    static func start(
        storage: some FamilyStorage & FamilyChangeFeed, configuration: FamilyServer.Configuration,
        logger: Logger = Logger(label: "lockout.server.test") { _ in SwiftLogNoOpLogHandler() }
    ) async throws -> LiveServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = FamilyServer.application(storage: storage, configuration: configuration, logger: logger) { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let runner = Task { try await group.run() }
        // A server that fails to start ends the wait for its port, and its error is the answer.
        Task {
            _ = await runner.result
            continuation.finish()
        }
        for await port in ports { return LiveServer(port: port, group: group, runner: runner) }
        try await runner.value
        throw CancellationError()
    }

    /// Starts a graceful shutdown, as SIGTERM does; true when the server stopped within `seconds`.
    func stop(within seconds: Double = StopFailure.patience) async -> Bool {
        await group.triggerGracefulShutdown()
        let (outcome, continuation) = AsyncStream<Bool>.makeStream()
        let runner = runner
        Task {
            _ = await runner.result
            continuation.yield(true)
        }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            continuation.yield(false)
        }
        for await stopped in outcome { return stopped }
        return false
    }

    /// Runs `body` against a server on `family`'s storage and stops it after; fails when it does not stop.
    static func with<T: Sendable>(
        _ family: HTTPFamily, _ configuration: FamilyServer.Configuration,
        logger: Logger = Logger(label: "lockout.server.test") { _ in SwiftLogNoOpLogHandler() }, _ body: (Int) async throws -> T
    ) async throws -> T {
        let server = try await start(storage: family.storage, configuration: configuration, logger: logger)
        let result: Result<T, any Error>
        do { result = .success(try await body(server.port)) } catch { result = .failure(error) }
        guard await server.stop() else { throw StopFailure() }
        return try result.get()
    }

    struct StopFailure: Error, CustomStringConvertible {
        /// Generous: a server that hangs never stops, and a loaded test machine stretches a quick stop to many seconds.
        static let patience = 60.0
        var description: String { "the server did not stop within \(Int(Self.patience)) s of a graceful shutdown" }
    }
}

/// Requests as raw text.
enum RawRequest {
    static func get(_ path: String, token: String? = nil) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (token.map { "Authorization: Bearer \($0)\r\n" } ?? "") + "\r\n"
    }
}
