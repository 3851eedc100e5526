import Foundation

/// Where `lockout serve` keeps its data: a SQLite file (the default, in the data directory) or a
/// PostgreSQL server named by a `postgres://` URL.
public enum StorageLocation: Equatable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// Reads `--db`: a `postgres://` or `postgresql://` URL, else a file path.
    public init(parsing text: String) throws(StorageLocationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            guard let components = URLComponents(string: trimmed), components.host?.isEmpty == false else { throw .badURL(trimmed) }
            self = .postgres(url: trimmed)
        } else if trimmed.contains("://") {
            throw .badURL(trimmed)
        } else {
            self = .sqlite(path: trimmed)
        }
    }

    /// Where, without a password.
    public var description: String {
        switch self {
        case .sqlite(let path): return "SQLite \(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "PostgreSQL" }
            if components.password != nil { components.password = "…" }
            return "PostgreSQL \(components.string ?? "")"
        }
    }
}

/// Why `--db` was refused.
public enum StorageLocationError: Error, Equatable, CustomStringConvertible {
    case empty
    case badURL(String)

    public var description: String {
        switch self {
        case .empty: "--db is empty: give a file path or postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        case .badURL(let text): "'\(text)' is not a database: give a file path or postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        }
    }
}
