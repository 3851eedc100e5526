import Foundation
import Hummingbird
import LockOutCore

/// A Hummingbird hello-world on the port given as the first argument: the family server's load benchmark
/// measures it in the same run, on the same machine, as the yardstick of its requests per second.
///
/// Beside it, the floors under the family server's requests — what its routes cost before they do any work
/// of their own (no authentication, no storage):
/// - `POST /v1/mutations` reads the body, decodes it as the family server does and answers each mutation as
///   applied: LockOut's JSON on the framework; with `body` as the second argument it only reads the body
///   and answers a fixed text: the framework's own cost of a request of that size.
/// - `GET /v1/devices` answers a child's registration encoded as the family server encodes it.
let arguments = CommandLine.arguments.dropFirst()
let port = arguments.first.flatMap(Int.init) ?? 8080
let bodyOnly = arguments.dropFirst().first == "body"
let router = Router()
router.get("/") { _, _ in "Hello, world!" }
router.post("/v1/mutations") { request, _ -> Response in
    var request = request
    let buffer = try await request.collectBody(upTo: 1 << 20)
    let data: Data
    if bodyOnly {
        data = Data("{\"results\":[]}".utf8)
    } else {
        let push = try SyncJSON.decoder().decode(SyncAPI.Push.self, from: Data(buffer.readableBytesView))
        // As the server answers each applied mutation: with its commit number.
        let results = push.mutations.enumerated().map { SyncAPI.MutationResult(id: $1.id, status: .applied, seq: Int64(1_000 + $0), reason: nil) }
        data = try SyncJSON.encoder().encode(SyncAPI.PushResult(results: results))
    }
    return json(data)
}
let child = RegisteredDevice(deviceID: DeviceID(rawValue: UUID()), deviceName: "Kitchen tablet", deviceType: .childDevice,
                             childName: "Ada", parentDeviceID: DeviceID(rawValue: UUID()),
                             registrationDate: Date(timeIntervalSince1970: 1_795_000_000), lastSyncDate: Date(), isActive: true)
router.get("/v1/devices") { _, _ -> Response in
    json(try SyncJSON.encoder().encode(SyncAPI.Devices(devices: [child])))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()

/// An answer with the family server's headers.
func json(_ data: Data) -> Response {
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
             body: .init(byteBuffer: ByteBuffer(bytes: data)))
}

