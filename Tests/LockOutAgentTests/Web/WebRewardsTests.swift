import Foundation
import LockOutCore
import LockOutStore
import LockOutWeb
import NIOHTTP1
import Testing
@testable import LockOutAgent
@testable import LockOutRuntime

extension WebHarness {
    /// A harness whose agent has rewards in its own database, with no session programs to protect.
    static func withRewards() async throws -> WebHarness {
        try await WebHarness(rewards: { fixture in
            RewardsService(store: GRDBRewardsStore(fixture.database, calendar: fixture.calendar), calendar: fixture.calendar, pins: PINHasher(), sessionPrograms: { [:] })
        })
    }

    /// Signs in and sets the parent PIN `2580` through the page.
    func signInWithPIN() async throws -> (cookie: String, csrf: String) {
        let cookie = try await signIn()
        let csrf = try await csrfToken(cookie: cookie)
        let set = await web.handle(post("/actions/rewards", [("command", "pin"), ("pin-new", "2580")], cookie: cookie, csrf: csrf))
        #expect(set.status == 303)
        return (cookie, csrf)
    }
}

@Suite("Web app: rewards")
struct WebRewardsTests {
    static let pin = "2580"

    @Test("the Rewards page is in the navigation; without rewards it says they are off, with them it shows the balance")
    func page() async throws {
        let plain = try await WebHarness()
        defer { plain.fixture.remove() }
        let off = await plain.web.handle(plain.get("/rewards", cookie: try await plain.signIn()))
        #expect(off.status == 200)
        #expect(WebHarness.text(off).contains("This agent runs without rewards"))
        #expect(await plain.web.handle(plain.get("/rewards", cookie: nil)).status == 401)

        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let page = WebHarness.text(await harness.web.handle(harness.get("/rewards", cookie: cookie)))
        #expect(page.contains("<a href=\"/rewards\" aria-current=\"page\">Rewards</a>"))
        #expect(page.contains("<dd id=\"balance\">0 points</dd>"))
        #expect(page.contains("Set a parent PIN first"))
        #expect(page.contains("Nothing can be redeemed now."))
    }

    @Test("the PIN is set from the page; a weak one is refused beside the field; changing it needs the current one")
    func pin() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let csrf = try await harness.csrfToken(cookie: cookie)
        let weak = await harness.web.handle(harness.post("/actions/rewards", [("command", "pin"), ("pin-new", "1234")], cookie: cookie, csrf: csrf))
        #expect(weak.status == 409)
        let text = WebHarness.text(weak)
        #expect(text.contains("<p class=\"field-error\" id=\"pin-new-error\">That PIN is too easy to guess (an ascending run)"))
        #expect(text.contains("aria-describedby=\"pin-new-hint pin-new-error\" aria-invalid=\"true\""))
        #expect(!text.contains("value=\"1234\""), "a typed PIN is never shown again")
        #expect(try await harness.agent.rewardsScreen().pinSet == false)

        let set = await harness.web.handle(harness.post("/actions/rewards", [("command", "pin"), ("pin-new", Self.pin)], cookie: cookie, csrf: csrf))
        #expect(set.status == 303)
        #expect(set.headers.first(name: "Location") == "/rewards?saved=pin")
        #expect(try await harness.agent.rewardsScreen().pinSet)
        let saved = WebHarness.text(await harness.web.handle(harness.get("/rewards", query: ["saved": "pin"], cookie: cookie)))
        #expect(saved.contains("role=\"status\">The parent PIN is saved.</p>"))

