import Foundation

/// Where an X display listens on this machine, from `$DISPLAY`: only local displays, whose socket is
/// `/tmp/.X11-unix/X<number>`; a display over TCP (`host:10`) is not one the agent measures.
struct X11Display: Equatable, Sendable {
    /// The display's number: `0` in `:0.0`.
    let number: Int

    /// The Unix socket the server listens on.
    var socketPath: String { "/tmp/.X11-unix/X\(number)" }

    /// Reads `:0`, `:0.0`, `unix:0`, `unix/:0`; nil for a remote or malformed display.
    init?(_ display: String) {
        guard let colon = display.lastIndex(of: ":") else { return nil }
        let host = display[..<colon]
        guard host.isEmpty || host == "unix" || host == "unix/" else { return nil }
        let rest = display[display.index(after: colon)...]
        let digits = rest.prefix(while: { $0 != "." })
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
        self.number = number
    }
}

/// One entry of an X authority file: which display it is for and the cookie that opens it.
struct X11AuthorityEntry: Equatable, Sendable {
    /// `FamilyLocal`: a display on the host named by `address`.
    static let localFamily: UInt16 = 256
    /// `FamilyWild`: any host.
    static let wildFamily: UInt16 = 65535
    /// The one authorization method the sensor speaks.
    static let magicCookie = "MIT-MAGIC-COOKIE-1"

    let family: UInt16
    let address: [UInt8]
    /// The display number as text; empty for every display.
    let number: String
    let name: String
    let data: [UInt8]

    /// The entries of an authority file: each field a big-endian 16-bit length and its bytes
    /// (family, address, number, name, data). Reading stops at the first incomplete entry.
    static func entries(in file: [UInt8]) -> [X11AuthorityEntry] {
        var entries: [X11AuthorityEntry] = []
        var offset = 0
        func field() -> [UInt8]? {
            guard offset + 2 <= file.count else { return nil }
            let length = Int(file[offset]) << 8 | Int(file[offset + 1])
            guard offset + 2 + length <= file.count else { return nil }
            defer { offset += 2 + length }
            return Array(file[(offset + 2)..<(offset + 2 + length)])
        }
        while offset + 2 <= file.count {
            let family = UInt16(file[offset]) << 8 | UInt16(file[offset + 1])
            offset += 2
            guard let address = field(), let number = field(), let name = field(), let data = field() else { break }
            entries.append(X11AuthorityEntry(
                family: family, address: address, number: String(decoding: number, as: UTF8.self),
                name: String(decoding: name, as: UTF8.self), data: data
            ))
        }
        return entries
    }

    /// The cookie for local display `number` on host `hostname`: an entry of this host, else a wildcard
    /// one, for this display or for every display; nil when none fits (the server may need none).
    static func cookie(in entries: [X11AuthorityEntry], display number: Int, hostname: String) -> [UInt8]? {
        let fitting = entries.filter { entry in
            entry.name == magicCookie && !entry.data.isEmpty
                && (entry.number == String(number) || entry.number.isEmpty)
                && (entry.family == localFamily || entry.family == wildFamily)
        }
        let host = Array(hostname.utf8)
        return (fitting.first { $0.family == localFamily && $0.address == host } ?? fitting.first { $0.family == wildFamily })?.data
    }

    /// The authority file the environment names: `$XAUTHORITY`, else `~/.Xauthority`.
    static func path(in environment: [String: String]) -> String? {
        if let path = environment["XAUTHORITY"], !path.isEmpty { return path }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.Xauthority" }
        return nil
    }

    /// The cookie for `display` from the environment's authority file, if any fits.
    static func cookie(for display: X11Display, environment: [String: String]) -> [UInt8]? {
        guard let path = path(in: environment), let data = FileManager.default.contents(atPath: path) else { return nil }
        return cookie(in: entries(in: Array(data)), display: display.number, hostname: hostname())
    }

    /// This machine's name as `gethostname` gives it: what a local entry's address holds. Not
    /// `ProcessInfo.hostName`, which may ask DNS for a canonical name.
    static func hostname() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
