import Foundation
import Testing

@Suite("lockout health")
struct HealthCLITests {
    @Test("log adds to today, --set replaces, today shows the totals as text and JSON")
    func logAndToday() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("health", "log", "steps", "2500").stdout == """
            2026-11-23: 2,500 steps · 0 kcal · 0 min
            Health gate: closed until 10,000 steps (2,500 so far)

            """)
        #expect(try cli.run("health", "log", "steps", "1000").status == 0)
        #expect(try cli.run("health", "log", "exercise", "30").status == 0)
        #expect(try cli.run("health", "today").stdout == "2026-11-23: 3,500 steps · 0 kcal · 30 min\n")
        #expect(try cli.run("health", "log", "steps", "800", "--set").status == 0)
        let json = try cli.run("health", "today", "--json").json()
        #expect(json["steps"] as? Double == 800)
        #expect(json["exercise"] as? Double == 30)
        #expect(json["day"] as? String == "2026-11-23")
        // The next local day starts from zero.
        #expect(try cli.run("health", "today", now: "2026-11-23T23:30:00Z").stdout == "2026-11-24: 0 steps · 0 kcal · 0 min\n")
    }

    @Test("an unknown metric, a non-number and a negative or absurd value are refused and change nothing")
    func badInput() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        #expect(try cli.run("health", "log", "steps", "100").status == 0)
        let refusals = [
            (["health", "log", "sleep", "8"], "unknown metric 'sleep': use steps, energy or exercise"),
            (["health", "log", "steps", "lots"], "'lots' is not an amount of steps: use a number like 2500"),
            (["health", "log", "steps", "-5"], "a day holds 0...200000 steps"),
            (["health", "log", "steps", "5000000"], "a day holds 0...200000 steps"),
            (["health", "log", "steps"], "give one amount of steps, like: lockout health log steps 2500"),
        ]
        for (arguments, message) in refusals {
            let output = try cli.run(arguments)
            #expect(output.status != 0)
            #expect(output.stderr.hasPrefix("lockout: "))
            #expect(output.stderr.contains(message), "stderr was \(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1)
        }
        #expect(try cli.run("health", "today", "--json").json()["steps"] as? Double == 100)
    }

    @Test("import of an export twice counts once; a missing file and a file that is not an export are refused")
    func importTwice() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let export = cli.directory.appendingPathComponent("export.xml")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-23 08:00:00 +0100" endDate="2026-11-23 08:10:00 +0100" value="4000"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-23 12:00:00 +0100" endDate="2026-11-23 12:10:00 +0100" value="2240"/>
             <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="Phone" unit="kcal" startDate="2026-11-22 12:00:00 +0100" endDate="2026-11-22 12:10:00 +0100" value="310"/>
            </HealthData>
            """.utf8).write(to: export)

        let first = try cli.run("health", "import", export.path)
        #expect(first.status == 0, "stderr was \(first.stderr)")
        #expect(first.stdout.hasPrefix("Imported 2 days, 2026-11-22 to 2026-11-23"))
        #expect(try cli.run("health", "import", export.path).status == 0)
        #expect(try cli.run("health", "log", "steps", "60").status == 0)
        #expect(try cli.run("health", "today", "--json").json()["steps"] as? Double == 6300)

        let missing = try cli.run("health", "import", cli.directory.appendingPathComponent("nope.zip").path)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("nope.zip"))
        let notes = cli.directory.appendingPathComponent("notes.xml")
        try Data("<?xml version=\"1.0\"?><notes><note/></notes>".utf8).write(to: notes)
        let wrong = try cli.run("health", "import", notes.path)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.hasPrefix("lockout: "))
        #expect(try cli.run("health", "today", "--json").json()["steps"] as? Double == 6300)
    }
}
