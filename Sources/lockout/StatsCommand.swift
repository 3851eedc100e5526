import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime

/// `lockout stats`: completed and skipped breaks per day, with the summary row.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show completed and skipped breaks per day, the rate and the streak.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "7, 14 or 30.") var days: Int = 7
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let report = try reportingErrors {
            let range = try StatsRange(days: days)
            let context = try global.context()
            return try StatsQuery(history: context.service.stores.history, calendar: context.calendar)
                .report(range: range, now: context.clock.now())
        }
        if json {
            try printJSON(report)
        } else {
            print(TextRendering.statistics(StatisticsScreen(report: report)))
        }
    }
}

/// `lockout export csv`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export history.",
        subcommands: [CSV.self]
    )

    struct CSV: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract: "Export one row per day: date,completed,skipped,natural."
        )
        @OptionGroup var global: GlobalOptions
        @Option(help: "Write to this file instead of stdout.") var output: String?

        func run() throws {
            try reportingErrors {
                let context = try global.context()
                let stats = try StatsQuery(history: context.service.stores.history, calendar: context.calendar)
                    .allDays(now: context.clock.now())
                let csv = CSVExport.dailyCSV(stats)
                if let output {
                    try Data(csv.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                } else {
                    FileHandle.standardOutput.write(Data(csv.utf8))
                }
            }
        }
    }
}
