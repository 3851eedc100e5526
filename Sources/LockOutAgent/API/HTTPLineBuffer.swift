import Foundation

/// Splits a body into lines as its bytes arrive: a line is handed out only once its newline is there.
struct HTTPLineBuffer {
    private var bytes: [UInt8] = []
    /// Where the next line starts.
    private var start = 0
    /// Where to look for the next newline: the bytes before it are known to hold none.
    private var searchFrom = 0

    /// The bytes not handed out yet.
    var pendingCount: Int { bytes.count - start }

    /// Adds bytes that arrived.
    mutating func append(_ arrived: some Collection<UInt8>) {
        if start > 0 {
            bytes.removeFirst(start)
            searchFrom -= start
            start = 0
        }
        bytes.append(contentsOf: arrived)
    }

    /// The next complete line without its "\n" and a "\r" before it, or nil until one is complete.
    mutating func nextLine() -> Data? {
        guard let newline = bytes[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) else {
            searchFrom = bytes.count
            return nil
        }
        var end = newline
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = Data(bytes[start..<end])
        start = newline + 1
        searchFrom = start
        return line
    }

    /// What is left after the last newline, once the body has ended; nil when nothing is.
    mutating func remainder() -> Data? {
        guard start < bytes.count else { return nil }
        var end = bytes.count
        if bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        defer { start = bytes.count; searchFrom = start }
        return Data(bytes[start..<end])
    }
}
