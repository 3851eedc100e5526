import Foundation
import Hummingbird
import HummingbirdCore
import LockOutCore
import Logging
import NIOCore

/// `lockout serve`: the family sync server on Hummingbird 2, over SQLite or PostgreSQL.
public enum FamilyServer {
    /// Request bodies above this are refused with 413.
    public static let maximumBodyBytes = 8 * 1024 * 1024

    /// What a server runs with.
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// The URL devices reach the server at, for pairing codes; nil: `http://` and the request's Host.
        public var publicURL: URL?
        /// Usage history (usage records and day summaries) is kept this many days.
        public var retentionDays: Int
        /// How often an open event stream gets a comment line, so proxies keep it open.
        public var heartbeat: Duration
        /// Unauthenticated requests (create a family, redeem a pairing) per peer.
        public var openLimiter: RateLimiter
        /// Authenticated requests per device.
        public var deviceLimiter: RateLimiter
        /// A request's header must be whole this long after its first byte.
        public var headerTimeout: Duration = .seconds(10)
        /// A request's body must be whole this long after its header.
        public var bodyTimeout: Duration = .seconds(60)
        /// A connection with no request under way is closed after this long.
        public var idleTimeout: Duration = .seconds(30)
        /// Connections served at once; more wait, unanswered, until one closes.
        public var maximumConnections = 512
        /// What one device and one family may store.
        public var storageLimits = StorageLimits.standard
        /// The clock: tests pass a fixed one.
        public var now: @Sendable () -> Date

        /// A configuration with LockOut's defaults.
        public init(
            host: String = "127.0.0.1", port: Int = 8443, publicURL: URL? = nil, retentionDays: Int = 400,
            heartbeat: Duration = .seconds(60),
            openLimiter: RateLimiter = RateLimiter(capacity: 10, perSecond: 1.0 / 6),
            deviceLimiter: RateLimiter = RateLimiter(capacity: 120, perSecond: 2),
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.host = host
            self.port = port
            self.publicURL = publicURL
            self.retentionDays = retentionDays
            self.heartbeat = heartbeat
            self.openLimiter = openLimiter
            self.deviceLimiter = deviceLimiter
            self.now = now
        }
    }

    /// Connections served at once: 1…65536.
    public static let connectionRange = 1...65_536

    /// Retention is 30…3650 days.
    public static let retentionRange = 30...3650

    /// The application: routes, middleware, and the services that prune, beat the streams' heartbeat and
    /// listen for other instances' commits. `onRunning` hears the bound port.
    public static func application(
        storage: some FamilyStorage & FamilyChangeFeed,
        configuration: Configuration,
        logger: Logger = Logger(label: "lockout.server"),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let notifier = ChangeNotifier()
        let metrics = ServerMetrics()
        let routes = FamilyRoutes(storage: storage, notifier: notifier, metrics: metrics, configuration: configuration, logger: logger)
        let router = Router(context: ServerContext.self)
        routes.register(on: router)
        let background = ServerBackground(storage: storage, notifier: notifier, metrics: metrics, configuration: configuration, logger: logger)
        let timeouts = ConnectionDeadlines.Timeouts(
            header: TimeAmount(configuration.headerTimeout), body: TimeAmount(configuration.bodyTimeout), idle: TimeAmount(configuration.idleTimeout)
        )
        return Application(
            router: router,
            server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, timeouts: timeouts, logger: logger) },
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "LockOut",
                availableConnectionsDelegate: .maximum(configuration.maximumConnections, logger: logger)
            ),
            services: [background],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }
}
