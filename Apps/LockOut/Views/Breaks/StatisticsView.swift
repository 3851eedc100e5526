import Charts
import LockOutCore
import LockOutPresentation
import SwiftUI
import UniformTypeIdentifiers

/// The Statistics screen (seed 000): the 7 / 14 / 30-day picker, completed and skipped breaks per day as
/// stacked bars, the summary row (total sessions, rate, streak), and every day exported as CSV.
///
/// The chart plots the model's ready points: one per day and outcome, the day as its `YYYY-MM-DD` category.
struct StatisticsView: View {
    let model: StatisticsModel
    @State private var isExporting = false

    var body: some View {
        Form {
            Section {
                Picker(selection: range) {
                    ForEach(model.rangeOptions, id: \.days) { option in
                        Text(verbatim: option.label).tag(option.days)
                    }
                } label: {
                    Text("Range")
                }
                .pickerStyle(.segmented)
                .accessibilityIdentifier("statistics.range")
            }

            Section {
                Chart(model.chartPoints) { point in
                    BarMark(
                        x: .value("Day", point.dayLabel),
                        y: .value("Breaks", point.count)
                    )
                    .foregroundStyle(by: .value("Outcome", point.series.title))
                }
                .chartForegroundStyleScale([
                    StatisticsScreen.ChartPoint.Series.completed.title: Color.green,
                    StatisticsScreen.ChartPoint.Series.skipped.title: Color.orange,
                ])
                .chartXAxis {
                    AxisMarks(values: .automatic(desiredCount: 7))
                }
                .frame(minHeight: 220)
                .accessibilityIdentifier("statistics.chart")
            }

            Section {
                HStack {
                    ForEach(model.summary, id: \.title) { item in
                        VStack(spacing: 4) {
                            Text(verbatim: item.value).font(.title2.weight(.semibold)).monospacedDigit()
                            Text(verbatim: item.title).font(.caption).foregroundStyle(.secondary)
                        }
                        .frame(maxWidth: .infinity)
                    }
                }
                .accessibilityIdentifier("statistics.summary")
            }

            Section {
                Button(String(localized: "Export CSV…")) {
                    isExporting = true
                }
                .disabled(model.csv == nil)
                .accessibilityIdentifier("statistics.export")
            }

            if let message = model.message {
                Section {
                    Text(verbatim: message.text)
                        .foregroundStyle(.red)
                        .accessibilityIdentifier("statistics.message")
                }
            }
        }
        .formStyle(.grouped)
        .navigationTitle(String(localized: "Statistics"))
        .fileExporter(
            isPresented: $isExporting,
            document: CSVFile(text: model.csv ?? ""),
            contentType: .commaSeparatedText,
            defaultFilename: String(localized: "LockOut statistics")
        ) { _ in }
        .task { await model.refresh() }
    }

    /// The picker's selection in days: it shows the model's range and selects through the model.
    private var range: Binding<Int> {
        Binding(
            get: { model.range.days },
            set: { days in
                guard let range = StatsRange(rawValue: days) else { return }
                Task { await model.select(range) }
            }
        )
    }
}

/// The CSV the model words (`date,completed,skipped` per day) as a file to save: the save panel on macOS, the
/// document picker on iOS.
struct CSVFile: FileDocument {
    static let readableContentTypes: [UTType] = [.commaSeparatedText]

    let text: String

    init(text: String) {
        self.text = text
    }

    init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents, let text = String(data: data, encoding: .utf8) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.text = text
    }

    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: Data(text.utf8))
    }
}

#Preview("A week") {
    NavigationStack {
        StatisticsView(model: StatisticsModel(agent: PreviewRuntime.agent(.running)))
    }
}

#Preview("A month") {
    NavigationStack {
        StatisticsView(model: StatisticsModel(agent: PreviewRuntime.agent(.running), range: .month))
    }
}

#Preview("No history yet") {
    NavigationStack {
        StatisticsView(model: StatisticsModel(agent: PreviewRuntime.agent(.fresh)))
    }
}
