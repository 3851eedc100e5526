import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import LockOutRuntime

/// The agent's local API: checks the bearer token, routes a request to the agent, and maps the result
/// to a status and a JSON body.
///
/// - `GET /v1/status` → `DashboardScreen`
/// - `GET /v1/status/follow` → what a status bar shows, as a stream of `StatusBarSnapshot`s, one JSON object per
///   line, each one differing from the one before
/// - `GET /v1/settings` → `BreakSettings`
/// - `GET /v1/presence` → `PresenceReport`: whether time away counts as breaks, the sources that tell it
/// - `POST /v1/commands` with a `BreakCommand` → `DashboardScreen`
/// - `GET /v1/focus` → `FocusScreen`
/// - `POST /v1/focus/commands` with a `FocusCommand` → `FocusScreen`
/// - `GET /v1/focus/follow` → the live status as a stream of `LiveStatusLine`s, one JSON object per line
/// - `POST /v1/tasks/commands` with a `TaskCommand` → `TaskRow`
/// - `GET /v1/gate` → `GateScreen`
/// - `POST /v1/gate/commands` with a `GateCommand` → `GateScreen`, after the health reads it asked for
/// - `GET /v1/rewards` → `RewardsScreen`
/// - `POST /v1/rewards/commands` with a `RewardsRequest` → `RewardsScreen` (settings need the parent PIN)
/// - `POST /v1/rewards/pin` with a `PINRequest` → `RewardsScreen`
/// - `POST /v1/rewards/pin/check` with a `PINRequest` → `RewardsScreen` when the PIN is right (wrong tries count)
/// - `POST /v1/rewards/history` with `{"days": N}` → `RewardsHistory`
/// - `POST /v1/family/sync` → `SyncRoundReport`: a family sync round now (after a membership changed, too)
/// - `POST /v1/web/login` with `{"next": "/schedule"}` → `WebLogin`: a one-time link that opens the web app signed in
/// - a refused command → 400 with `{"error": …}`; a missing or wrong token → 401; an unknown path → 404; a wrong method → 405
///
/// Before a request gets here, `HTTPServer` has checked its Host, size and timing (see `HTTPRefusal`).
public struct AgentAPI: Sendable {
    private let agent: DeviceAgent
    private let token: String
    private let familySync: FamilySyncRunner?
    private let web: WebSessions?
    private let naturalBreaks: @Sendable () -> Bool

    public init(
        agent: DeviceAgent, token: String, familySync: FamilySyncRunner? = nil, web: WebSessions? = nil,
        naturalBreaks: @escaping @Sendable () -> Bool = { true }
    ) {
        self.agent = agent
        self.token = token
        self.familySync = familySync
        self.web = web
        self.naturalBreaks = naturalBreaks
    }

    private static let routes: [String: HTTPMethod] = [
        "/v1/status": .GET, "/v1/status/follow": .GET, "/v1/settings": .GET, "/v1/presence": .GET, "/v1/commands": .POST,
        "/v1/focus": .GET, "/v1/focus/commands": .POST, "/v1/focus/follow": .GET, "/v1/tasks/commands": .POST,
        "/v1/gate": .GET, "/v1/gate/commands": .POST, "/v1/family/sync": .POST,
        "/v1/web/login": .POST,
        "/v1/rewards": .GET, "/v1/rewards/commands": .POST, "/v1/rewards/pin": .POST, "/v1/rewards/pin/check": .POST,
        "/v1/rewards/history": .POST,
    ]