        let noOld = await harness.web.handle(harness.post("/actions/rewards", [("command", "pin"), ("pin-new", "3691")], cookie: cookie, csrf: csrf))
        #expect(noOld.status == 422)
        #expect(WebHarness.text(noOld).contains("id=\"pin-old-error\">Enter the current PIN to change it."))
    }

    @Test("a program is marked behind the PIN; no PIN, a wrong PIN, a protected reward program and a bad rate are refused beside their fields and change nothing")
    func program() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let (cookie, csrf) = try await harness.signInWithPIN()
        func mark(_ name: String, _ category: String, rate: String = "", pin: String) async -> HTTPResponse {
            await harness.web.handle(harness.post("/actions/rewards", [
                ("command", "program"), ("program", name), ("category", category), ("rate", rate), ("program-pin", pin),
            ], cookie: cookie, csrf: csrf))
        }
        let noPIN = await mark("gcompris", "learning", pin: "")
        #expect(noPIN.status == 422)
        #expect(WebHarness.text(noPIN).contains("id=\"program-pin-error\">Enter the parent PIN: rewards settings need it."))
        #expect(WebHarness.text(noPIN).contains("value=\"gcompris\""), "the form comes back as it was filled in")

        let wrong = await mark("gcompris", "learning", pin: "9999")
        #expect(wrong.status == 409)
        #expect(WebHarness.text(wrong).contains("id=\"program-pin-error\">Wrong PIN: 4 more tries before a wait."))

        let shell = await mark("bash", "reward", pin: Self.pin)
        #expect(shell.status == 409)
        #expect(WebHarness.text(shell).contains("id=\"program-error\">Bash can't be a reward program, LockOut never closes it"))

        let rate = await mark("gcompris", "learning", rate: "500", pin: Self.pin)
        #expect(rate.status == 409)
        #expect(WebHarness.text(rate).contains("id=\"rate-error\">A rate of 500 points a minute is out of range: allowed 1...100."))
        #expect(try await harness.agent.rewardsScreen().programs.isEmpty, "nothing was marked by a refused form")

        let marked = await mark("gcompris", "learning", rate: "15", pin: Self.pin)
        #expect(marked.status == 303)
        let screen = try await harness.agent.rewardsScreen()
        #expect(screen.programs.map(\.program) == ["gcompris"])
        #expect(screen.programs.first?.rate == 15)
        let page = WebHarness.text(await harness.web.handle(harness.get("/rewards", cookie: cookie)))
        #expect(page.contains("<th scope=\"row\">gcompris</th><td>learning</td><td>15 points a minute</td>"))
    }

    @Test("the cap, the mode and the quest are set behind the PIN; an out-of-range cap is refused beside its field")
    func settings() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let (cookie, csrf) = try await harness.signInWithPIN()
        let low = await harness.web.handle(harness.post("/actions/rewards", [("command", "cap"), ("cap", "5"), ("cap-pin", Self.pin)], cookie: cookie, csrf: csrf))
        #expect(low.status == 409)
        #expect(WebHarness.text(low).contains("id=\"cap-error\">A daily cap of 5 points is out of range: allowed 10...10000."))
        #expect(await harness.web.handle(harness.post("/actions/rewards", [("command", "cap"), ("cap", "300"), ("cap-pin", Self.pin)], cookie: cookie, csrf: csrf)).status == 303)
        #expect(await harness.web.handle(harness.post("/actions/rewards", [("command", "mode"), ("mode", "60:30"), ("mode-pin", Self.pin)], cookie: cookie, csrf: csrf)).status == 303)
        #expect(await harness.web.handle(harness.post("/actions/rewards", [("command", "quest"), ("quest-template", "learning-hour"), ("quest-pin", Self.pin)], cookie: cookie, csrf: csrf)).status == 303)
        let screen = try await harness.agent.rewardsScreen()
        #expect(screen.dailyCap == 300)
        #expect(screen.mode == .ratio(learning: 60, reward: 30))
        #expect(screen.quest?.quest == QuestTemplate.all[1].quest)
        let page = WebHarness.text(await harness.web.handle(harness.get("/rewards", cookie: cookie)))
        #expect(page.contains("Learning hour: 0 of 60 min"))
        #expect(page.contains("<option value=\"60:30\" selected>"))
    }

    @Test("points granted behind the PIN are redeemed without it: reward time counts down; a redemption the rules refuse is named beside the field")
    func redeem() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let (cookie, csrf) = try await harness.signInWithPIN()
        let noReason = await harness.web.handle(harness.post("/actions/rewards", [
            ("command", "adjust"), ("adjust-points", "100"), ("adjust-reason", " "), ("adjust", "grant"), ("adjust-pin", Self.pin),
        ], cookie: cookie, csrf: csrf))
        #expect(noReason.status == 422)
        #expect(WebHarness.text(noReason).contains("id=\"adjust-reason-error\">Give a reason the child can read."))
        let granted = await harness.web.handle(harness.post("/actions/rewards", [
            ("command", "adjust"), ("adjust-points", "100"), ("adjust-reason", "tidy room"), ("adjust", "grant"), ("adjust-pin", Self.pin),
        ], cookie: cookie, csrf: csrf))
        #expect(granted.status == 303)
        #expect(try await harness.agent.rewardsScreen().balance == 100)

        for (points, status, message) in [
            ("35", 409, "id=\"points-error\">35 points is not whole minutes"),
            ("20", 409, "id=\"points-error\">20 points is below the minimum: redeem at least 30 points."),
            ("200", 409, "id=\"points-error\">Not enough points: 200 asked, 100 in the balance."),
            ("lots", 422, "id=\"points-error\">“lots” is not a whole number of points."),
        ] {
            let refused = await harness.web.handle(harness.post("/actions/rewards", [("command", "redeem"), ("points", points)], cookie: cookie, csrf: csrf))
            #expect(refused.status == status, "\(points)")
            #expect(WebHarness.text(refused).contains(message), "\(points)")
        }
        #expect(try await harness.agent.rewardsScreen().balance == 100, "no refused redemption spent anything")

        let redeemed = await harness.web.handle(harness.post("/actions/rewards", [("command", "redeem"), ("points", "30")], cookie: cookie, csrf: csrf))
        #expect(redeemed.status == 303)
        harness.fixture.wall.advance(by: 30)
        let page = WebHarness.text(await harness.web.handle(harness.get("/rewards", cookie: cookie)))
        #expect(page.contains("<dd id=\"balance\">70 points</dd>"))
        #expect(page.contains("data-left=\"150000\""), "3 minutes of reward time, 30 s gone")
        #expect(page.contains(">02:30</time>"))
        #expect(page.contains("<td>by a parent: tidy room</td><td>—</td><td>+100</td>"))
        #expect(page.contains("Now at most 70 points."))
    }

    @Test("a completed quest is celebrated once on the page until dismissed")
    func celebration() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let (cookie, csrf) = try await harness.signInWithPIN()
        #expect(await harness.web.handle(harness.post("/actions/rewards", [
            ("command", "program"), ("program", "gcompris"), ("category", "learning"), ("program-pin", Self.pin),
        ], cookie: cookie, csrf: csrf)).status == 303)
        #expect(await harness.web.handle(harness.post("/actions/rewards", [
            ("command", "quest"), ("quest-template", "daily-practice"), ("quest-pin", Self.pin),
        ], cookie: cookie, csrf: csrf)).status == 303)
        let now = harness.fixture.wall.now
        await harness.agent.recordUsage([
            UsageSession(id: UUID(), program: "gcompris", category: .learning, start: now.addingTimeInterval(-25 * 60), end: now, activeSeconds: 25 * 60),
        ])
        let page = WebHarness.text(await harness.web.handle(harness.get("/rewards", cookie: cookie)))
        let marker = "data-celebration=\""
        let start = try #require(page.range(of: marker)).upperBound
        let id = String(page[start...].prefix { $0 != "\"" })
        #expect(page.contains("role=\"status\""))
        #expect(page.contains("<p>Quest complete: Daily practice</p>") || page.contains("<p>Badge unlocked: First Steps</p>"))
        #expect(page.contains("complete: 30 min of reward time earned"))
        let dismissed = WebHarness.text(await harness.web.handle(harness.get("/rewards", query: ["seen": id], cookie: cookie)))
        #expect(!dismissed.contains(marker))
        harness.fixture.wall.advance(by: WebApp.celebrationWindow + 1)
        let later = WebHarness.text(await harness.web.handle(harness.get("/rewards", cookie: cookie)))
        #expect(!later.contains(marker), "a celebration is short")
    }

    @Test("an open page hears of a change to the balance through the event stream")
    func events() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let response = await harness.web.handle(harness.get("/events", cookie: cookie))
        let stream = try #require(response.bodyStream)
        let first = String(decoding: stream.take().data, as: UTF8.self)
        #expect(first.contains(":0-"), "the balance is in the signature")
        _ = try await harness.agent.impose(.adjust(points: 50, reason: "chores"))
        let change = String(decoding: stream.take().data, as: UTF8.self)
        #expect(change.hasPrefix("data: ") && change.contains(":50-"))
        stream.cancel()
    }

    @Test("a rewards form without the session's token or from another origin is refused and changes nothing")
    func forged() async throws {
        let harness = try await WebHarness.withRewards()
        defer { harness.fixture.remove() }
        let cookie = try await harness.signIn()
        let noToken = await harness.web.handle(harness.post("/actions/rewards", [("command", "pin"), ("pin-new", Self.pin)], cookie: cookie, csrf: nil))
        #expect(noToken.status == 403)
        let csrf = try await harness.csrfToken(cookie: cookie)
        let elsewhere = await harness.web.handle(harness.post("/actions/rewards", [("command", "pin"), ("pin-new", Self.pin)], cookie: cookie, csrf: csrf,
                                                              origin: "http://evil.example"))
        #expect(elsewhere.status == 403)
        #expect(try await harness.agent.rewardsScreen().pinSet == false)
        #expect(await harness.web.handle(harness.get("/actions/rewards", cookie: cookie)).status == 405)
    }
}

