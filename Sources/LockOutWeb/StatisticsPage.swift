import Foundation
import LockOutCore

/// Statistics: completed and skipped breaks per day as a bar chart drawn on the server, with the same
/// numbers as a table, the 7 / 14 / 30-day picker, the summary row and the CSV download.
public enum StatisticsPage {
    public static func render(
        _ screen: StatisticsScreen, focus: FocusStats? = nil, gateLog: [(time: String, text: String)] = [], chrome: PageChrome
    ) -> String {
        Layout.document(chrome) {
            element("nav", ["class": "range", "aria-label": "Range"]) {
                element("ul") {
                    for option in screen.rangeOptions {
                        element("li") {
                            element("a", ["href": "\(WebPage.statistics.path)?days=\(option.days)", "aria-current": option.selected ? "page" : nil]) {
                                option.label
                            }
                        }
                    }
                }
            }
            element("section", ["class": "card", "aria-labelledby": "breaks-heading"]) {
                element("h2", ["id": "breaks-heading"]) { "Breaks per day" }
                BarChart.svg(screen.bars, titleID: "breaks-chart-title", title: "Completed and skipped breaks per day")
                element("p", ["class": "legend", "aria-hidden": "true"]) {
                    element("span", ["class": "swatch completed"]) { "" }
                    "Completed "
                    element("span", ["class": "swatch skipped"]) { "" }
                    "Skipped"
                }
                element("details") {
                    element("summary") { "The numbers as a table" }
                    element("table", ["class": "numbers"]) {
                        element("thead") {
                            element("tr") {
                                element("th", ["scope": "col"]) { "Day" }
                                element("th", ["scope": "col"]) { "Completed" }
                                element("th", ["scope": "col"]) { "Skipped" }
                            }
                        }
                        element("tbody") {
                            for bar in screen.bars {
                                element("tr") {
                                    element("th", ["scope": "row"]) { bar.date.description }
                                    element("td") { String(bar.completed) }
                                    element("td") { String(bar.skipped) }
                                }
                            }
                        }
                    }
                }
            }
            element("section", ["class": "card", "aria-labelledby": "summary-heading"]) {
                element("h2", ["id": "summary-heading"]) { "Summary" }
                element("dl", ["class": "figures"]) {
                    for item in screen.summary {
                        element("div") {
                            element("dt") { item.title }
                            element("dd") { item.value }
                        }
                    }
                }
                element("p") {
                    element("a", ["href": "/statistics.csv", "download": "lockout-breaks.csv"]) { "Download every day as CSV" }
                }
            }
            if let focus { focusSection(focus) }
            element("section", ["class": "card", "aria-labelledby": "gate-log-heading"]) {
                element("h2", ["id": "gate-log-heading"]) { "Health gate log" }
                if gateLog.isEmpty {
                    element("p", ["class": "hint"]) { "Nothing logged in these days." }
                } else {
                    element("ul", ["class": "tasks", "id": "gate-log"]) {
                        for entry in gateLog.suffix(50).reversed() {
                            element("li") {
                                element("span", ["class": "hint"]) { entry.time }
                                element("span") { entry.text }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func focusSection(_ focus: FocusStats) -> HTMLNode {
        element("section", ["class": "card", "aria-labelledby": "focus-heading"]) {
            element("h2", ["id": "focus-heading"]) { "Focus time" }
            element("dl", ["class": "figures"]) {
                element("div") {
                    element("dt") { "Focus time" }
                    element("dd") { DurationParser.format(seconds: Int(focus.total.focusTime)) }
                }
                element("div") {
                    element("dt") { "Sessions" }
                    element("dd") { String(focus.total.sessions) }
                }
            }
            if !focus.byActivity.isEmpty {
                focusTable(id: "focus-by-activity", caption: "By activity", header: "Activity",
                           rows: focus.byActivity.map { ($0.activity ?? "No activity", $0.totals) })
                focusTable(id: "focus-by-day", caption: "By day", header: "Day", rows: focus.byDay.map { ($0.day.description, $0.totals) })
            }
        }
    }

    /// A table of focus totals, one row per activity or day.
    private static func focusTable(id: String, caption: String, header: String, rows: [(String, FocusTotals)]) -> HTMLNode {
        element("table", ["class": "numbers", "id": id]) {
            element("caption") { caption }
            element("thead") {
                element("tr") {
                    for title in [header, "Sessions", "Time"] { element("th", ["scope": "col"]) { title } }
                }
            }
            element("tbody") {
                for (name, totals) in rows {
                    element("tr") {
                        element("th", ["scope": "row"]) { name }
                        element("td") { String(totals.sessions) }
                        element("td") { DurationParser.format(seconds: Int(totals.focusTime)) }
                    }
                }
            }
        }
    }
}

/// A stacked bar chart as inline SVG: one bar per day, completed at the bottom and skipped above it.
public enum BarChart {
    /// The chart's drawing height in SVG units; bar lengths come scaled to it.
    public static let height = 100

    /// The chart's drawing width in SVG units: bars share it, so the chart keeps its shape whatever the range.
    public static let width = 300

    /// The chart for `bars`, whose lengths are scaled to `height`.
    public static func svg(_ bars: [ChartBar], titleID: String, title: String) -> HTMLNode {
        let labelHeight = 14
        let slot = Double(width) / Double(max(1, bars.count))
        let barWidth = slot * 0.7
        func number(_ value: Double) -> String { String(format: "%.2f", value) }
        return element("svg", [
            "class": "chart", "role": "img", "aria-labelledby": titleID, "viewBox": "0 0 \(width) \(height + labelHeight)",
        ]) {
            element("title", ["id": titleID]) { title }
            for (index, bar) in bars.enumerated() {
                let x = Double(index) * slot + (slot - barWidth) / 2
                element("g") {
                    element("title") { "\(bar.date): \(bar.completed) completed, \(bar.skipped) skipped" }
                    if bar.completedLength > 0 {
                        element("rect", ["class": "completed", "x": number(x), "y": String(height - bar.completedLength),
                                         "width": number(barWidth), "height": String(bar.completedLength)])
                    }
                    if bar.skippedLength > 0 {
                        element("rect", ["class": "skipped", "x": number(x), "y": String(height - bar.completedLength - bar.skippedLength),
                                         "width": number(barWidth), "height": String(bar.skippedLength)])
                    }
                    if bars.count <= 14 || index % 5 == 0 || index == bars.count - 1 {
                        element("text", ["x": number(Double(index) * slot + slot / 2), "y": String(height + labelHeight - 3), "text-anchor": "middle"]) {
                            String(bar.date.day)
                        }
                    }
                }
            }
        }
    }
}
