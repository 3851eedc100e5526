import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LockOutCore
import Logging
import ServiceLifecycle

/// The family API, v1. Each handler parses, calls storage once, and maps the result; authorization
/// happens inside the storage call.
struct FamilyRoutes: Sendable {
    let storage: any FamilyStorage & FamilyChangeFeed
    let notifier: ChangeNotifier
    let metrics: ServerMetrics
    let configuration: FamilyServer.Configuration
    let logger: Logger
    let authentication = AuthenticationCache()

    typealias Handler = @Sendable (Request, ServerContext) async throws -> Response

    /// Every route: its path, method and handler. The router gets them all, and `RequestGuard` answers a method a
    /// path does not have with 405 and the ones it has.
    var routes: [(path: String, method: HTTPRequest.Method, handler: Handler)] {
        [
            ("/healthz", .get, { _, _ in try await health() }),
            ("/metrics", .get, { _, _ in text(metrics.text(), type: "text/plain; version=0.0.4; charset=utf-8") }),
            ("/openapi.yaml", .get, { _, _ in text(OpenAPIDocument.yaml, type: "application/yaml; charset=utf-8") }),
            ("/v1/families", .post, createFamily),
            ("/v1/pairings", .post, createPairing),
            ("/v1/pairings/redeem", .post, redeem),
            ("/v1/mutations", .post, push),
            ("/v1/changes", .get, changes),
            ("/v1/events", .get, events),
            ("/v1/devices", .get, devices),
            ("/v1/devices/:id", .patch, rename),
            ("/v1/devices/:id", .delete, deleteDevice),
            ("/v1/devices/:id/revoke", .post, revoke),
            ("/v1/keys", .get, keys),
            ("/v1/keys", .put, setKeys),
            ("/v1/epochs", .post, commitEpoch),
            ("/v1/family", .delete, deleteFamily),
        ]
    }

    func register(on router: Router<ServerContext>) {
        let routes = routes
        router.add(middleware: RequestGuard(metrics: metrics, logger: logger, methods: RouteMethods(routes.map { ($0.path, $0.method) })))
        for route in routes {
            router.on(RouterPath(route.path), method: route.method) { request, context in try await route.handler(request, context) }
        }
    }

    // MARK: - Families and pairing

    func createFamily(_ request: Request, _ context: ServerContext) async throws -> Response {
        try limitOpen(context)
        let body = try await decode(SyncAPI.CreateFamily.self, request)
        let name = try DeviceIdentity.validName(body.deviceName)
        guard body.mode != .childDevice else {
            throw APIError(.badRequest, code: "invalid", "a family starts with a parent or a personal device")
        }
        let token = Secrets.random(bytes: 32)
        let first = SyncAPI.CreateFamily(deviceID: body.deviceID, deviceName: name, mode: body.mode)
        let caller = try await storage.createFamily(id: FamilyID(rawValue: UUID()), first: first, tokenHash: Self.hash(token), now: configuration.now())
        logger.info("family created", metadata: ["family": "\(caller.family)", "device": "\(caller.device)"])
        return try json(SyncAPI.Credentials(familyID: caller.family, deviceID: caller.device, token: token), status: .created)
    }

    func createPairing(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let body = try await decode(SyncAPI.CreatePairing.self, request)
        let childName = try body.childName.map { name in
            guard body.mode == .childDevice else {
                throw APIError(.badRequest, code: "invalid", "only a child's device is paired with a child name")
            }
            return try DeviceIdentity.validName(name)
        }
        if let welcome = body.welcome {
            guard welcome.utf8.count <= PairingWelcome.maximumText, welcome.hasPrefix(PairingWelcome.prefix),
                  Base64URL.decode(String(welcome.dropFirst(PairingWelcome.prefix.count))) != nil
            else {
                throw APIError(.badRequest, code: "invalid",
                               "a welcome is '\(PairingWelcome.prefix)' and base64url, at most \(PairingWelcome.maximumText) bytes")
            }
        }
        let secret = Secrets.random(bytes: 24)
        let now = configuration.now()
        let expiresAt = now + PairingSecret.lifetime
        try await storage.createPairing(
            caller: caller, mode: body.mode, childName: childName, welcome: body.welcome, secretHash: Self.hash(secret), expiresAt: expiresAt, now: now
        )
        let payload = PairingPayload(server: try publicURL(request), family: caller.family, secret: secret)
        return try json(SyncAPI.Pairing(secret: secret, mode: body.mode, expiresAt: expiresAt, payload: payload.text), status: .created)
    }