@Suite("Web app: a child's rewards on the parent's family page")
struct WebFamilyRewardsTests {
    /// A day summary carrying rewards: 420 points, gcompris a learning program at 15 a minute, one badge.
    static func summary(_ device: TestDevice) throws -> SyncMutation {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let today = LocalDate(TestDevice.now, in: calendar)
        var record = RewardsRecord(day: today)
        record.balances = PointBalances(byProgram: ["gcompris": 420])
        record.badges = ["first_steps": TestDevice.now]
        record.totals = RewardTotals(questsCompleted: 1, pointsEarned: 420)
        let settings = RewardsSettings(programs: [RewardProgram(name: "gcompris", category: .learning, rate: 15)])
        let screen = RewardsScreen(engine: RewardsEngine(record: record, settings: settings, calendar: calendar), now: TestDevice.now)
        let ledger = [LedgerEntry(id: UUID(), kind: .adjustment, points: 420, program: "gcompris", day: today, at: TestDevice.now, reason: "a good week")]
        return try DailySummaryBuilder.mutation(
            DailySummary(deviceID: try device.family.identity().id, date: today, rewards: RewardsSnapshot(screen: screen, ledger: ledger), lastUpdated: TestDevice.now),
            id: MutationID(rawValue: UUID())
        )
    }

