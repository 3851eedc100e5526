import Foundation

/// The xcconfig check over the workflows (`.github/workflows/*.yml`): a file passed to `xcodebuild` with `-xcconfig`
/// (or named by `XCODE_XCCONFIG_FILE`), and a `NAME=value` argument, set build settings for every target of the
/// build, the package targets included — and Xcode builds remote packages with `-suppress-warnings`, so a
/// `SWIFT_TREAT_WARNINGS_AS_ERRORS` there stops the first of them with "conflicting options", and a
/// `SWIFT_VERSION` or a compiler flag changes how packages compile. Such files (with every file they `#include`)
/// may set signing alone; the rest belongs to LockOut's own targets (`project.yml`, `Config/Base.xcconfig`).
///
/// The workflows' paths are resolved as on the runner: relative to the repository, `${{ github.workspace }}`,
/// `$GITHUB_WORKSPACE` and the `env:` of the workflow, job and step expanded. A path into the repository's `Apps/`
/// is read from the checked directory, which stands for it.
struct XcconfigCheck {
    /// The checked directory.
    let root: URL
    let repository: URL
    /// The repository's `Apps/`, for which the checked directory stands.
    let standsFor: URL

    /// What a file passed with `-xcconfig` may set: signing, which a package target takes harmlessly.
    static let signingSettings: Set<String> = [
        "CODE_SIGNING_ALLOWED", "CODE_SIGNING_REQUIRED", "CODE_SIGN_IDENTITY", "CODE_SIGN_STYLE", "DEVELOPMENT_TEAM",
        "PROVISIONING_PROFILE_SPECIFIER", "PROVISIONING_PROFILE", "AD_HOC_CODE_SIGNING_ALLOWED",
    ]
    static let workflowsFolder = ".github/workflows"

    func run() -> [Finding] {
        let folder = repository.appendingPathComponent(Self.workflowsFolder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var findings: [Finding] = []
        for name in names.sorted() where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            let path = Self.workflowsFolder + "/" + name
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
            do {
                if let workflow = try YAMLValue.parse(text) { findings += check(workflow, path: path) }
            } catch {
                findings.append(
                    Finding(
                        path: path, line: 1, column: 1, rule: .xcconfig, message: "not YAML: \(error)", base: .repository))
            }
        }
        return findings.sorted()
    }

    // MARK: The workflow

    private func check(_ workflow: YAMLValue, path: String) -> [Finding] {
        func at(_ position: YAMLValue.Position, _ message: String) -> Finding {
            Finding(
                path: path, line: position.line, column: position.column, rule: .xcconfig, message: message,
                base: .repository)
        }
        var findings: [Finding] = []
        let workflowEnvironment = environment(workflow["env"], over: [:])
        for job in workflow["jobs"]?.entries ?? [] {
            let jobEnvironment = environment(job.value["env"], over: workflowEnvironment)
            for step in job.value["steps"]?.items ?? [] {
                let stepEnvironment = environment(step["env"], over: jobEnvironment)
                let directory = step["working-directory"]?.string.flatMap { expand($0, stepEnvironment) }
                // XCODE_XCCONFIG_FILE in the environment acts as -xcconfig on every xcodebuild of the step.
                if let file = step["env"]?["XCODE_XCCONFIG_FILE"] ?? job.value["env"]?["XCODE_XCCONFIG_FILE"]
                    ?? workflow["env"]?["XCODE_XCCONFIG_FILE"], step["run"] != nil
                {
                    findings += xcconfig(
                        file.string.flatMap { expand($0, stepEnvironment) }, written: file.string ?? "", directory: directory,
                        passedIn: path, at: { at(file.position, $0) })
                }
                guard let run = step["run"], let script = run.string else { continue }
                let expanded = Self.expandExpressions(script, stepEnvironment, repository: repository.path)
                for command in Self.commands(expanded) where command.contains(where: { $0.text == "xcodebuild" }) {
                    var index = 0
                    while index < command.count {
                        let word = command[index]
                        if word.text == "-xcconfig", index + 1 < command.count {
                            let argument = command[index + 1]
                            let value = argument.expanded(stepEnvironment, repository: repository.path)
                            findings += xcconfig(
                                value, written: argument.text, directory: directory, passedIn: path,
                                at: { at(run.position, $0) })
                            index += 2
                            continue
                        }
                        if let setting = Self.settingName(ofArgument: word.text), !Self.signingSettings.contains(setting) {
                            findings.append(
                                at(run.position, "xcodebuild is given \(setting) on the command line: " + Self.why(setting)))
                        }
                        index += 1
                    }
                }
            }
        }
        return findings
    }

