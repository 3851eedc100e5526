import Foundation

/// Looks at and drives the session's dunst through `dunstctl`, for the desktop tests.
enum Dunst {
    /// A notification as dunst's history records it.
    struct Shown {
        let id: UInt32
        let summary: String
        let body: String
        let appName: String
        let category: String
    }

    struct CommandFailed: Error {
        let arguments: [String]
        let status: Int32
    }

    /// Closes every shown notification, as if the person dismissed them.
    static func closeAll() throws {
        _ = try dunstctl("close-all")
    }

    /// How many notifications are `displayed`, `waiting` or in `history`.
    static func count(_ which: String) throws -> Int? {
        Int(try dunstctl("count", which).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Closed notifications, newest first.
    static func history() throws -> [Shown] {
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
                category: field("category") as? String ?? ""
            )
        }
    }

    /// Opens dunst's context menu with scripts/e2e/choose-action.sh told to pick `choice`, like "3,DONE".
    static func invokeAction(_ choice: String) throws {
        let environment = ProcessInfo.processInfo.environment
        let file = environment["LOCKOUT_E2E_CHOICE_FILE"] ?? "/tmp/lockout-e2e-choice"
        try Data((choice + "\n").utf8).write(to: URL(fileURLWithPath: file))
        _ = try dunstctl("context")
    }

    private static func dunstctl(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dunstctl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailed(arguments: arguments, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