    func redeem(_ request: Request, _ context: ServerContext) async throws -> Response {
        try limitOpen(context)
        let body = try await decode(SyncAPI.Redeem.self, request)
        let name = try DeviceIdentity.validName(body.deviceName)
        guard let secret = Base64URL.decode(body.secret), secret.count >= PairingSecret.minimumBytes else {
            throw APIError.from(StorageRefusal.pairingInvalid)
        }
        // Kept with the device's keys (a redeem without keys keeps none).
        if let sealed = body.sealedName {
            guard sealed.hasPrefix(PairingKey.namePrefix),
                  Base64URL.decode(String(sealed.dropFirst(PairingKey.namePrefix.count)))?.count == PairingKey.sealedNameBytes
            else {
                throw APIError(.badRequest, code: "bad_sealed_name",
                               "sealedName is a device name sealed with the code's pairing key: n1. and \(PairingKey.sealedNameBytes) bytes in base64url")
            }
        }
        let token = Secrets.random(bytes: 32)
        let redeem = SyncAPI.Redeem(familyID: body.familyID, secret: body.secret, deviceID: body.deviceID, deviceName: name, mode: body.mode,
                                    publicKeys: body.publicKeys, pairingProof: body.pairingProof, sealedName: body.sealedName)
        let (caller, welcome) = try await storage.redeem(redeem, secretHash: Self.hash(body.secret), tokenHash: Self.hash(token),
                                                         now: configuration.now())
        logger.info("device paired", metadata: ["family": "\(caller.family)", "device": "\(caller.device)", "mode": "\(caller.mode.rawValue)"])
        // The roster and the key directory changed: the parents see the new device, and every device a new parent's keys.
        notifier.publish(FamilyPoke(family: caller.family, seq: 0, writer: caller.device,
                                    reach: .init(writerMode: caller.mode, keys: .device(caller.mode))))
        return try json(SyncAPI.Credentials(familyID: caller.family, deviceID: caller.device, token: token, welcome: welcome), status: .created)
    }

    // MARK: - Sync

    func push(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let body = try await decode(SyncAPI.Push.self, request)
        guard !body.mutations.isEmpty else { throw APIError(.badRequest, code: "empty_batch", "the batch has no mutations") }
        guard body.mutations.count <= SyncAPI.maximumBatch else {
            throw APIError(.contentTooLarge, code: "batch_too_large",
                           "a batch holds at most \(SyncAPI.maximumBatch) mutations (got \(body.mutations.count))")
        }
        let (results, poke): ([SyncAPI.MutationResult], FamilyPoke?)
        do {
            (results, poke) = try await storage.push(caller: caller, mutations: body.mutations, now: configuration.now(), limits: configuration.storageLimits)
        } catch let refusal as StorageRefusal {
            if case .storageFull(let scope, let limit) = refusal {
                logger.warning("storage limit reached", metadata: [
                    "device": "\(caller.device)", "family": "\(caller.family)", "scope": "\(scope.rawValue)", "limit": "\(limit)",
                ])
            }
            throw refusal
        }
        for status in [SyncAPI.MutationResult.Status.applied, .duplicate, .rejected] {
            metrics.mutations(status.rawValue, count: results.filter { $0.status == status }.count)
        }
        for result in results where result.status == .rejected {
            logger.notice("mutation refused", metadata: [
                "device": "\(caller.device)", "family": "\(caller.family)", "mutation": "\(result.id)", "reason": "\(result.reason ?? "")",
            ])
        }
        if let poke, !storage.deliversOwnCommits { notifier.publish(poke) }
        return try json(SyncAPI.PushResult(results: results))
    }

    func changes(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        guard let since = ChangeToken.position(request.uri.queryParameters.get("since")) else {
            throw APIError(.badRequest, code: "bad_token", "since must be a token this server gave")
        }
        var limit = SyncAPI.maximumPage
        if let text = request.uri.queryParameters.get("limit") {
            guard let value = Self.decimal(text), (1...SyncAPI.maximumPage).contains(value) else {
                throw APIError(.badRequest, code: "bad_limit", "limit must be 1…\(SyncAPI.maximumPage)")
            }
            limit = value
        }
        let page = try await storage.changes(caller: caller, since: since.seq, limit: limit, resuming: since.resuming)
        return try json(SyncAPI.Changes(changes: page.changes, token: page.token, moreComing: page.moreComing, resync: page.resync))
    }

