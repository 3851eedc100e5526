import AppCheck
import Foundation

// lockout-appcheck --symbol-graphs DIR [--repository DIR] [APPS]
// Prints each finding as `path:line:col: rule: message` (paths as APPS/relative, or REPOSITORY/relative for the
// workflows and other files outside the apps' directory), then one line per rule; exits 1 when any rule found
// something, 2 when it could not check. The local packages project.yml links are read with `swift package
// dump-package`; the workflows are REPOSITORY/.github/workflows/*.yml.

let usage = "usage: lockout-appcheck --symbol-graphs DIR [--repository DIR] [APPS]"
var arguments = Array(CommandLine.arguments.dropFirst())
var symbolGraphs: String?
var repository: String?
var appsPath: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--symbol-graphs", "--repository":
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("lockout-appcheck: \(argument) needs a directory\n\(usage)\n".utf8))
            exit(2)
        }
        if argument == "--symbol-graphs" { symbolGraphs = arguments.removeFirst() } else { repository = arguments.removeFirst() }
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        guard appsPath == nil, !argument.hasPrefix("-") else {
            FileHandle.standardError.write(Data("lockout-appcheck: unexpected argument \(argument)\n\(usage)\n".utf8))
            exit(2)
        }
        appsPath = argument
    }
}
guard let symbolGraphs else {
    FileHandle.standardError.write(Data("lockout-appcheck: --symbol-graphs is required\n\(usage)\n".utf8))
    exit(2)
}
let apps = appsPath ?? "Apps"
let appsURL = URL(fileURLWithPath: apps)
let repositoryURL = repository.map { URL(fileURLWithPath: $0) } ?? appsURL.standardizedFileURL.deletingLastPathComponent()

do {
    let check = try AppCheck.load(apps: appsURL, symbolGraphs: URL(fileURLWithPath: symbolGraphs), repository: repositoryURL)
    let results = check.run()
    let prefix = apps.hasSuffix("/") ? apps : apps + "/"
    // Paths relative to the repository as given (none for the current directory).
    let repositoryPrefix =
        repository.map { $0 == "." || $0 == "./" ? "" : $0.hasSuffix("/") ? $0 : $0 + "/" } ?? prefix + "../"
    for rule in Rule.allCases {
        for finding in results[rule] ?? [] {
            print((finding.base == .apps ? prefix : repositoryPrefix) + finding.description)
        }
    }
    for rule in Rule.allCases {
        let count = results[rule]?.count ?? 0
        print("\(rule.rawValue): " + (count == 0 ? "ok" : "\(count) finding\(count == 1 ? "" : "s")"))
    }
    exit(results.values.allSatisfy(\.isEmpty) ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("lockout-appcheck: \(error)\n".utf8))
    exit(2)
}
