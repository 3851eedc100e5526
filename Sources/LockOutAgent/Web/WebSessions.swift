import Foundation
import Synchronization

/// Who may use the web app: a browser that redeemed a one-time login link (`lockout open`) holds a
/// session cookie; its forms carry the session's anti-forgery token.
///
/// A login link works once, for `loginLifetime`; a session lasts while the agent runs. Both are random
/// 256-bit values compared in constant time. Sessions live in memory only: a restarted agent asks for
/// `lockout open` again. At most `maximumSessions` are kept, the least recently used dropped first.
public final class WebSessions: Sendable {
    /// A browser's session.
    public struct Session: Sendable, Equatable {
        /// The cookie's value.
        public let id: String
        /// What every form of this session must send back in its `csrf` field.
        public let csrfToken: String
    }

    /// How long a login link may wait to be opened.
    public static let loginLifetime: TimeInterval = 120
    /// How many sessions are kept at once.
    public static let maximumSessions = 32
    /// The session cookie's name.
    public static let cookieName = "lockout_session"

    private struct State {
        var logins: [String: Date] = [:]
        var sessions: [String: (session: Session, lastUsed: Date)] = [:]
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Date
    private let newSecret: @Sendable () -> String

    public init(now: @escaping @Sendable () -> Date, newSecret: @escaping @Sendable () -> String = AgentEndpoint.newToken) {
        self.now = now
        self.newSecret = newSecret
    }

    /// A new one-time login code.
    public func newLoginCode() -> String {
        let code = newSecret()
        let now = now()
        state.withLock { state in
            state.logins = state.logins.filter { now.timeIntervalSince($0.value) < Self.loginLifetime }
            state.logins[code] = now
        }
        return code
    }

    /// The new session a login code opens, or nil when the code is unknown, used or expired.
    public func redeem(_ code: String) -> Session? {
        let now = now()
        let session = Session(id: newSecret(), csrfToken: newSecret())
        return state.withLock { state -> Session? in
            guard let key = state.logins.keys.first(where: { AgentEndpoint.constantTimeEquals(Array($0.utf8), Array(code.utf8)) }),
                  let issued = state.logins.removeValue(forKey: key), now.timeIntervalSince(issued) < Self.loginLifetime
            else { return nil }
            if state.sessions.count >= Self.maximumSessions,
               let oldest = state.sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                state.sessions.removeValue(forKey: oldest)
            }
            state.sessions[session.id] = (session, now)
            return session
        }
    }

    /// The session a request's `Cookie` header names, or nil.
    public func session(cookieHeader: String?) -> Session? {
        guard let id = Self.cookieValue(cookieHeader, name: Self.cookieName) else { return nil }
        let now = now()
        return state.withLock { state -> Session? in
            guard let key = state.sessions.keys.first(where: { AgentEndpoint.constantTimeEquals(Array($0.utf8), Array(id.utf8)) }),
                  let entry = state.sessions[key] else { return nil }
            state.sessions[key] = (entry.session, now)
            return entry.session
        }
    }

    /// The `Set-Cookie` value for `session`: HttpOnly, SameSite=Strict, for the whole app, gone when the browser closes.
    public static func setCookie(_ session: Session) -> String {
        "\(cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict"
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func cookieValue(_ header: String?, name: String) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
