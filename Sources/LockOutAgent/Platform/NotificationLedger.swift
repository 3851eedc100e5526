import Foundation

/// The server ids of the notifications an agent has on screen, kept in a small JSON file next to the
/// database, so an agent that was killed (SIGKILL, a crash) leaves nothing behind: the next one
/// replaces a notification it shows again in place, and closes the rest.
///
/// Writes are atomic (a new file renamed over the old); a missing or unreadable file reads as empty.
final class NotificationLedger: @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()
    /// What the file holds as far as this ledger knows; nil until read or written.
    private var written: [String: UInt32]?

    /// A ledger in `url`; nothing is read or written until asked.
    init(url: URL) {
        self.url = url
    }

    /// What the last agent left: request id → server id.
    func load() -> [String: UInt32] {
        guard let data = try? Data(contentsOf: url),
              let entries = try? JSONDecoder().decode([String: UInt32].self, from: data)
        else { return [:] }
        lock.withLock { written = entries }
        return entries
    }

    /// Replaces the file's content with `entries`, unless it already holds exactly that.
    func save(_ entries: [String: UInt32]) {
        lock.withLock {
            guard entries != written else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            guard let data = try? encoder.encode(entries) else { return }
            do {
                try data.write(to: url, options: .atomic)
                written = entries
            } catch {
                // A ledger that can't be written only costs the cleanup after a crash.
            }
        }
    }
}
