import Hummingbird

/// A Hummingbird hello-world on the port given as the first argument: the family server's load benchmark
/// measures it in the same run, on the same machine, as the yardstick of its requests per second.
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
let router = Router()
router.get("/") { _, _ in "Hello, world!" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