    @Test("a parent reads a child's balance, badges, programs and ledger, sends a program and points the child applies, and a bad rate is refused beside its field")
    func parent() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            let childID = try await offPool {
                _ = try child.store.enqueue(try Self.summary(child), now: TestDevice.now)
                _ = child.syncOnce()
                return try child.family.identity().id
            }
            let harness = try await WebHarness(family: parent.family)
            defer { harness.fixture.remove() }
            let cookie = try await harness.signIn()
            let csrf = try await harness.csrfToken(cookie: cookie)

            let page = WebHarness.text(await harness.web.handle(harness.get("/family/device/\(childID)", cookie: cookie)))
            #expect(page.contains("<h3 id=\"child-rewards-heading\">Rewards</h3>"))
            #expect(page.contains("<dd id=\"child-balance\">420 points</dd>"))
            #expect(page.contains("<th scope=\"row\">gcompris</th><td>learning</td><td>15 points a minute</td>"))
            #expect(page.contains("<li class=\"badge-tile unlocked\">"))
            #expect(page.contains("<td>by a parent: a good week</td>"))

            let badRate = await harness.web.handle(harness.post("/actions/family", [
                ("command", "send"), ("device", childID.description), ("change", "rewards-program"),
                ("reward-program", "gcompris"), ("reward-category", "learning"), ("reward-rate", "500"),
            ], cookie: cookie, csrf: csrf))
            #expect(badRate.status == 422)
            #expect(WebHarness.text(badRate).contains("id=\"reward-rate-error\">A rate of 500 points a minute is out of range"))
            let noReason = await harness.web.handle(harness.post("/actions/family", [
                ("command", "send"), ("device", childID.description), ("change", "rewards-adjust"),
                ("reward-adjust-points", "100"), ("reward-adjust-reason", ""), ("reward-adjust", "grant"),
            ], cookie: cookie, csrf: csrf))
            #expect(noReason.status == 422)
            #expect(WebHarness.text(noReason).contains("id=\"reward-adjust-reason-error\">"))

            for fields in [
                [("change", "rewards-program"), ("reward-program", "tuxmath"), ("reward-category", "learning"), ("reward-rate", "12")],
                [("change", "rewards-adjust"), ("reward-adjust-points", "100"), ("reward-adjust-reason", "chores"), ("reward-adjust", "grant")],
            ] {
                let sent = await harness.web.handle(harness.post("/actions/family", [("command", "send"), ("device", childID.description)] + fields,
                                                                 cookie: cookie, csrf: csrf))
                #expect(sent.status == 303)
            }
            try await offPool {
                #expect(child.syncOnce() == .synced(applied: 2))
                #expect(child.applier.applied.withLock { $0 } == [
                    .rewards(.setProgram("tuxmath", category: .learning, rate: 12)), .rewards(.adjust(points: 100, reason: "chores")),
                ])
            }
        }
    }

    @Test("a child that reported no rewards yet shows that, and the forms to send them")
    func noneYet() async throws {
        try await withFamilyServer { port, _ in
            let (parent, child) = try await pairedFamily(server: "http://127.0.0.1:\(port)")
            let childID = try await offPool { try child.family.identity().id }
            let harness = try await WebHarness(family: parent.family)
            defer { harness.fixture.remove() }
            let page = WebHarness.text(await harness.web.handle(harness.get("/family/device/\(childID)", cookie: try await harness.signIn())))
            #expect(page.contains("id=\"child-rewards-none\">No rewards reported yet"))
            #expect(page.contains("id=\"rewards-adjust-form\""))
        }
    }
}
