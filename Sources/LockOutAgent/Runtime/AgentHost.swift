import Foundation
import Logging
import LockOutCore

/// `lockout run`: starts the breaks agent, the local API and the endpoint file, and waits for
/// SIGINT or SIGTERM. Between events the process sleeps: one kernel timer, the API socket and
/// the signal sources are its only wake-up sources.
public struct AgentHost: Sendable {
    private let directory: URL
    private let service: BreakService
    private let clock: ProcessClock
    private let port: Int
    private let environment: [String: String]
    private let logger = Logger(label: "lockout.agent")

    public init(
        directory: URL,
        service: BreakService,
        clock: ProcessClock,
        port: Int = 0,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.directory = directory
        self.service = service
        self.clock = clock
        self.port = port
        self.environment = environment
    }

    /// Runs until a termination signal arrives.
    public func run() async throws {
        if let running = BreakControls.runningAgent(directory: directory) {
            throw AgentHostError.alreadyRunning(pid: running.pid)
        }
        let notifier: any Notifying
        if FreedesktopNotifier.isAvailable(environment: environment),
           let desktop = FreedesktopNotifier(environment: environment) {
            notifier = desktop
            logger.info("desktop notifications through the freedesktop Notifications service")
        } else {
            notifier = TerminalNotifier()
            logger.info("no notification service found: reminders go to this terminal")
        }
        let agent = BreakAgent(service: service, notifier: notifier, timer: DeadlineTimers.system(), clock: clock)
        try await agent.start()

        let token = AgentEndpoint.newToken()
        let api = AgentAPI(agent: agent)
        let server = try HTTPServer(port: port) { request in
            guard AgentEndpoint.isAuthorized(request, token: token) else {
                return HTTPResponse.json(AgentAPI.error(401, "missing or wrong token").body, status: 401)
            }
            let reply = await api.respond(method: request.method.rawValue, path: request.path, body: request.body)
            return HTTPResponse.json(reply.body, status: reply.status)
        }
        let boundPort = server.port
        let endpoint = AgentEndpoint(port: boundPort, token: token, pid: getpid())
        try endpoint.write(to: directory)
        logger.info("agent listening on 127.0.0.1:\(boundPort)", metadata: ["data": "\(directory.path)"])
        if clock.scale != 1 { logger.info("clock runs \(clock.scale) times faster") }

        let signal = await Self.waitForTermination()
        logger.info("received \(signal): stopping")
        server.stop()
        await agent.stop()
        try? AgentEndpoint.remove(from: directory)
    }

    /// Suspends until SIGINT or SIGTERM, without polling.
    private static func waitForTermination() async -> String {
        await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let queue = DispatchQueue(label: "lockout.signals")
            let once = ResumeOnce(continuation)
            var sources: [any DispatchSourceSignal] = []
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { once.resume(name) }
                source.resume()
                sources.append(source)
            }
            once.keep(sources)
        }
    }
}

/// Resumes a continuation once, and keeps the signal sources alive while waiting.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<String, Never>) {
        self.continuation = continuation
    }

    func keep(_ sources: [any DispatchSourceSignal]) {
        lock.withLock { self.sources = sources }
    }

    func resume(_ name: String) {
        let pending = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: name)
    }
}

/// Why the agent could not start.
public enum AgentHostError: Error, CustomStringConvertible {
    case alreadyRunning(pid: Int32)

    public var description: String {
        switch self {
        case .alreadyRunning(let pid): "an agent is already running for this data directory (pid \(pid))"
        }
    }
}
