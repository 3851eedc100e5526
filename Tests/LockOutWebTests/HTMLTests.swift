import Foundation
import LockOutCore
import Testing
@testable import LockOutWeb

@Suite("HTML nodes")
struct HTMLTests {
    @Test("text and attribute values are escaped, so typed text never becomes markup")
    func escaping() {
        let node = element("p", ["title": "a \"quoted\" <b> & more"]) { "<script>alert(1)</script> & co" }
        #expect(node.rendered() == "<p title=\"a &quot;quoted&quot; &lt;b&gt; &amp; more\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</p>")
    }

    @Test("an attribute with a nil value is left out, an empty one is written bare; void elements have no end tag")
    func attributes() {
        let checked = element("input", ["type": "checkbox", "checked": "", "disabled": nil])
        #expect(checked.rendered() == "<input type=\"checkbox\" checked>")
        #expect(element("br").rendered() == "<br>")
    }

    @Test("if, for and nested builders produce children in order")
    func builder() {
        let items = ["one", "two"]
        let show = false
        let node = element("ul") {
            for item in items { element("li") { item } }
            if show { element("li") { "hidden" } } else { element("li") { "shown" } }
        }
        #expect(node.rendered() == "<ul><li>one</li><li>two</li><li>shown</li></ul>")
    }
}

@Suite("Web forms")
struct WebFormTests {
    @Test("form bodies decode percent-encoding and plus as space; broken encoding is refused")
    func fields() {
        #expect(WebForm.fields("a=1&b=two+words&c=%C3%A9%26") == ["a": "1", "b": "two words", "c": "é&"])
        #expect(WebForm.fields("a=%zz") == nil)
        #expect(WebForm.fields("") == [:])
    }

    @Test("the Schedule form turns into one command per kind and the working hours")
    func schedule() throws {
        var fields = ["eye-enabled": "on", "eye-interval": "20", "eye-duration": "20", "micro-interval": "30", "micro-duration": "30",
                      "long-enabled": "on", "long-interval": "60", "long-duration": "300"]
        fields["hours-6-on"] = "on"
        fields["hours-6-start"] = "09:00"
        fields["hours-6-end"] = "24:00"
        let commands = try ScheduleForm.commands(fields).get()
        #expect(commands == [
            .setKind(.eye, intervalMinutes: 20, durationSeconds: 20, enabled: true),
            .setKind(.micro, intervalMinutes: 30, durationSeconds: 30, enabled: false),
            .setKind(.long, intervalMinutes: 60, durationSeconds: 300, enabled: true),
            .setWorkingHours(WorkingHours(windows: [6: .init(startMinute: 540, endMinute: 1440)])),
        ])
    }

    @Test("bad Schedule values are refused field by field: 0 min, 4 s, text, a reversed day, a malformed time")
    func scheduleRefused() {
        let fields = ["eye-interval": "0", "eye-duration": "20", "micro-interval": "ten", "micro-duration": "4",
                      "long-interval": "60", "long-duration": "", "hours-2-on": "on", "hours-2-start": "17:00", "hours-2-end": "09:00",
                      "hours-3-on": "on", "hours-3-start": "25:00", "hours-3-end": "9:5"]
        guard case .failure(let refusal) = ScheduleForm.commands(fields) else {
            Issue.record("bad input was accepted")
            return
        }
        #expect(refusal.form.errors == [
            "eye-interval": "0 minutes is out of range: enter 1 to 120 minutes.",
            "micro-interval": "“ten” is not a whole number: enter 1 to 120 minutes.",
            "micro-duration": "4 seconds is out of range: enter 5 to 3600 seconds.",
            "long-duration": "Enter a number from 5 to 3600 seconds.",
            "hours-2-end": "The day must end after it starts.",
            "hours-3-start": "“25:00” is not a time: use HH:MM, like 09:00.",
        ])
        #expect(refusal.form.values == fields)
    }

    @Test("Dashboard buttons map to break commands; an unknown action or kind is refused")
    func breakActions() throws {
        #expect(try BreakActionForm.command(["command": "snooze", "kind": "eye"]).get() == .snooze(.eye))
        #expect(try BreakActionForm.command(["command": "pause", "minutes": "30"]).get() == .pause(seconds: 1800))
        #expect(try BreakActionForm.command(["command": "disable", "kind": "long"]).get()
            == .setKind(.long, intervalMinutes: nil, durationSeconds: nil, enabled: false))
        for bad in [["command": "explode"], ["command": "done", "kind": "nap"], ["command": "pause", "minutes": "0"], ["command": "enable"], [:]] {
            guard case .failure = BreakActionForm.command(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
        }
    }
}

@Suite("Pages")
struct PageTests {
    @Test("the bar chart draws completed below skipped, scaled to the chart's height, with a title per day")
    func chart() {
        let bars = [
            ChartBar(date: LocalDate(year: 2026, month: 11, day: 23), completed: 3, skipped: 1, completedLength: 75, skippedLength: 25),
            ChartBar(date: LocalDate(year: 2026, month: 11, day: 24), completed: 0, skipped: 0, completedLength: 0, skippedLength: 0),
        ]
        let svg = BarChart.svg(bars, titleID: "t", title: "Breaks").rendered()
        // Two bars share the 300-unit width: 150 each, the bar 70 % of it, centred.
        #expect(svg.contains("<rect class=\"completed\" x=\"22.50\" y=\"25\" width=\"105.00\" height=\"75\">"))
        #expect(svg.contains("<rect class=\"skipped\" x=\"22.50\" y=\"0\" width=\"105.00\" height=\"25\">"))
        #expect(svg.contains("<title>2026-11-23: 3 completed, 1 skipped</title>"))
        #expect(svg.contains("<title>2026-11-24: 0 completed, 0 skipped</title>"))
        #expect(svg.components(separatedBy: "<rect").count == 3)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"t\""))
    }

    @Test("every page has one h1, a skip link, labelled navigation marking the current page, and its form token")
    func chrome() {
        let chrome = PageChrome(page: .settings, csrfToken: "tok\"en", notice: .error("<bad>"), now: Date(timeIntervalSince1970: 0))
        let page = SettingsPage.render(
            SettingsScreen(settings: BreakSettings()), extras: .init(notifications: .terminal, sync: nil), chrome: chrome,
            calendar: Calendar(identifier: .gregorian)
        )
        #expect(page.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        #expect(page.components(separatedBy: "<h1>").count == 2)
        #expect(page.contains("<a class=\"skip\" href=\"#main\">"))
        #expect(page.contains("<a href=\"/settings\" aria-current=\"page\">Settings</a>"))
        #expect(page.contains("value=\"tok&quot;en\""))
        #expect(page.contains("role=\"alert\">&lt;bad&gt;</p>"))
        #expect(page.contains("<label for=\"snooze\">Snooze</label>"))
    }
}
