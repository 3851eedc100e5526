import Foundation

/// Where LockOut keeps its data on disk, following the XDG base directory layout.
public enum DataLocation {
    /// `$XDG_DATA_HOME/lockout`, or `$HOME/.local/share/lockout` when XDG_DATA_HOME is unset or not absolute.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent("lockout", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/lockout", isDirectory: true)
    }

    /// The database file inside a data directory: `dir/lockout.sqlite`.
    public static func databaseURL(in directory: URL) -> URL {
        directory.appendingPathComponent("lockout.sqlite", isDirectory: false)
    }
}