    /// Answers one request.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard AgentEndpoint.isAuthorized(request, token: token) else {
            return Self.error(401, "missing or wrong token")
        }
        guard let method = Self.routes[request.path] else {
            return Self.error(404, "no such endpoint: \(request.path)")
        }
        guard request.method == method else {
            return Self.error(405, "method \(request.method) is not allowed on \(request.path)")
        }
        switch request.path {
        case "/v1/status":
            return await reply { try await agent.dashboard() }
        case "/v1/settings":
            return await reply { try await agent.settings() }
        case "/v1/presence":
            let natural = naturalBreaks()
            return await reply { await agent.presenceReport(naturalBreaks: natural) }
        case "/v1/commands":
            guard let command = decode(BreakCommand.self, from: request) else { return Self.error(400, "the body is not a break command") }
            return await reply { try await agent.perform(command) }
        case "/v1/focus":
            return await reply { try await agent.focusScreen() }
        case "/v1/focus/commands":
            guard let command = decode(FocusCommand.self, from: request) else { return Self.error(400, "the body is not a focus command") }
            return await reply { try await agent.perform(command) }
        case "/v1/tasks/commands":
            guard let command = decode(TaskCommand.self, from: request) else { return Self.error(400, "the body is not a task command") }
            return await reply { try await agent.perform(command) }
        case "/v1/gate":
            return await reply { try await agent.gateScreen() }
        case "/v1/gate/commands":
            guard let command = decode(GateCommand.self, from: request) else { return Self.error(400, "the body is not a gate command") }
            return await reply { try await agent.perform(command) }
        case "/v1/rewards":
            return await reply { try await agent.rewardsScreen() }
        case "/v1/rewards/commands":
            guard let body = decode(RewardsRequest.self, from: request) else { return Self.error(400, "the body is not a rewards command") }
            return await reply { try await agent.perform(body.command, pin: body.pin) }
        case "/v1/rewards/pin":
            guard let body = decode(PINRequest.self, from: request) else { return Self.error(400, "the body is not {\"pin\": \"1357\"}") }
            return await reply { try await agent.setParentPIN(body.pin, old: body.old) }
        case "/v1/rewards/pin/check":
            guard let body = decode(PINRequest.self, from: request) else { return Self.error(400, "the body is not {\"pin\": \"1357\"}") }
            return await reply {
                try await agent.checkParentPIN(body.pin)
                return try await agent.rewardsScreen()
            }
        case "/v1/rewards/history":
            guard let body = decode(RewardsHistoryRequest.self, from: request) else { return Self.error(400, "the body is not {\"days\": 7}") }
            return await reply {
                let (ledger, usage) = try await agent.rewardsHistory(days: body.days)
                return RewardsHistory(ledger: ledger, usage: usage)
            }
        case "/v1/family/sync":
            guard let familySync else { return Self.error(404, "this agent runs without family sync") }
            return await reply { SyncRoundReport(await familySync.syncNowAsync()) }
        case "/v1/web/login":
            guard let web else { return Self.error(404, "this agent serves no web app") }
            guard let login = decode(WebLoginRequest.self, from: request) else { return Self.error(400, "the body is not {\"next\": \"/page\"}") }
            guard login.next == nil || login.next.flatMap(WebPage.init(path:)) != nil else {
                let pages = WebPage.allCases.map(\.path).joined(separator: ", ")
                return Self.error(400, "no page \(login.next ?? ""): the pages are \(pages)")
            }
            // The server let through only its own Host, so the link names the address the client reached.
            let host = request.headers.first(name: "Host") ?? "127.0.0.1"
            let code = web.newLoginCode()
            let next = login.next ?? WebPage.dashboard.path
            return await reply { WebLogin(url: "http://\(host)/login?code=\(code)&next=\(next)") }
        case "/v1/status/follow":
            return await followStatusBar()
        default:
            return await follow()
        }
    }

    /// Streams the status-bar snapshots until the client goes away.
    private func followStatusBar() async -> HTTPResponse {
        let id = UUID()
        let agent = agent
        let stream = HTTPBodyStream(onCancel: {
            Task(executorPreference: agent.executor) { await agent.unfollowStatusBar(id: id) }
        })
        await agent.followStatusBar(id: id) { snapshot in
            guard let line = try? AgentJSON.encoder(pretty: false).encode(snapshot) else { return }
            stream.send(line + Data("\n".utf8))
        }
        return .stream(stream)
    }

    /// Streams the live status until the client goes away.
    private func follow() async -> HTTPResponse {
        let id = UUID()
        let agent = agent
        let stream = HTTPBodyStream(onCancel: {
            Task(executorPreference: agent.executor) { await agent.unfollow(id: id) }
        })
        await agent.follow(id: id) { update in
            guard let line = try? AgentJSON.encoder(pretty: false).encode(LiveStatusLine(update)) else { return }
            stream.send(line + Data("\n".utf8))
        }
        return .stream(stream)
    }

    private func decode<Command: Decodable>(_ type: Command.Type, from request: HTTPRequest) -> Command? {
        try? AgentJSON.decoder().decode(type, from: request.body)
    }

    private func reply(_ work: () async throws -> some Encodable) async -> HTTPResponse {
        do {
            return HTTPResponse.json(try AgentJSON.encoder().encode(try await work()))
        } catch let error as BreakInputError {
            return Self.error(400, error.description)
        } catch let error as FocusInputError {
            return Self.error(400, error.description)
        } catch let error as FocusDataError {
            return Self.error(400, error.description)
        } catch let error as GateInputError {
            return Self.error(400, error.description)
        } catch let error as RewardsInputError {
            return Self.error(400, error.description)
        } catch {
            return Self.error(500, "\(error)")
        }
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        .error(status, message)
    }
}

/// What `POST /v1/web/login` takes: the page to land on, the Dashboard when nil.
public struct WebLoginRequest: Codable, Sendable {
    public let next: String?

    public init(next: String?) {
        self.next = next
    }
}

/// What `POST /v1/web/login` answers: a link that works once, for two minutes.
public struct WebLogin: Codable, Sendable {
    public let url: String
}

/// One line of the live-status stream: `{"state":"running","status":{…}}`, or `{"state":"stopped"}` when the session ended.
public struct LiveStatusLine: Codable, Hashable, Sendable {
    /// `running`, `paused` or `stopped`.
    public let state: String
    /// The status; nil when stopped.
    public let status: LiveStatus?

    /// The line for `update`.
    public init(_ update: LiveStatusUpdate) {
        switch update {
        case .publish(let status):
            state = status.isRunning ? "running" : "paused"
            self.status = status
        case .end:
            state = "stopped"
            status = nil
        }
    }

    /// The update this line carries.
    public var update: LiveStatusUpdate {
        status.map(LiveStatusUpdate.publish) ?? .end
    }
}