    /// `env:` entries over the outer ones, `${{ … }}` expanded.
    private func environment(_ node: YAMLValue?, over outer: [String: String]) -> [String: String] {
        var values = outer
        for entry in node?.entries ?? [] {
            if let value = entry.value.string {
                values[entry.key] = Self.expandExpressions(value, outer, repository: repository.path)
            }
        }
        return values
    }

    /// A whole value with `$NAME` and `${NAME}` expanded; nil when one is unknown.
    private func expand(_ text: String, _ environment: [String: String]) -> String? {
        Word(text: text).expanded(environment, repository: repository.path)
    }

    /// The workflow's expressions: `${{ github.workspace }}` and `${{ env.NAME }}`; others are left as written.
    static func expandExpressions(_ text: String, _ environment: [String: String], repository: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if expression == "github.workspace" {
                result += repository
            } else if expression.hasPrefix("env."), let value = environment[String(expression.dropFirst(4))] {
                result += value
            } else {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The reasons a setting must not reach the package targets.
    static func why(_ setting: String) -> String {
        let fix = "set it on LockOut's own targets (project.yml, Config/Base.xcconfig)"
        if setting.hasSuffix("_TREAT_WARNINGS_AS_ERRORS") {
            return "it reaches every package target, which Xcode builds with -suppress-warnings (conflicting options); \(fix)"
        }
        if ["SWIFT_", "GCC_", "CLANG_", "OTHER_", "WARNING_"].contains(where: setting.hasPrefix) {
            return "a compiler setting, it reaches every package target; \(fix)"
        }
        return "not a signing setting, it reaches every package target; keep the command line to signing and \(fix)"
    }

    /// `NAME=value` or `NAME[sdk=…]=value` as an xcodebuild argument: the setting's name.
    static func settingName(ofArgument argument: String) -> String? {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        var name = argument[..<equals]
        if let bracket = name.firstIndex(of: "[") { name = name[..<bracket] }
        guard let first = name.first, first.isUppercase || first == "_",
            name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(name)
    }

    // MARK: The xcconfig files

    /// The findings of the xcconfig `value` names (nil: it could not be resolved), with every file it includes.
    private func xcconfig(
        _ value: String?, written: String, directory: String?, passedIn workflow: String,
        at place: (String) -> Finding
    ) -> [Finding] {
        guard let value, !value.contains("${{") else {
            return [place("cannot tell which file -xcconfig \(written) names: use a path, $GITHUB_WORKSPACE or env:")]
        }
        let base = directory.map { repository.appendingPathComponent($0, isDirectory: true) } ?? repository
        let url = value.hasPrefix("/") ? URL(fileURLWithPath: value) : base.appendingPathComponent(value)
        let file = located(url.standardizedFileURL)
        guard FileManager.default.fileExists(atPath: file.path) else {
            return [place("-xcconfig \(written) names \(value), which does not exist")]
        }
        var visited: Set<String> = []
        return settings(in: file, chain: [], passedIn: workflow, visited: &visited)
    }

    /// A file of the repository's `Apps/` in the checked directory instead.
    private func located(_ url: URL) -> URL {
        let prefix = standsFor.standardizedFileURL.path + "/"
        guard url.path.hasPrefix(prefix) else { return url }
        return root.appendingPathComponent(String(url.path.dropFirst(prefix.count)))
    }

    /// Where a finding in `url` points, and relative to what.
    private func place(of url: URL) -> (path: String, base: Finding.Base) {
        let path = url.standardizedFileURL.path
        for (folder, base) in [(root, Finding.Base.apps), (repository, .repository)] {
            let prefix = folder.standardizedFileURL.path + "/"
            if path.hasPrefix(prefix) { return (String(path.dropFirst(prefix.count)), base) }
        }
        return (path, .repository)
    }

    private func settings(in url: URL, chain: [String], passedIn workflow: String, visited: inout Set<String>) -> [Finding] {
        let (path, base) = place(of: url)
        guard visited.insert(url.path).inserted, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let through =
            (chain.isEmpty ? "" : ", included from \(chain.reversed().joined(separator: " ← "))")
            + ", passed with -xcconfig in \(workflow)"
        var findings: [Finding] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            // `//` starts a comment anywhere in an xcconfig line.
            let content = (raw.range(of: "//").map { raw[..<$0.lowerBound] } ?? raw).trimmingCharacters(in: .whitespaces)
            let column = raw.count - raw.drop(while: { $0 == " " || $0 == "\t" }).count + 1
            if content.hasPrefix("#include") {
                let optional = content.hasPrefix("#include?")
                guard let open = content.firstIndex(of: "\""), let close = content.lastIndex(of: "\""), open < close else {
                    continue  // `#include <…>` names a file of the developer directory
                }
                let included = String(content[content.index(after: open)..<close])
                let target =
                    (included.hasPrefix("/")
                    ? URL(fileURLWithPath: included) : url.deletingLastPathComponent().appendingPathComponent(included))
                    .standardizedFileURL
                if FileManager.default.fileExists(atPath: target.path) {
                    findings += settings(in: target, chain: chain + [path], passedIn: workflow, visited: &visited)
                } else if !optional {
                    findings.append(
                        Finding(
                            path: path, line: line, column: column, rule: .xcconfig,
                            message: "includes \(included), which does not exist\(through)", base: base))
                }
                continue
            }
            guard let setting = Self.settingName(ofAssignment: content), !Self.signingSettings.contains(setting) else {
                continue
            }
            findings.append(
                Finding(
                    path: path, line: line, column: column, rule: .xcconfig,
                    message: "\(setting) in a file xcodebuild is given with -xcconfig\(through): " + Self.why(setting),
                    base: base))
        }
        return findings
    }

    /// `NAME = value` or `NAME[sdk=…] = value` in an xcconfig: the setting's name.
    static func settingName(ofAssignment line: String) -> String? {
        guard let equals = line.firstIndex(of: "=") else { return nil }
        var name = line[..<equals].trimmingCharacters(in: .whitespaces)[...]
        if let bracket = name.firstIndex(of: "[") { name = name[..<bracket] }
        guard let first = name.first, first.isLetter || first == "_",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(name)
    }

    // MARK: Shell words

    /// One shell word: its text without quotes, and as written, for expansion.
    struct Word {
        let text: String
        let raw: String

        init(text: String, raw: String? = nil) {
            self.text = text
            self.raw = raw ?? text
        }

        /// The word with `$NAME`, `${NAME}` and `$GITHUB_WORKSPACE` expanded outside single quotes; nil when a
        /// variable is unknown.
        func expanded(_ environment: [String: String], repository: String) -> String? {
            var values = environment
            values["GITHUB_WORKSPACE"] = values["GITHUB_WORKSPACE"] ?? repository
            var result = ""
            var characters = Array(raw)[...]
            var inSingle = false
            var inDouble = false
            while let character = characters.popFirst() {
                switch character {
                case "'" where !inDouble: inSingle.toggle()
                case "\"" where !inSingle: inDouble.toggle()
                case "\\" where !inSingle:
                    if let next = characters.popFirst() { result.append(next) }
                case "$" where !inSingle:
                    var name = ""
                    if characters.first == "{" {
                        characters.removeFirst()
                        while let next = characters.popFirst(), next != "}" { name.append(next) }
                    } else {
                        while let next = characters.first, next.isLetter || next.isNumber || next == "_" {
                            name.append(next)
                            characters.removeFirst()
                        }
                    }
                    guard !name.isEmpty, let value = values[name] else { return nil }
                    result += value
                default: result.append(character)
                }
            }
            return result
        }
    }

    /// The simple commands of a script, as words: backslash-newlines joined, `#` comments dropped, split at
    /// newlines, `;`, `&&`, `||` and `|`.
    static func commands(_ script: String) -> [[Word]] {
        var commands: [[Word]] = []
        var words: [Word] = []
        var text = ""
        var raw = ""
        var inWord = false
        var inSingle = false
        var inDouble = false
        func endWord() {
            if inWord { words.append(Word(text: text, raw: raw)) }
            text = ""
            raw = ""
            inWord = false
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(words) }
            words = []
        }
        var characters = Array(script)[...]
        while let character = characters.popFirst() {
            if inSingle {
                raw.append(character)
                if character == "'" { inSingle = false } else { text.append(character) }
                continue
            }
            if inDouble {
                raw.append(character)
                if character == "\"" {
                    inDouble = false
                } else if character == "\\", let next = characters.popFirst() {
                    raw.append(next)
                    text.append(next)
                } else {
                    text.append(character)
                }
                continue
            }
            switch character {
            case "\\":
                if characters.first == "\n" {
                    characters.removeFirst()
                    endWord()
                } else if let next = characters.popFirst() {
                    raw += "\\" + String(next)
                    text.append(next)
                    inWord = true
                }
            case "'":
                inSingle = true
                inWord = true
                raw.append(character)
            case "\"":
                inDouble = true
                inWord = true
                raw.append(character)
            case "#" where !inWord:
                while let next = characters.first, next != "\n" { characters.removeFirst() }
            case "\n", ";": endCommand()
            case "&", "|":
                if characters.first == character { characters.removeFirst() }
                endCommand()
            case " ", "\t": endWord()
            default:
                text.append(character)
                raw.append(character)
                inWord = true
            }
        }
        endCommand()
        return commands
    }
}
