#if os(Linux)
import Dispatch

/// Watches a compositor's event socket with a dispatch read source: the queue wakes only when the
/// compositor writes, and never otherwise. Confined to `queue`.
final class SocketWatch: @unchecked Sendable {
    private let source: any DispatchSourceRead
    private let stream: UnixStream
    private var isCancelled = false

    /// Calls `received` on `queue` with each batch of bytes, and `closed` once when the peer hangs up or
    /// the socket fails (the watch is cancelled by then).
    init(stream: UnixStream, queue: DispatchQueue, received: @escaping @Sendable ([UInt8]) -> Void, closed: @escaping @Sendable (UnixStreamError) -> Void) {
        self.stream = stream
        source = DispatchSource.makeReadSource(fileDescriptor: stream.fd, queue: queue)
        // The descriptor closes only once the source is done with it.
        source.setCancelHandler { stream.close() }
        source.setEventHandler { [weak self] in
            guard let self, !isCancelled else { return }
            do throws(UnixStreamError) {
                while true {
                    let bytes = try stream.readAvailable()
                    if bytes.isEmpty { return }
                    received(bytes)
                    if isCancelled { return }
                }
            } catch {
                cancel()
                closed(error)
            }
        }
        source.activate()
    }

    deinit {
        cancel()
    }

    /// Stops watching and closes the socket.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        source.cancel()
    }
}
#endif
