import Hummingbird
import LockOutCore
import NIOCore

/// The per-request context: Hummingbird's core storage, the peer's address for rate limits, and the
/// device the bearer token named once `Authenticator` has run.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connecting peer's IP address (the proxy's, behind a reverse proxy).
    public let peer: String
    /// The authenticated device.
    public var caller: Caller?
    /// Completes when the connection closes: an event stream ends then, not at its next write.
    let connectionClosed: EventLoopFuture<Void>

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "unknown"
        connectionClosed = source.channel.closeFuture
    }

    /// Bodies above this are refused with 413 before they are read whole.
    public var maxUploadSize: Int { FamilyServer.maximumBodyBytes }

    /// The authenticated caller, or a 401 when the route forgot to require one.
    func requireCaller() throws -> Caller {
        guard let caller else { throw APIError(.unauthorized, code: "unauthenticated", "a bearer token is needed") }
        return caller
    }
}
