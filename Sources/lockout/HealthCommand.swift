import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout health log|import|today`: the daily totals the health gate compares with its goals.
struct HealthVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Log steps, active energy and exercise minutes by hand, or import an Apple Health export.",
        subcommands: [Log.self, Import.self, Today.self],
        defaultSubcommand: Today.self
    )

    /// The source name an Apple Health import is kept under: a newer export replaces the days it covers.
    static let importSource = "apple-health-export"

    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add to today's steps, energy (kcal) or exercise (min); --set replaces it.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "steps, energy or exercise.") var metric: String
        // Collected as unrecognized so that a negative amount reaches the check instead of reading as an option.
        @Argument(parsing: .allUnrecognized, help: "The amount, like 2500.") var amount: [String] = []
        @Flag(help: "Replace today's manual value instead of adding to it.") var set = false

        func run() throws {
            let (totals, context) = try reportingErrors {
                let metric = try HealthVerb.metric(metric)
                guard self.amount.count == 1 else {
                    throw CLIUsageError("give one amount of \(metric.unit), like: lockout health log \(metric.rawValue) 2500")
                }
                let amount = try HealthVerb.amount(self.amount[0], of: metric)
                let context = try global.context()
                let today = LocalDate(context.clock.now(), in: context.calendar)
                let store = context.database.healthTotalsStore
                let totals = set
                    ? try store.setManual(amount, for: metric, on: today)
                    : try store.addManual(amount, to: metric, on: today)
                return (totals, context)
            }
            print(HealthVerb.line(totals))
            HealthVerb.tellGate(context)
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import an Apple Health export (export.zip or export.xml); running it again never counts twice."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The export.zip or export.xml file.") var file: String

        func run() throws {
            let bar = ProgressBar()
            let (summary, context) = try reportingErrors {
                let context = try global.context()
                let importer = HealthExportImporter(calendar: context.calendar, environment: ProcessInfo.processInfo.environment)
                let summary = try importer.importFile(at: URL(fileURLWithPath: file)) { bar.show($0) }
                bar.finish()
                let days = summary.totals.values.sorted { $0.day < $1.day }
                try context.database.healthTotalsStore.replaceImported(days, source: HealthVerb.importSource)
                return (summary, context)
            }
            let days = summary.totals.keys.sorted()
            if let first = days.first, let last = days.last {
                print("Imported \(days.count) days, \(first) to \(last): \(HealthVerb.counts(summary.recordsRead)) records.")
            } else {
                print("The export holds no steps, active energy or exercise records.")
            }
            if summary.totalRecordsSkipped > 0 {
                print("Skipped \(summary.totalRecordsSkipped) records with values that are not numbers.")
            }
            HealthVerb.tellGate(context)
        }
    }

    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Today's totals: manual entries and imports together.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let totals = try reportingErrors {
                let context = try global.context()
                return try context.database.healthTotalsStore.totals(for: LocalDate(context.clock.now(), in: context.calendar))
            }
            if json {
                try printJSON(HealthTodayJSON(totals))
            } else {
                print(HealthVerb.line(totals))
            }
        }
    }

    /// New data is in: the gate (the running agent's, or the stored one) reads it now and says where it stands.
    /// The data is saved either way, so a gate that cannot be reached is only reported.
    static func tellGate(_ context: CLIContext) {
        do {
            print(TextRendering.gateHeadline(try context.gateControl().perform(.refresh)))
        } catch {
            FileHandle.standardError.write(Data("lockout: the health gate could not read the new data: \(error)\n".utf8))
        }
    }

    static func metric(_ text: String) throws -> HealthMetric {
        guard let metric = HealthMetric(parsing: text) else {
            throw CLIUsageError("unknown metric '\(text)': use steps, energy or exercise")
        }
        return metric
    }

    static func amount(_ text: String, of metric: HealthMetric) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw CLIUsageError("'\(text)' is not an amount of \(metric.unit): use a number like 2500")
        }
        try metric.check(value)
        return value
    }

    /// `Today (2026-11-23): 6,240 steps · 310 kcal · 25 min`.
    static func line(_ totals: HealthTotals) -> String {
        let parts = HealthMetric.allCases.map { "\(GateText.grouped(totals[$0])) \($0.unit)" }
        return "\(totals.day): " + parts.joined(separator: " · ")
    }

    static func counts(_ counts: [HealthMetric: Int]) -> String {
        HealthMetric.allCases.map { "\(GateText.grouped(counts[$0] ?? 0)) \($0.rawValue)" }.joined(separator: ", ")
    }
}

/// `lockout health today --json`.
struct HealthTodayJSON: Encodable {
    let day: LocalDate
    let steps: Double
    let energy: Double
    let exercise: Double

    init(_ totals: HealthTotals) {
        day = totals.day
        steps = totals[.steps]
        energy = totals[.activeEnergy]
        exercise = totals[.exerciseMinutes]
    }
}

/// A progress bar on stderr while it is a terminal; nothing otherwise.
final class ProgressBar {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastPercent = -1

    func show(_ progress: HealthImportProgress) {
        guard isTerminal else { return }
        let percent = Int(progress.fraction * 100)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        let megabytes = progress.bytesRead >> 20
        FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% \(megabytes) MiB".utf8))
    }

    func finish() {
        guard isTerminal, lastPercent >= 0 else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