    func events(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let subscription = notifier.subscribe(caller)
        // A device that hangs up ends its stream at once, not at the next heartbeat that fails to reach it.
        context.connectionClosed.whenComplete { _ in subscription.end() }
        metrics.streams(notifier.streamCount)
        let storage = storage
        let body = ResponseBody { writer in
            // The first line tells the client the stream is open: it pulls once, then waits for pokes.
            try await writer.write(ByteBuffer(string: "retry: 5000\nevent: ready\ndata: {}\n\n"))
            // A shutdown (SIGTERM) ends every stream, so that the server stops instead of waiting for them.
            try await withGracefulShutdownHandler {
                for await event in subscription.events {
                    switch event {
                    case .changed(let seq):
                        guard (try? await storage.isActive(caller)) == true else { return }
                        try await writer.write(ByteBuffer(string: "event: changed\ndata: {\"seq\":\(seq)}\n\n"))
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    }
                }
            } onGracefulShutdown: {
                subscription.end()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: "text/event-stream", .cacheControl: "no-store", HTTPField.Name("X-Accel-Buffering")!: "no",
        ], body: body)
    }

    // MARK: - Devices and the family

    func devices(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        return try json(SyncAPI.Devices(devices: try await storage.devices(caller: caller, now: configuration.now())))
    }

    func rename(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let device = try deviceParameter(context)
        let body = try await decode(SyncAPI.Rename.self, request)
        let name = try DeviceIdentity.validName(body.name)
        return try json(try await storage.renameDevice(caller: caller, device: device, name: name, now: configuration.now()))
    }

    func revoke(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let device = try deviceParameter(context)
        // The body is optional: without one, each scope the device was in waits for a parent to rotate it.
        let rotations = try await decodeIfPresent(SyncAPI.Revoke.self, request)?.rotations ?? []
        let poke = try await storage.revokeDevice(caller: caller, device: device, rotations: rotations, now: configuration.now())
        authentication.forget(family: caller.family, device: device)
        notifier.end(family: caller.family, device: device)
        if !storage.deliversOwnCommits { notifier.publish(poke) }
        logger.notice("device revoked", metadata: [
            "family": "\(caller.family)", "device": "\(device)", "by": "\(caller.device)",
            "rotated": "\(rotations.map { "\($0.scope)@\($0.epoch)" }.joined(separator: ","))",
        ])
        return Response(status: .noContent)
    }

    func deleteDevice(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let device = try deviceParameter(context)
        let poke = try await storage.deleteDevice(caller: caller, device: device, now: configuration.now())
        authentication.forget(family: caller.family, device: device)
        notifier.end(family: caller.family, device: device)
        if !storage.deliversOwnCommits { notifier.publish(poke) }
        logger.notice("device deleted", metadata: ["family": "\(caller.family)", "device": "\(device)", "by": "\(caller.device)"])
        return Response(status: .noContent)
    }

    // MARK: - Keys

    func keys(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        return try json(try await storage.keys(caller: caller))
    }

    func setKeys(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let keys = try await decode(DevicePublicKeys.self, request)
        try await storage.setPublicKeys(caller: caller, keys: keys, now: configuration.now())
        return Response(status: .noContent)
    }

    func commitEpoch(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        let commit = try await decode(EpochCommit.self, request)
        let poke = try await storage.commitEpoch(caller: caller, commit: commit, now: configuration.now())
        if !storage.deliversOwnCommits { notifier.publish(poke) }
        logger.notice("epoch committed", metadata: [
            "family": "\(caller.family)", "scope": "\(commit.scope)", "epoch": "\(commit.epoch)", "by": "\(caller.device)",
        ])
        return try json(SyncAPI.EpochCommitted(scope: commit.scope, epoch: commit.epoch), status: .created)
    }

    func deleteFamily(_ request: Request, _ context: ServerContext) async throws -> Response {
        let caller = try await authenticate(request, context)
        try await storage.deleteFamily(caller: caller)
        authentication.forget(family: caller.family)
        notifier.end(family: caller.family)
        logger.notice("family deleted", metadata: ["family": "\(caller.family)", "by": "\(caller.device)"])
        return Response(status: .noContent)
    }

    func health() async throws -> Response {
        do {
            try await storage.ping()
            return try json(["status": "ok"])
        } catch {
            logger.error("health check failed", metadata: ["error": "\(error)"])
            throw APIError(.serviceUnavailable, code: "storage_unavailable", "the storage does not answer")
        }
    }
}
