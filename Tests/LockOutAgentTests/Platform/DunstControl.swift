import Foundation
import LockOutAgent

/// Looks at and drives a dunst through `dunstctl`, for the desktop tests: the session's own
/// (`Dunst.session`), or one on a `PrivateSession`'s bus.
struct Dunst: Sendable {
    /// A notification as dunst's history records it.
    struct Shown {
        let id: UInt32
        let summary: String
        let body: String
        let appName: String
        let category: String
        /// How long it stays, in microseconds; 0 until closed.
        let timeout: Int
    }

    struct CommandFailed: Error {
        let arguments: [String]
        let status: Int32
    }

    /// The environment dunstctl runs in: it reaches the dunst on `DBUS_SESSION_BUS_ADDRESS`.
    let environment: [String: String]

    /// The dunst of the session the tests run in (scripts/e2e/with-desktop.sh).
    static let session = Dunst(environment: ProcessInfo.processInfo.environment)

    /// Closes every shown notification, as if the person dismissed them.
    func closeAll() throws {
        _ = try dunstctl("close-all")
    }

    /// How many notifications are `displayed`, `waiting` or in `history`.
    func count(_ which: String) throws -> Int? {
        Int(try dunstctl("count", which).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Closed notifications, newest first.
    func history() throws -> [Shown] {
        let json = try JSONSerialization.jsonObject(with: Data(try dunstctl("history").utf8))
        let entries = ((json as? [String: Any])?["data"] as? [[[String: Any]]])?.first ?? []
        return entries.compactMap { entry in
            func field(_ name: String) -> Any? { (entry[name] as? [String: Any])?["data"] }
            guard let id = field("id") as? Int else { return nil }
            return Shown(
                id: UInt32(id),
                summary: field("summary") as? String ?? "",
                body: field("body") as? String ?? "",
                appName: field("appname") as? String ?? "",
                category: field("category") as? String ?? "",
                timeout: field("timeout") as? Int ?? -1
            )
        }
    }

    /// What the person sees now, read by closing everything and looking at the history: the notifications
    /// that were displayed, newest first. Leaves the screen empty.
    func takeDisplayed() throws -> [Shown] {
        let before = Set(try history().map(\.id))
        let displayed = try count("displayed") ?? 0
        try closeAll()
        return Array(try history().filter { !before.contains($0.id) }.prefix(displayed))
    }

    /// Opens dunst's context menu with scripts/e2e/choose-action.sh told to pick `choice`, like "3,DONE".
    func invokeAction(_ choice: String) throws {
        let file = environment["LOCKOUT_E2E_CHOICE_FILE"] ?? "/tmp/lockout-e2e-choice"
        try Data((choice + "\n").utf8).write(to: URL(fileURLWithPath: file))
        _ = try dunstctl("context")
    }

    private func dunstctl(_ arguments: String...) throws -> String {
        let output = Pipe()
        let process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["dunstctl"] + arguments, environment: environment, stdout: .pipe(output), stderr: .null
        )
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.waitUntilExit() == .exit(0) else {
            throw CommandFailed(arguments: arguments, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
