import Foundation
import LockOutCore

/// The notifications an agent has outstanding — each request, and where it is on screen — kept in a
/// small JSON file next to the database, so nothing is lost when the agent is killed (SIGKILL, a
/// crash): the next one decides per request whether to show it again, in place of the old one, or
/// to close it.
///
/// Writes are atomic (a new file renamed over the old) and skipped when nothing changed. Used from
/// one queue at a time.
final class NotificationLedger: @unchecked Sendable {
    /// One outstanding notification.
    struct Entry: Codable, Hashable, Sendable {
        /// What was asked to be shown.
        let request: NotificationRequest
        /// The unique bus name of the notification server showing it; nil while it is on no desktop.
        let server: String?
        /// The server's id for it; nil while it is on no desktop.
        let serverID: UInt32?
    }

    /// The file's layout; `version` changes when the layout does.
    private struct Contents: Codable, Equatable {
        static let currentVersion = 2
        let version: Int
        let notifications: [Entry]
    }

    /// Why the file could not be read.
    struct UnreadableError: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "\(path) could not be read: \(reason)" }
    }

    let url: URL
    /// What the file holds as far as this ledger knows; nil until read or written.
    private var written: [Entry]?

    /// A ledger in `url`; nothing is read or written until asked.
    init(url: URL) {
        self.url = url
    }

    /// What the last agent left, in its order; empty when there is no file.
    func load() throws(UnreadableError) -> [Entry] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UnreadableError(path: url.path, reason: "\(error.localizedDescription)")
        }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            guard contents.version == Contents.currentVersion else {
                throw UnreadableError(path: url.path, reason: "layout version \(contents.version), expected \(Contents.currentVersion)")
            }
            written = contents.notifications
            return contents.notifications
        } catch let error as UnreadableError {
            throw error
        } catch {
            throw UnreadableError(path: url.path, reason: "not a notification ledger (\(error))")
        }
    }

    /// Replaces the file's content with `entries`, unless it already holds exactly that.
    func save(_ entries: [Entry]) throws {
        guard entries != written else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Contents(version: Contents.currentVersion, notifications: entries))
        try data.write(to: url, options: .atomic)
        written = entries
    }
}
