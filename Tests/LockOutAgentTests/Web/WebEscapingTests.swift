import Foundation
import LockOutCore
import LockOutStore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

/// Every page rendered with text put in through every channel a person or a remote party controls, each
/// payload made to slip past an escaper that compares grapheme clusters: no element or attribute of a
/// payload's appears, and each payload is shown as text where its channel leads.
@Suite("Web app: text from every channel stays text on every page")
struct WebEscapingTests {
    typealias I = Injection

    /// A refusal whose reason is a payload: a child's device refuses a parent's command with it.
    struct Refusal: Error, CustomStringConvertible {
        var description: String { Injection.both }
    }

    static func rewards(_ fixture: AgentFixture) -> RewardsService {
        RewardsService(store: GRDBRewardsStore(fixture.database, calendar: fixture.calendar), calendar: fixture.calendar, pins: PINHasher(), sessionPrograms: { [:] })
    }

    @Test("what the device's person types — activities, notes, collections, tasks, blocked programs, rewards programs, the quest, reasons — a notification service's name and a sync error are text on every page")
    func ownDevice() async throws {
        let status = FamilySyncStatus(
            device: DeviceIdentity(id: DeviceID(rawValue: UUID()), name: I.refresh, mode: .personalDevice),
            server: URL(string: "http://127.0.0.1:9/"), family: FamilyID(rawValue: UUID()), lastSync: nil, queued: 1, failed: 0,
            activity: .error(I.both), nextAttempt: nil
        )
        let harness = try await WebHarness(
            preferences: WebPreferences(onboarded: true, gateOnboarded: true), rewards: Self.rewards, notifications: .service(I.both), familyStatus: status
        )
        defer { harness.fixture.remove() }
        let (cookie, csrf) = try await harness.signInWithPIN()
        func post(_ path: String, _ fields: [(String, String)]) async -> HTTPResponse {
            await harness.web.handle(harness.post(path, fields, cookie: cookie, csrf: csrf))
        }
        func page(_ path: String, _ query: [String: String] = [:]) async -> HTTPResponse {
            await harness.web.handle(harness.get(path, query: query, cookie: cookie))
        }
        let pin = WebRewardsTests.pin

        // Activities, a collection, notes; a finished session of one and a running one of the other.
        #expect(await post("/actions/activity", [("command", "add"), ("name", I.refresh), ("new-collection", I.quote)]).status == 303)
        #expect(await post("/actions/activity", [("command", "add"), ("name", I.quote)]).status == 303)
        #expect(await post("/actions/activity", [("command", "notes"), ("name", I.refresh), ("notes", I.both)]).status == 303)
        #expect(await post("/actions/focus", [("command", "start"), ("mode", "stopwatch"), ("activity", I.refresh)]).status == 303)
        harness.fixture.wall.advance(by: 10 * 60)
        #expect(await post("/actions/focus", [("command", "stop")]).status == 303)
        #expect(await post("/actions/focus", [("command", "start"), ("mode", "timer"), ("minutes", "25"), ("activity", I.quote)]).status == 303)
        // Tasks, blocked programs, rewards programs, a quest of one's own, points with a reason.
        for title in [I.refresh, I.quote] {
            #expect(await post("/actions/task", [("command", "add"), ("title", title), ("due", "2026-11-30 14:00"), ("reminder", "off")]).status == 303)
        }
        for executable in [I.element, I.bareQuote] {
            #expect(await post("/actions/gate", [("command", "block"), ("executable", executable)]).status == 303)
        }
        #expect(await post("/actions/rewards", [("command", "program"), ("program", I.element), ("category", "learning"), ("rate", "10"), ("program-pin", pin)]).status == 303)
        #expect(await post("/actions/rewards", [("command", "program"), ("program", I.bareQuote), ("category", "reward"), ("program-pin", pin)]).status == 303)
        #expect(await post("/actions/rewards", [
            ("command", "quest"), ("quest-template", "custom"), ("quest-title", I.both), ("quest-target", "10"), ("quest-counting", ""),
            ("quest-reward-kind", "minutes"), ("quest-reward", "30"), ("quest-pin", pin),
        ]).status == 303)
        #expect(await post("/actions/rewards", [("command", "adjust"), ("adjust-points", "50"), ("adjust-reason", I.both), ("adjust", "grant"), ("adjust-pin", pin)]).status == 303)
        // Learning time completes the quest: the celebration names it.
        let now = harness.fixture.wall.now
        await harness.agent.recordUsage([
            UsageSession(id: UUID(), program: I.element, category: .learning, start: now.addingTimeInterval(-25 * 60), end: now, activeSeconds: 25 * 60),
        ])
        let session = try #require(try await harness.agent.focusHistory(.everything).first)

        let pages: [(path: String, query: [String: String], showing: [String])] = [
            ("/", [:], []),
            ("/schedule", [:], []),
            ("/focus", [:], [I.refresh, I.quote]),
            ("/focus/activities", [:], [I.refresh, I.quote, I.both]),
            ("/focus/history", [:], [I.refresh]),
            ("/focus/history/\(session.id)", [:], [I.refresh]),
            ("/gate", [:], [I.element, I.bareQuote]),
            ("/rewards", [:], [I.element, I.bareQuote, I.both]),
            ("/statistics", [:], [I.refresh]),
            ("/settings", [:], [I.both]),
            ("/break", [:], []),
        ] + (1...3).map { ("/welcome", ["step": String($0)], []) } + (1...4).map { ("/gate/welcome", ["step": String($0)], []) }
        for (path, query, showing) in pages {
            let response = await page(path, query)
            #expect(response.status == 200, "\(path) \(query)")
            I.expectClean(WebHarness.text(response), showing: showing, "\(path) \(query)")
        }
    }

    @Test("a link's path and query, and refused forms shown again as typed, are text")
    func echoed() async throws {
        let harness = try await WebHarness(rewards: Self.rewards)
        defer { harness.fixture.remove() }
        let (cookie, csrf) = try await harness.signInWithPIN()
        func post(_ path: String, _ fields: [(String, String)]) async -> HTTPResponse {
            await harness.web.handle(harness.post(path, fields, cookie: cookie, csrf: csrf))
        }
        // Any page on the web may link to a path of the app's: the 404 names it, signed in or not.
        for signedIn in [nil, cookie] {
            let missing = await harness.web.handle(harness.get("/" + I.both, cookie: signedIn))
            #expect(missing.status == 404)
            I.expectClean(WebHarness.text(missing), showing: ["/" + I.both], "a missing page")
        }
        let linked: [(String, [String: String], [String])] = [
            ("/statistics", ["days": I.refresh], [String(I.refresh.prefix(40))]),
            ("/focus/history", ["activity": I.both, "from": I.quote], [I.quote]),
            ("/focus/activities", ["q": I.both, "collection": I.quote], [I.both]),
            ("/settings", ["synced": I.both], [I.both]),
            ("/rewards", ["seen": I.both, "saved": I.both], []),
        ]
        for (path, query, showing) in linked {
            I.expectClean(WebHarness.text(await harness.web.handle(harness.get(path, query: query, cookie: cookie))), showing: showing, "\(path) \(query)")
        }
        // Refused forms come back as they were typed, with the typed text in their messages.
        let refused: [(path: String, fields: [(String, String)], status: Int, showing: [String])] = [
            ("/schedule", WebHarness.scheduleFields(["eye-interval": I.both]), 422, [I.both]),
            ("/settings", [("snooze", I.both), ("retention", I.quote)], 422, [I.both]),
            ("/actions/task", [("command", "add"), ("title", I.both), ("due", I.both), ("reminder", "off")], 422, [I.both]),
            ("/actions/gate", [("command", "block"), ("executable", I.both)], 409, [I.both]),
            ("/actions/rewards", [("command", "redeem"), ("points", I.both)], 422, [I.both]),
            ("/actions/rewards", [("command", "program"), ("program", I.both), ("category", "reward"), ("program-pin", WebRewardsTests.pin)], 409, [I.both]),
            ("/actions/focus", [("command", "start"), ("mode", "timer"), ("minutes", I.both), ("activity", I.quote)], 422, [I.both]),
            ("/actions/break", [("command", I.both)], 422, []),
        ]
        for (path, fields, status, showing) in refused {
            let response = await post(path, fields)
            #expect(response.status == status, "\(path) \(fields)")
            I.expectClean(WebHarness.text(response), showing: showing, "\(path) refused")
        }
    }

    @Test("a child's device name, its day summary's texts and its refusal reasons, and what a parent sent, are text on the parent's pages")
    func parent() async throws {
        try await withFamilyServer { port, _ in
            let (parent, named, quoted) = try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false)
                let named = try TestDevice.make(.childDevice, name: I.refresh, applier: RecordingApplier(refuse: { _ in Refusal() }))
                _ = try named.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                let quoted = try TestDevice.make(.childDevice, name: I.quote)
                _ = try quoted.family.join(payload: try parent.family.pair(mode: .childDevice).payload)
                _ = try named.store.enqueue(try Self.summary(named), now: TestDevice.now)
                _ = named.syncOnce()
                return (parent, named, quoted)
            }
            let (namedID, quotedID) = try await offPool { (try named.family.identity().id, try quoted.family.identity().id) }
            let harness = try await WebHarness(family: parent.family)
            defer { harness.fixture.remove() }
            let cookie = try await harness.signIn()
            let csrf = try await harness.csrfToken(cookie: cookie)
            func post(_ fields: [(String, String)]) async -> HTTPResponse {
                await harness.web.handle(harness.post("/actions/family", fields, cookie: cookie, csrf: csrf))
            }
            // What the parent sends, through its page: each child refuses or applies it.
            for device in [namedID, quotedID] {
                for fields in [
                    [("change", "rewards-program"), ("reward-program", I.element), ("reward-category", "learning"), ("reward-rate", "12")],
                    [("change", "rewards-adjust"), ("reward-adjust-points", "100"), ("reward-adjust-reason", I.both), ("reward-adjust", "grant")],
                    [("change", "rewards-quest"), ("reward-quest-template", "custom"), ("reward-quest-title", I.both), ("reward-quest-target", "20"),
                     ("reward-quest-counting", ""), ("reward-quest-reward-kind", "minutes"), ("reward-quest-reward", "30")],
                    [("change", "block"), ("executable", I.bareQuote), ("block", "add")],
                ] {
                    #expect(await post([("command", "send"), ("device", device.description)] + fields).status == 303, "\(fields)")
                }
            }
            try await offPool {
                #expect(named.syncOnce() == .synced(applied: 4))
                #expect(quoted.syncOnce() == .synced(applied: 4))
                _ = parent.family.sync()
            }
            let refusedName = await post([("command", "rename"), ("device", quotedID.description), ("name", I.both)])
            #expect(refusedName.status == 409, "a name of more than 64 characters")
            I.expectClean(WebHarness.text(refusedName), showing: [I.both], "a refused name")
            let before = WebHarness.text(await harness.web.handle(harness.get("/family", cookie: cookie)))
            I.expectClean(before, showing: [I.refresh, I.quote, I.both, I.element], "/family")
            #expect(await post([("command", "rename"), ("device", quotedID.description), ("name", I.element + I.quote)]).status == 303)

            let pages: [(String, [String: String], [String])] = [
                ("/family", [:], [I.refresh, I.element + I.quote, I.both]),
                ("/family/device/\(namedID)", [:], [I.refresh, I.quote, I.both, I.element, I.bareQuote]),
                ("/family/device/\(namedID)", ["days": "30"], [I.refresh]),
                ("/family/device/\(quotedID)", [:], [I.element + I.quote, I.both]),
                ("/settings", [:], []),
                ("/", [:], []),
            ]
            for (path, query, showing) in pages {
                let response = await harness.web.handle(harness.get(path, query: query, cookie: cookie))
                #expect(response.status == 200, "\(path)")
                I.expectClean(WebHarness.text(response), showing: showing, "\(path) \(query)")
            }
            let pairing = await post([("command", "pair"), ("mode", "childDevice")])
            #expect(pairing.status == 200)
            I.expectClean(WebHarness.text(pairing), "the pairing page")
        }
    }

    @Test("a parent's quest title, program names and reason reach a child's Rewards page through the family sync as text")
    func childRewards() async throws {
        try await withFamilyServer { port, _ in
            let harness = try await WebHarness(rewards: Self.rewards)
            defer { harness.fixture.remove() }
            let applier = AgentConfigurationApplier(agent: harness.agent)
            let store = harness.fixture.database.familyStore
            let child = FamilyService(store: store, directory: harness.fixture.directory, applier: applier, connector: .http, now: { TestDevice.now })
            try await offPool {
                let parent = try TestDevice.make(.parentDevice, name: "Parent laptop")
                _ = try parent.family.create(server: "http://127.0.0.1:\(port)", endToEnd: false)
                _ = try child.setup(.childDevice, name: "Anna's laptop")
                _ = try child.join(payload: try parent.family.pair(mode: .childDevice).payload)
                let changes: [ConfigurationChange] = [
                    .rewards(.setProgram(I.element, category: .learning, rate: 12)), .rewards(.setProgram(I.bareQuote, category: .reward, rate: nil)),
                    .rewards(.setQuest(DailyQuest(title: I.both, targetMinutes: 10))), .rewards(.adjust(points: 100, reason: I.both)),
                ]
                for change in changes { _ = try parent.family.send(change, to: "Anna's laptop") }
                let sync = FamilySync(store: store, applier: applier, connector: .http, now: { TestDevice.now }, jitter: { 1 })
                defer { sync.shutdown() }
                #expect(sync.syncOnce() == .synced(applied: 4))
            }
            let now = harness.fixture.wall.now
            await harness.agent.recordUsage([
                UsageSession(id: UUID(), program: I.element, category: .learning, start: now.addingTimeInterval(-15 * 60), end: now, activeSeconds: 15 * 60),
            ])
            let cookie = try await harness.signIn()
            for (path, showing) in [("/rewards", [I.both, I.element, I.bareQuote]), ("/", []), ("/settings", [])] {
                let response = await harness.web.handle(harness.get(path, cookie: cookie))
                #expect(response.status == 200, "\(path)")
                I.expectClean(WebHarness.text(response), showing: showing, "the child's \(path)")
            }
        }
    }

    /// A day summary whose every text is a payload: program names, the quest, its programs, the badges (a
    /// child's device writes its summary itself, so their names and details are whatever it sends), the
    /// ledger's reasons and programs, and the measuring method.
    static func summary(_ device: TestDevice) throws -> SyncMutation {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let today = LocalDate(TestDevice.now, in: calendar)
        var record = RewardsRecord(day: today)
        record.balances = PointBalances(byProgram: [I.element: 420])
        record.badges = ["first_steps": TestDevice.now]
        let settings = RewardsSettings(
            programs: [RewardProgram(name: I.element, category: .learning, rate: 15), RewardProgram(name: I.bareQuote, category: .reward)],
            quest: DailyQuest(title: I.both, targetMinutes: 20, counting: .perProgram, programs: [I.element])
        )
        let screen = RewardsScreen(engine: RewardsEngine(record: record, settings: settings, calendar: calendar), now: TestDevice.now, method: I.both)
        let ledger = [LedgerEntry(id: UUID(), kind: .adjustment, points: 420, program: I.element, day: today, at: TestDevice.now, reason: I.both)]
        var snapshot = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(RewardsSnapshot(screen: screen, ledger: ledger))) as? [String: Any])
        var screenObject = try #require(snapshot["screen"] as? [String: Any])
        let badges = try #require(screenObject["badges"] as? [[String: Any]])
        screenObject["badges"] = badges.map { badge in badge.merging(["name": I.refresh, "detail": I.quote]) { _, new in new } }
        snapshot["screen"] = screenObject
        let forged = try JSONDecoder().decode(RewardsSnapshot.self, from: JSONSerialization.data(withJSONObject: snapshot))
        return try DailySummaryBuilder.mutation(
            DailySummary(deviceID: try device.family.identity().id, date: today, rewards: forged, lastUpdated: TestDevice.now),
            id: MutationID(rawValue: UUID())
        )
    }
}
