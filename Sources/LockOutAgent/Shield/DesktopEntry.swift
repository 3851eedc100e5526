import Foundation

/// Reads which program a `.desktop` file launches, from the `Exec=` key of its `[Desktop Entry]` group
/// (Desktop Entry Specification 1.5, "The Exec key").
///
/// The program is the first word after unquoting, past an `env` prefix with its `NAME=value` assignments and
/// options. `flatpak run` entries give the program of their `--command=` option. Entries whose program is a
/// shell or an interpreter (`sh -c …`, `python3 app.py`) name no program of their own: the process the
/// shield would see is the interpreter, and blocking every Python program is not what a person asked for.
enum DesktopEntry {
    /// Programs whose name says nothing about the app they run.
    static let interpreters: Set<String> = [
        "sh", "bash", "dash", "zsh", "fish", "ksh", "csh", "tcsh",
        "python", "python2", "python3", "perl", "ruby", "node", "java", "gjs", "mono", "wine", "xdg-open",
    ]

    /// The file name of the program `contents` launches; nil when there is none or it is an interpreter.
    static func executableName(in contents: String) -> String? {
        guard let exec = execValue(in: contents) else { return nil }
        return program(in: arguments(ofExec: exec))
    }

    /// The raw value of `Exec` in the `[Desktop Entry]` group, with the string escapes (`\s`, `\\`, …) undone.
    static func execValue(in contents: String) -> String? {
        value(of: "Exec", in: contents)
    }

    /// The value of `key` in `group` (the same syntax serves D-Bus service files' `[D-BUS Service]`), with the
    /// string escapes undone; the first one found.
    static func value(of key: String, group: String = "Desktop Entry", in contents: String) -> String? {
        values(inGroup: group, of: contents)[key]
    }

    /// The unlocalized keys of `group` and their values (the first of each), with the string escapes undone.
    /// Lines are found with `memchr` and localized keys (`Name[de]=`, most of a large entry) are skipped after
    /// their first bytes, so a file costs little more than reading it.
    static func values(inGroup group: String, of contents: String) -> [String: String] {
        let header = Array("[\(group)]".utf8)
        var bytes = Array(contents.utf8)
        bytes.append(UInt8(ascii: "\n"))
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [:] }
            var values: [String: String] = [:]
            var inGroup = false
            var start = 0
            while start < buffer.count, let newline = memchr(base + start, 0x0A, buffer.count - start) {
                let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                defer { start = end + 1 }
                while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
                guard start < end, buffer[start] != UInt8(ascii: "#") else { continue }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if line[0] == UInt8(ascii: "[") {
                    if inGroup { break }  // the group is over
                    inGroup = line.starts(with: header)
                    continue
                }
                guard inGroup, let equals = line.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "[") }),
                      line[equals] == UInt8(ascii: "=")
                else { continue }
                let key = String(decoding: line[..<equals], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                guard values[key] == nil else { continue }
                let value = String(decoding: line[(equals + 1)...], as: UTF8.self)
                values[key] = unescapeString(value.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return values
        }
    }

    /// Splits an `Exec` value into words: double quotes group, and inside them a backslash escapes `"`, `` ` ``,
    /// `$` and `\`. Field codes (`%U`, `%f`, …) are dropped; `%%` is a literal `%`.
    static func arguments(ofExec exec: String) -> [String] {
        var words: [String] = []
        var word = ""
        var hasWord = false
        var quoted = false
        var characters = exec.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"":
                quoted.toggle()
                hasWord = true
            case "\\" where quoted:
                if let escaped = characters.next() { word.append(escaped) }
            case " " where !quoted, "\t" where !quoted:
                if hasWord { words.append(word) }
                word = ""
                hasWord = false
            default:
                word.append(character)
                hasWord = true
            }
        }
        if hasWord { words.append(word) }
        return words.compactMap(expandFieldCodes)
    }

    /// The program among `words`: past `env` and its assignments and options, through `flatpak run --command=`.
    static func program(in words: [String]) -> String? {
        var rest = words[...]
        if let first = rest.first, ProcFile.basename(first) == "env" {
            rest = rest.dropFirst()
            while let word = rest.first, word.hasPrefix("-") || word.contains("=") {
                // `-u NAME` and `-C DIR` take the next word too.
                rest = rest.dropFirst(["-u", "--unset", "-C", "--chdir"].contains(word) ? 2 : 1)
            }
        }
        guard let first = rest.first else { return nil }
        let name = ProcFile.basename(first)
        if name == "flatpak" {
            let option = "--command="
            guard let command = rest.first(where: { $0.hasPrefix(option) }) else { return nil }
            return nonInterpreter(ProcFile.basename(String(command.dropFirst(option.count))))
        }
        return nonInterpreter(name)
    }

    private static func nonInterpreter(_ name: String) -> String? {
        name.isEmpty || interpreters.contains(name) ? nil : name
    }

    /// A word with its field codes removed; nil when it was a field code alone (`%U`).
    private static func expandFieldCodes(_ word: String) -> String? {
        guard word.contains("%") else { return word }
        var result = ""
        var characters = word.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            if let code = characters.next(), code == "%" { result.append("%") }
        }
        return result.isEmpty ? nil : result
    }

    /// Undoes the escapes of a desktop-file string value: `\s` space, `\n`, `\t`, `\r`, `\\`.
    private static func unescapeString(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var characters = value.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let next = characters.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\\\")  // stays escaped for the Exec quoting rules
            default: result.append("\\"); result.append(next)
            }
        }
        return result
    }
}

/// Finds desktop files by id in `$XDG_DATA_HOME/applications` (default `~/.local/share`) and then in each
/// `$XDG_DATA_DIRS/applications` (default `/usr/local/share:/usr/share`), the first found winning.
///
/// Ids are looked up as file names only; the older form where `-` stands for a subfolder
/// (`kde4-foo.desktop` in `applications/kde4/`) is not followed.
struct DesktopFileResolver: Sendable {
    /// The `applications` folders, in search order.
    let directories: [String]

    /// Resolves against the data folders named by `environment`, with `home` for the defaults.
    init(environment: [String: String], home: String) {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let dataDirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        let all = [dataHome] + dataDirs.split(separator: ":").map(String.init)
        directories = all.filter { !$0.isEmpty }.map { $0 + "/applications" }
    }

    /// The program the desktop file `id` launches (`.desktop` is added when missing); nil when no such file
    /// exists or it names no program of its own.
    func executableName(forDesktopID id: String) -> String? {
        guard !id.isEmpty, !id.contains("/"), id != ".", id != ".." else { return nil }
        let file = id.hasSuffix(".desktop") ? id : id + ".desktop"
        for directory in directories {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
            return DesktopEntry.executableName(in: String(decoding: data, as: UTF8.self))
        }
        return nil
    }
}
