import Foundation

// `lockout-bench stats [--sessions N] [--years N] [--db PATH] [--runs N]`: a benchmark, not a test.
// It prints figures and never fails on a timing; scripts/bench/stats.sh runs it.
// `lockout-bench health-import PATH`: scripts/bench/health-import.sh runs it.
// `lockout-bench shield SECONDS`: scripts/bench/shield.sh runs it.
// `lockout-bench seal [--runs N]`: scripts/bench/seal.sh runs it.
do {
    if CommandLine.arguments.dropFirst().first == "seal" {
        do {
            try SealBench(arguments: Array(CommandLine.arguments.dropFirst())).run()
        } catch let error as StatsBenchOptions.UsageError {
            FileHandle.standardError.write(Data("lockout-bench: \(error)\n\(SealBench.usage)\n".utf8))
            exit(64)
        }
        exit(0)
    }
    if CommandLine.arguments.dropFirst().first == "shield" {
        do {
            try ShieldBench(arguments: Array(CommandLine.arguments.dropFirst())).run()
        } catch {
            FileHandle.standardError.write(Data("lockout-bench: \(error)\n\(ShieldBench.usage)\n".utf8))
            exit(64)
        }
        exit(0)
    }
    if CommandLine.arguments.dropFirst().first == "health-import" {
        do {
            try HealthImportBench(arguments: Array(CommandLine.arguments.dropFirst())).run()
        } catch let error as StatsBenchOptions.UsageError {
            FileHandle.standardError.write(Data("lockout-bench: \(error)\n\(HealthImportBench.usage)\n".utf8))
            exit(64)
        }
        exit(0)
    }
    let options = try StatsBenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    try StatsBench(options: options).run()
} catch let error as StatsBenchOptions.UsageError {
    FileHandle.standardError.write(Data("lockout-bench: \(error)\n\(StatsBenchOptions.usage)\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("lockout-bench: \(error)\n".utf8))
    exit(1)
}
