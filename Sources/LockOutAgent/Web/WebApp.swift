import Foundation
import LockOutCore
import LockOutWeb
import NIOHTTP1
import LockOutRuntime

/// The web app the agent serves beside its API: every page rendered from the same screen models the
/// CLI prints, every form turned into the same commands.
///
/// Who gets in: a browser holding a session (`WebSessions`, opened by `lockout open`'s one-time link).
/// Before this sees a request the server has refused any `Host` but the agent's own loopback address
/// (DNS rebinding); here every form post must come from the app's own origin (`Origin`) and carry the
/// session's token (`csrf`). Pages are never cached, may not be framed, and load nothing from elsewhere.
///
/// | path | GET | POST |
/// |---|---|---|
/// | `/login?code=…&next=/page` | opens a session (one-time code), then redirects to the page | |
/// | `/` | Dashboard | |
/// | `/actions/break` | | a Dashboard button: done, snooze, skip, take-now, pause, pause-tomorrow, resume, start, stop, enable, disable |
/// | `/schedule` | Schedule | the schedule form |
/// | `/statistics?days=7\|14\|30` | Statistics | |
/// | `/statistics.csv` | every day as CSV | |
/// | `/rewards?seen=ID` | Rewards (`seen`: the celebration dismissed) | |
/// | `/actions/rewards` | | a Rewards form: redeem; behind the parent PIN program, cap, mode, quest, adjust; pin |
/// | `/settings` | Settings | the settings form |
/// | `/actions/test-notification`, `/actions/sync` | | a test notification; a family sync round |
/// | `/break` | the break screen on its own (a break window) | |
/// | `/break/panel?return=/page` | the break screen to lay over a page, or 204 when no break is on screen | |
/// | `/events` | server-sent events: a signature of what the pages show, sent when it changes | |
public struct WebApp: Sendable {
    private let agent: DeviceAgent
    private let sessions: WebSessions
    private let calendar: Calendar
    private let familySync: FamilySyncRunner?
    private let familyStatus: @Sendable () -> FamilySyncStatus?
    private let notifications: @Sendable () -> SettingsPage.Extras.NotificationState
    private let family: FamilyWeb?
    private let preferences: WebPreferences
    private let tellsFocus: Bool

    /// `tellsFocus`: whether the desktop tells which program has focus, for the exceptions section.
    public init(
        agent: DeviceAgent, sessions: WebSessions, calendar: Calendar, familySync: FamilySyncRunner? = nil,
        familyStatus: @escaping @Sendable () -> FamilySyncStatus? = { nil },
        notifications: @escaping @Sendable () -> SettingsPage.Extras.NotificationState, family: FamilyWeb? = nil,
        preferences: WebPreferences = WebPreferences(onboarded: true, gateOnboarded: true), tellsFocus: Bool = true
    ) {
        self.tellsFocus = tellsFocus
        self.family = family
        self.preferences = preferences
        self.agent = agent
        self.sessions = sessions
        self.calendar = calendar
        self.familySync = familySync
        self.familyStatus = familyStatus
        self.notifications = notifications
    }

    /// The paths that take a form post.
    private static let postPaths: Set<String> = [
        "/actions/break", "/schedule", "/settings", "/actions/test-notification", "/actions/sync",
        "/actions/focus", "/actions/task", "/actions/activity", "/actions/gate", "/actions/family", "/actions/onboarding",
        "/actions/rewards", ExceptionsSection.path,
    ]
    /// The paths that answer GET besides the pages.
    private static let getPaths: Set<String> = [
        "/statistics.csv", "/login", "/events", BreakScreen.path, "/break/panel", Assets.stylesheetPath, Assets.scriptPath,
        "/focus/activities", "/focus/history", OnboardingPages.Flow.breaks.path, OnboardingPages.Flow.gate.path,
    ]

    /// Answers one request.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let page = WebPage(path: request.path)
        let takesPost = Self.postPaths.contains(request.path)
        let takesGet = page != nil || Self.getPaths.contains(request.path) || Self.sessionID(request.path) != nil
            || Self.deviceID(request.path) != nil
        guard takesGet || takesPost else {
            return Self.html(Layout.message(title: "Not found", paragraphs: ["LockOut has no page at \(request.path)."]), status: 404)
        }
        let isPost = request.method == .POST
        guard (isPost && takesPost) || (request.method == .GET && takesGet) else {
            let allowed = [takesGet ? "GET" : nil, takesPost ? "POST" : nil].compactMap { $0 }.joined(separator: ", ")
            var response = Self.html(
                Layout.message(title: "Method not allowed", paragraphs: ["\(request.path) answers \(allowed) only."]), status: 405
            )
            response.headers.add(name: "Allow", value: allowed)
            return response
        }
        switch request.path {
        case Assets.stylesheetPath: return Self.asset(Assets.stylesheet, type: "text/css; charset=utf-8")
        case Assets.scriptPath: return Self.asset(Assets.script, type: "text/javascript; charset=utf-8")
        case "/login": return login(request)
        default: break
        }
        guard let session = sessions.session(cookieHeader: request.headers.first(name: "Cookie")) else {
            return Self.html(Layout.message(title: "Open LockOut from your terminal", paragraphs: [
                "This browser has no LockOut session: the web app opens only through a link the agent makes for you.",
                "Run lockout open (or lockout open schedule, statistics, settings) in a terminal; it opens this page signed in.",
            ]), status: 401)
        }
        if isPost {
            switch Self.checkedForm(request, session: session) {
            case .accepted(let fields): return await post(request.path, fields: fields, session: session)
            case .refused(let refusal): return refusal
            }
        }
        switch request.path {
        case "/events": return await events()
        case BreakScreen.path, "/break/panel": return await breakScreen(request, session: session)
        case "/focus/activities", "/focus/history": return await focusPage(request, session: session)
        case OnboardingPages.Flow.breaks.path, OnboardingPages.Flow.gate.path: return await onboarding(request, session: session)
        default:
            if let id = Self.sessionID(request.path) { return await focusSession(id, session: session) }
            if let id = Self.deviceID(request.path) { return await familyDevice(id, request: request, session: session) }
            return await get(page, request: request, session: session)
        }
    }

    /// The device id of a `/family/device/ID` path.
    static func deviceID(_ path: String) -> DeviceID? {
        guard path.hasPrefix("/family/device/") else { return nil }
        return UUID(uuidString: String(path.dropFirst("/family/device/".count))).map(DeviceID.init(rawValue:))
    }

    /// The session id of a `/focus/history/ID` path.
    static func sessionID(_ path: String) -> FocusSessionID? {
        guard path.hasPrefix("/focus/history/") else { return nil }
        return UUID(uuidString: String(path.dropFirst("/focus/history/".count))).map(FocusSessionID.init(rawValue:))
    }

    // MARK: The break screen and live updates

    private func breakScreen(_ request: HTTPRequest, session: WebSessions.Session) async -> HTTPResponse {
        let chrome = await chrome(.dashboard, session)
        if request.path == BreakScreen.path {
            return Self.html(BreakScreen.page(chrome.breakScreen, chrome: chrome))
        }
        guard let model = chrome.breakScreen else { return HTTPResponse(status: 204, headers: Self.securityHeaders) }
        let back = Self.returnPath(request.query["return"])
        return Self.html(BreakScreen.overlay(model, chrome: chrome, returnPath: back).rendered())
    }

    /// The event stream an open page listens to: one `data:` line with the signature of what pages show,
    /// then one each time it changes. Nothing is sent while nothing changes.
    private func events() async -> HTTPResponse {
        let id = UUID()
        let agent = agent
        let stream = HTTPBodyStream(onCancel: {
            Task(executorPreference: agent.executor) { await agent.unwatchPages(id: id) }
        })
        stream.send(Data("retry: 3000\n\n".utf8))
        await agent.watchPages(id: id) { signature in
            stream.send(Data("data: \(signature)\n\n".utf8))
        }
        var response = HTTPResponse.stream(stream, contentType: "text/event-stream")
        for (name, value) in Self.securityHeaders { response.headers.replaceOrAdd(name: name, value: value) }
        return response
    }

    /// Where a break screen's buttons lead back to: a page of the app or the break screen, else the Dashboard.
    static func returnPath(_ text: String?) -> String {
        guard let text else { return WebPage.dashboard.path }
        if text == BreakScreen.path { return text }
        return WebPage(path: text)?.path ?? WebPage.dashboard.path
    }

    // MARK: Pages

    private func get(_ page: WebPage?, request: HTTPRequest, session: WebSessions.Session) async -> HTTPResponse {
        do {
            switch page {
            case .dashboard?:
                guard preferences.onboarded else { return Self.redirect(OnboardingPages.Flow.breaks.path) }
                return Self.html(try await dashboard(session: session, notice: nil))
            case .schedule?:
                let chrome = await chrome(.schedule, session, notice: request.query["saved"] != nil ? .done("Schedule saved.") : nil)
                return Self.html(SchedulePage.render(try await agent.scheduleScreen(), chrome: chrome))
            case .statistics?:
                var chrome = await chrome(.statistics, session)
                var range = StatsRange.week
                if let text = request.query["days"] {
                    if let days = Int(text), let chosen = try? StatsRange(days: days) {
                        range = chosen
                    } else {
                        chrome.notice = .error("“\(text.prefix(40))” is not a range: showing 7 days (choose 7, 14 or 30).")
                    }
                }
                let screen = StatisticsScreen(report: try await agent.statistics(range), chartWidth: BarChart.height)
                let focus = try await agent.focusStats(range), log = try await agent.gateLog(range)
                return Self.html(StatisticsPage.render(screen, focus: focus, gateLog: log, chrome: chrome), status: chrome.notice == nil ? 200 : 400)
            case .focus?:
                return Self.html(try await focus(form: .fresh, chrome: await chrome(.focus, session)))
            case .family?:
                return await familyPage(chrome: await chrome(.family, session))
            case .gate?:
                guard preferences.gateOnboarded else { return Self.redirect(OnboardingPages.Flow.gate.path) }
                // After an edit that dropped a held one: said where the edit was made.
                let notice: PageChrome.Notice? = request.query["dropped"] != nil ? .done(GatePage.droppedHeldEdit) : nil
                return Self.html(GatePage.render(try await agent.gateScreen(), chrome: await chrome(.gate, session, notice: notice)))
            case .rewards?:
                let notice = request.query["saved"].map { PageChrome.Notice.done(Self.rewardsSaved($0)) }
                return await rewardsPage(session, notice: notice, seen: request.query["seen"])
            case .settings?:
                let notice: PageChrome.Notice? = request.query["tested"] != nil ? .done("A test notification was sent.")
                    : request.query["saved"] != nil ? .done("Settings saved.") : request.query["synced"].map { .done($0) }
                return Self.html(try await settings(form: .fresh, chrome: await chrome(.settings, session, notice: notice)))
            case nil:
                var response = HTTPResponse(status: 200, headers: Self.securityHeaders, body: Data(try await agent.dailyCSV().utf8))
                response.headers.replaceOrAdd(name: "Content-Type", value: "text/csv; charset=utf-8")
                response.headers.replaceOrAdd(name: "Content-Disposition", value: "attachment; filename=\"lockout-breaks.csv\"")
                return response
            }
        } catch {
            return Self.failure(error)
        }
    }

    private func dashboard(session: WebSessions.Session, notice: PageChrome.Notice?) async throws -> String {
        let screen = try await agent.dashboard()
        let focus = try? await agent.focusScreen()
        let gate = try? await agent.gateScreen()
        return DashboardPage.render(screen, focus: focus, gate: gate, chrome: await chrome(.dashboard, session, notice: notice))
    }

    private func focus(form: FormState, chrome: PageChrome) async throws -> String {
        let model = FocusPage.Model(screen: try await agent.focusScreen(), activities: try await agent.activities(), tasks: try await agent.taskRows())
        return FocusPage.render(model, form: form, chrome: chrome)
    }

    private func focusPage(_ request: HTTPRequest, session: WebSessions.Session) async -> HTTPResponse {
        do {
            var chrome = await chrome(.focus, session)
            if request.path == "/focus/activities" {
                let search = request.query["q"].flatMap { $0.isEmpty ? nil : $0 }
                let collection = request.query["collection"].flatMap { $0.isEmpty ? nil : $0 }
                let filter = ActivityFilter(search: search, collection: collection)
                return Self.html(ActivitiesPage.render(
                    try await agent.activities(filter), filter: filter, collections: try await agent.activityCollections(), chrome: chrome
                ))
            }
            let activity = request.query["activity"].flatMap { $0.isEmpty ? nil : $0 }
            let from = request.query["from"].flatMap { $0.isEmpty ? nil : $0 }, to = request.query["to"].flatMap { $0.isEmpty ? nil : $0 }
            var sessions: [FocusSessionDetail] = []
            do {
                let query = try FocusHistoryQuery(activity: activity, from: try from.map(TaskInput.date), to: try to.map(TaskInput.date))
                sessions = try await agent.focusHistory(query)
            } catch let error as FocusDataError {
                chrome.notice = .error(WebForm.sentence(error.description))
            }
            let page = FocusHistoryPage.render(sessions, activities: try await agent.activities(), activity: activity, from: from, to: to, chrome: chrome)
            return Self.html(page, status: chrome.notice == nil ? 200 : 400)
        } catch {
            return Self.failure(error)
        }
    }

    private func focusSession(_ id: FocusSessionID, session: WebSessions.Session) async -> HTTPResponse {
        do {
            guard let detail = try await agent.focusSession(id) else {
                return Self.html(Layout.message(title: "Not found", paragraphs: ["There is no focus session \(id)."]), status: 404)
            }
            return Self.html(FocusHistoryPage.detail(detail, chrome: await chrome(.focus, session)))
        } catch {
            return Self.failure(error)
        }
    }

    // MARK: Onboarding

    private func onboarding(_ request: HTTPRequest, session: WebSessions.Session, form: FormState = .fresh,
                            notice: PageChrome.Notice? = nil, status: Int = 200) async -> HTTPResponse {
        let flow: OnboardingPages.Flow = request.path == OnboardingPages.Flow.gate.path ? .gate : .breaks
        let step = request.query["step"].flatMap(Int.init) ?? 1
        let notice = notice ?? (request.query["tested"] != nil ? .done("A test notification was sent: did it show on your desktop?") : nil)
        do {
            let toggles = try await agent.dashboard().toggles
            let chrome = await chrome(flow == .gate ? .gate : .dashboard, session, notice: notice)
            return Self.html(OnboardingPages.render(flow, step: step, toggles: toggles, form: form, chrome: chrome), status: status)
        } catch {
            return Self.failure(error)
        }
    }

    private func finishOnboarding(_ fields: [String: String], session: WebSessions.Session) async -> HTTPResponse {
        do {
            switch fields["flow"] {
            case "breaks":
                try await agent.perform(BreakKind.allCases.map { kind in
                    BreakCommand.setKind(kind, intervalMinutes: nil, durationSeconds: nil, enabled: fields[kind.rawValue] != nil)
                })
                preferences.finishOnboarding()
                return Self.redirect(WebPage.dashboard.path)
            case "gate-block":
                let executable = (fields["executable"] ?? "").trimmingCharacters(in: .whitespaces)
                if !executable.isEmpty {
                    do {
                        _ = try await agent.perform(GateCommand.block(BlockedApp(executable: executable)))
                    } catch let refusal as GateInputError {
                        let message = WebForm.sentence(refusal.description)
                        let request = HTTPRequest(method: .GET, path: OnboardingPages.Flow.gate.path, query: ["step": "3"])
                        return await onboarding(request, session: session, form: FormState(values: fields, errors: ["executable": message]),
                                                notice: .error(message), status: 409)
                    }
                }
                return Self.redirect(OnboardingPages.Flow.gate.path + "?step=4")
            case "gate":
                preferences.finishGateOnboarding()
                return Self.redirect(WebPage.gate.path)
            default:
                return Self.html(Layout.message(title: "Form refused", paragraphs: ["The form named no onboarding step."]), status: 422)
            }
        } catch {
            return Self.failure(error)
        }
    }

    /// Whether `path` is a step of an onboarding flow, like `/welcome?step=3`.
    static func isOnboardingStep(_ path: String) -> Bool {
        for flow in [OnboardingPages.Flow.breaks, .gate] {
            let prefix = flow.path + "?step="
            if path.hasPrefix(prefix), let step = Int(path.dropFirst(prefix.count)), (1...flow.pages.count).contains(step) { return true }
        }
        return false
    }

    // MARK: Family

    /// What the family pages answer on an agent that runs without family sync.
    private static var noFamily: HTTPResponse {
        html(Layout.message(title: "Family", paragraphs: ["This agent runs without family sync."]), status: 404)
    }

    private func familyPage(form: FormState = .fresh, chrome: PageChrome, status: Int = 200) async -> HTTPResponse {
        guard let family else { return Self.noFamily }
        do {
            return Self.html(FamilyPage.render(try await family.model(), form: form, chrome: chrome, calendar: calendar), status: status)
        } catch {
            return Self.failure(error)
        }
    }

    private func familyDevice(_ id: DeviceID, request: HTTPRequest, session: WebSessions.Session, form: FormState = .fresh,
                              notice: PageChrome.Notice? = nil, status: Int = 200) async -> HTTPResponse {
        guard let family else { return Self.noFamily }
        let days = request.query["days"].flatMap(Int.init).flatMap { [7, 14, 30].contains($0) ? $0 : nil } ?? 7
        let now = await agent.now()
        let calendar = calendar
        var chrome = await chrome(.family, session, notice: notice)
        do {
            let (device, summaries, commands, rewards) = try await family.run { service in
                let (device, summaries) = try service.usage(id.description, days: days, today: LocalDate(now, in: calendar), calendar: calendar)
                // A child's rewards ride on its day summaries; a page without them still shows the rest.
                let rewards = device.deviceType == .parentDevice ? nil
                    : (try? service.rewards(device.deviceID.description)).map { FamilyDevicePage.Rewards(snapshot: $0.1, updated: $0.2) }
                return (device, summaries, try service.sentCommands(to: device.deviceID), rewards)
            }
            return Self.html(FamilyDevicePage.render(device, summaries: summaries, days: days, commands: commands, form: form, chrome: chrome, calendar: calendar,
                                                     rewards: rewards), status: status)
        } catch {
            guard let message = FamilyRefusal.message(error) else { return Self.failure(error) }
            chrome.notice = .error(message)
            return await familyPage(chrome: chrome, status: 409)
        }
    }

    private func familyAction(_ fields: [String: String], session: WebSessions.Session) async -> HTTPResponse {
        guard let family else { return Self.noFamily }
        let calendar = calendar
        do {
            switch fields["command"] {
            case "setup":
                guard let mode = fields["mode"].flatMap(DeviceMode.init(rawValue:)) else { throw FamilyInputError.unknownMode(fields["mode"] ?? "") }
                _ = try await family.run { try $0.setup(mode, name: nil) }
            case "create":
                let server = fields["server"] ?? ""
                _ = try await family.run { try $0.create(server: server) }
                _ = await familySync?.syncNowAsync()
            case "join":
                let payload = (fields["payload"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                _ = try await family.run { try $0.join(payload: payload) }
                _ = await familySync?.syncNowAsync()
            case "pair":
                let mode = fields["mode"].flatMap(DeviceMode.init(rawValue:)) ?? .childDevice
                let child = fields["childName"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                let pairing = try await family.run { try $0.pair(mode: mode, childName: child) }
                return Self.html(FamilyPage.pairing(pairing, chrome: await chrome(.family, session), calendar: calendar))
            case "revoke":
                let device = fields["device"] ?? ""
                _ = try await family.run { try $0.revoke(device) }
            case "resend":
                let command = fields["commandID"] ?? ""
                _ = try await family.run { try $0.resend(command) }
            case "rename":
                let device = fields["device"] ?? "", name = fields["name"] ?? ""
                do {
                    _ = try await family.run { try $0.rename(device, to: name) }
                } catch {
                    guard let message = FamilyRefusal.message(error), let id = UUID(uuidString: device).map(DeviceID.init(rawValue:)) else { throw error }
                    let request = HTTPRequest(method: .GET, path: "/family/device/\(id)")
                    return await familyDevice(id, request: request, session: session, form: FormState(values: fields, errors: ["name": message]),
                                              notice: .error(message), status: 409)
                }
                return Self.redirect("/family/device/\(device)")
            case "send":
                guard let device = fields["device"].flatMap({ UUID(uuidString: $0) }).map(DeviceID.init(rawValue:)) else {
                    throw FamilyInputError.unknownDevice(fields["device"] ?? "")
                }
                let request = HTTPRequest(method: .GET, path: "/family/device/\(device)")
                switch FamilyForm.change(fields) {
                case .success(let change):
                    do {
                        _ = try await family.run { try $0.send(change, to: device.description) }
                    } catch {
                        guard let message = FamilyRefusal.message(error) else { throw error }
                        return await familyDevice(device, request: request, session: session, form: FormState(values: fields), notice: .error(message), status: 409)
                    }
                    return Self.redirect("/family/device/\(device)")
                case .failure(let refusal):
                    return await familyDevice(device, request: request, session: session, form: refusal.form,
                                              notice: .error(Self.refusedNotice(refusal)), status: 422)
                }
            default:
                throw FamilyInputError.invalidValue("the form named no action")
            }
            return Self.redirect(WebPage.family.path)
        } catch {
            guard let message = FamilyRefusal.message(error) else { return Self.failure(error) }
            let field = fields["command"] == "create" ? "server" : fields["command"] == "join" ? "payload" : "command"
            return await familyPage(form: FormState(values: fields, errors: [field: message]), chrome: await chrome(.family, session, notice: .error(message)), status: 409)
        }
    }

    private func settings(form: FormState, exceptionsForm: FormState = .fresh, chrome: PageChrome) async throws -> String {
        let exceptions = SettingsPage.Extras.Exceptions(deferral: preferences.deferral, mediaPresent: preferences.mediaPresent, tellsFocus: tellsFocus)
        let extras = SettingsPage.Extras(notifications: notifications(), sync: familyStatus(), exceptions: exceptions)
        return SettingsPage.render(
            try await agent.settingsScreen(), extras: extras, form: form, exceptionsForm: exceptionsForm, chrome: chrome, calendar: calendar
        )
    }

    /// The exceptions section's forms: add or remove a chosen program, switch media playing counting as present.
    /// A refused program name shows again with its message, and nothing is kept.
    private func exceptionsAction(_ fields: [String: String], session: WebSessions.Session) async throws -> HTTPResponse {
        switch fields["command"] {
        case "media":
            preferences.setMediaPresent(fields["mediaPresent"] != nil)
        case "add", "remove":
            var deferral = preferences.deferral
            do {
                if fields["command"] == "add" {
                    // The select offers only these two; anything else is taken as the default.
                    let when = fields["when"].flatMap(DeferredProgram.When.init(rawValue:)) ?? .running
                    try deferral.addProgram(fields["program"] ?? "", when: when)
                } else {
                    try deferral.removeProgram(fields["program"] ?? "")
                }
            } catch {
                let message = WebForm.sentence("\(error)")
                let chrome = await chrome(.settings, session, notice: .error(message))
                let form = FormState(values: fields, errors: ["program": message])
                return Self.html(try await settings(form: .fresh, exceptionsForm: form, chrome: chrome), status: 422)
            }
            let chosen = deferral
            preferences.updateDeferral { $0 = chosen }
        default:
            return Self.redirect("/settings")
        }
        return Self.redirect("/settings?saved=1")
    }

    /// What `page` needs besides its screen: the session's form token, a notice, the agent's now and clock speed.
    private func chrome(_ page: WebPage, _ session: WebSessions.Session, notice: PageChrome.Notice? = nil) async -> PageChrome {
        var breakScreen: BreakScreen.Model?
        if let dashboard = try? await agent.dashboard(), let settings = try? await agent.settings() {
            breakScreen = BreakScreen.Model(dashboard: dashboard, settings: settings)
        }
        return PageChrome(
            page: page, csrfToken: session.csrfToken, notice: notice, now: await agent.now(), clockScale: agent.clockScale, breakScreen: breakScreen
        )
    }

    // MARK: Forms

    private func post(_ path: String, fields: [String: String], session: WebSessions.Session) async -> HTTPResponse {
        do {
            switch path {
            case "/actions/break":
                switch BreakActionForm.command(fields) {
                case .success(let command):
                    do {
                        _ = try await agent.perform(command)
                    } catch let refusal as BreakInputError {
                        return Self.html(try await dashboard(session: session, notice: .error(WebForm.sentence(refusal.description))), status: 409)
                    }
                    return Self.redirect(Self.returnPath(fields["return"]))
                case .failure(let refusal):
                    return Self.html(try await dashboard(session: session, notice: .error(refusal.form.errors["command"] ?? "The form was refused.")), status: 422)
                }
            case "/schedule":
                switch ScheduleForm.commands(fields) {
                case .success(let commands):
                    try await agent.perform(commands)
                    return Self.redirect("/schedule?saved=1")
                case .failure(let refusal):
                    let chrome = await chrome(.schedule, session, notice: .error(Self.refusedNotice(refusal)))
                    return Self.html(SchedulePage.render(try await agent.scheduleScreen(), form: refusal.form, chrome: chrome), status: 422)
                }
            case "/settings":
                switch SettingsForm.commands(fields) {
                case .success(let commands):
                    try await agent.perform(commands)
                    return Self.redirect("/settings?saved=1")
                case .failure(let refusal):
                    let chrome = await chrome(.settings, session, notice: .error(Self.refusedNotice(refusal)))
                    return Self.html(try await settings(form: refusal.form, chrome: chrome), status: 422)
                }
            case "/actions/focus":
                switch FocusActionForm.command(fields) {
                case .success(let command):
                    do {
                        _ = try await agent.perform(command)
                    } catch let refusal as FocusInputError {
                        let chrome = await chrome(.focus, session, notice: .error(WebForm.sentence(refusal.description)))
                        return Self.html(try await focus(form: .fresh, chrome: chrome), status: 409)
                    }
                    return Self.redirect(WebPage.focus.path)
                case .failure(let refusal):
                    let chrome = await chrome(.focus, session, notice: .error(Self.refusedNotice(refusal)))
                    return Self.html(try await focus(form: refusal.form, chrome: chrome), status: 422)
                }
            case "/actions/task":
                switch TaskForm.command(fields, calendar: calendar) {
                case .success(let command):
                    do {
                        _ = try await agent.perform(command)
                    } catch let refusal as FocusDataError {
                        let chrome = await chrome(.focus, session, notice: .error(WebForm.sentence(refusal.description)))
                        return Self.html(try await focus(form: FormState(values: fields), chrome: chrome), status: 409)
                    }
                    return Self.redirect(WebPage.focus.path)
                case .failure(let refusal):
                    let chrome = await chrome(.focus, session, notice: .error(Self.refusedNotice(refusal)))
                    return Self.html(try await focus(form: refusal.form, chrome: chrome), status: 422)
                }
            case "/actions/activity":
                let chrome = await chrome(.focus, session)
                switch ActivityAction.parse(fields) {
                case .success(let action):
                    do {
                        try await agent.perform(action)
                    } catch let refusal as FocusDataError {
                        var refused = chrome
                        refused.notice = .error(WebForm.sentence(refusal.description))
                        let page = ActivitiesPage.render(
                            try await agent.activities(), filter: .all, collections: try await agent.activityCollections(),
                            form: FormState(values: fields), chrome: refused
                        )
                        return Self.html(page, status: 409)
                    }
                    return Self.redirect("/focus/activities")
                case .failure(let refusal):
                    var refused = chrome
                    refused.notice = .error(Self.refusedNotice(refusal))
                    let page = ActivitiesPage.render(
                        try await agent.activities(), filter: .all, collections: try await agent.activityCollections(), form: refusal.form, chrome: refused
                    )
                    return Self.html(page, status: 422)
                }
            case "/actions/gate":
                switch GateForm.command(fields) {
                case .success(let command):
                    do {
                        let screen = try await agent.perform(command)
                        return Self.redirect(WebPage.gate.path + (screen.droppedHeldEdit ? "?dropped=1" : ""))
                    } catch let refusal as GateInputError {
                        let message = WebForm.sentence(refusal.description)
                        let field = if case .block = command { "executable" } else if case .enterCode = command { "code" } else { "" }
                        let form = FormState(values: fields, errors: field.isEmpty ? [:] : [field: message])
                        let chrome = await chrome(.gate, session, notice: .error(message))
                        return Self.html(GatePage.render(try await agent.gateScreen(), form: form, chrome: chrome), status: 409)
                    }
                case .failure(let refusal):
                    let chrome = await chrome(.gate, session, notice: .error(refusal.form.errors.values.first ?? "The form was refused."))
                    return Self.html(GatePage.render(try await agent.gateScreen(), form: refusal.form, chrome: chrome), status: 422)
                }
            case "/actions/family":
                return await familyAction(fields, session: session)
            case "/actions/rewards":
                return await rewardsAction(fields, session: session)
            case ExceptionsSection.path:
                return try await exceptionsAction(fields, session: session)
            case "/actions/test-notification":
                await agent.presentTestNotification()
                if let back = fields["return"], Self.isOnboardingStep(back) { return Self.redirect(back + "&tested=1") }
                return Self.redirect("/settings?tested=1")
            case "/actions/onboarding":
                return await finishOnboarding(fields, session: session)
            default:
                guard let familySync else {
                    return Self.html(Layout.message(title: "Not in a family", paragraphs: ["This device is in no family: there is nothing to sync."]), status: 409)
                }
                let outcome = await familySync.syncNowAsync()
                let text = switch outcome {
                case .synced(let applied): applied == 0 ? "Synced." : "Synced: \(applied) change\(applied == 1 ? "" : "s") from the family applied."
                case .waiting(let reason, _): "Sync waits: \(reason). It tries again on its own."
                case .refused(let reason): "The family server refused: \(reason)."
                case .notMember: "This device is in no family: there is nothing to sync."
                }
                return Self.redirect("/settings?synced=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            }
        } catch {
            return Self.failure(error)
        }
    }

    /// The fields of a form post that came from this app's own page in this session, or the refusal.
    static func checkedForm(_ request: HTTPRequest, session: WebSessions.Session) -> FormCheck {
        func refuse(_ text: String) -> FormCheck {
            .refused(html(Layout.message(title: "Form refused", paragraphs: [text, "Nothing was changed. Go back, reload the page and try again."]), status: 403))
        }
        // The server let only the agent's own Host through; a form of the app's pages comes from that origin.
        guard let host = request.headers.first(name: "Host"), let origin = request.headers.first(name: "Origin") else {
            return refuse("The form did not say which page sent it (no Origin).")
        }
        guard origin == "http://\(host)" else {
            return refuse("The form was sent by another site (\(origin.prefix(100))), not by LockOut's own pages.")
        }
        let type = request.headers.first(name: "Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/x-www-form-urlencoded" else {
            return refuse("The form was not sent as a web form (application/x-www-form-urlencoded).")
        }
        guard let fields = WebForm.fields(String(decoding: request.body, as: UTF8.self)) else {
            return refuse("The form's encoding is broken.")
        }
        guard let token = fields[WebForm.csrfField],
              AgentEndpoint.constantTimeEquals(Array(token.utf8), Array(session.csrfToken.utf8))
        else {
            return refuse("The form's session token is missing or out of date.")
        }
        return .accepted(fields)
    }

    /// A form post's fields, or the answer that refuses it.
    enum FormCheck {
        case accepted([String: String])
        case refused(HTTPResponse)
    }

    private static func refusedNotice(_ refusal: FormRefusal) -> String {
        refusal.form.errors.count == 1 ? "One field needs a change: nothing was saved." : "\(refusal.form.errors.count) fields need a change: nothing was saved."
    }

    // MARK: Login

    private func login(_ request: HTTPRequest) -> HTTPResponse {
        guard let code = request.query["code"], let session = sessions.redeem(code) else {
            return Self.html(Layout.message(title: "This link has expired", paragraphs: [
                "A LockOut link works once, for two minutes. Run lockout open in a terminal for a new one.",
            ]), status: 403)
        }
        var response = Self.redirect(Self.returnPath(request.query["next"]))
        response.headers.add(name: "Set-Cookie", value: WebSessions.setCookie(session))
        return response
    }

    // MARK: Responses

    /// What every answer carries: not cached, not framed, nothing loaded from elsewhere, no referrer sent to
    /// another site (`same-origin`: with `no-referrer` a browser sends its own forms with `Origin: null`).
    static let securityHeaders: HTTPHeaders = [
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "same-origin",
    ]

    static func html(_ document: String, status: Int = 200) -> HTTPResponse {
        var headers = securityHeaders
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        return HTTPResponse(status: status, headers: headers, body: Data(document.utf8))
    }

    private static func asset(_ text: String, type: String) -> HTTPResponse {
        var headers = securityHeaders
        headers.replaceOrAdd(name: "Cache-Control", value: "max-age=3600")
        headers.add(name: "Content-Type", value: type)
        return HTTPResponse(status: 200, headers: headers, body: Data(text.utf8))
    }

    /// A 303 to `path` on this app: after a post, a reload does not send it again.
    static func redirect(_ path: String) -> HTTPResponse {
        var headers = securityHeaders
        headers.add(name: "Location", value: path)
        return HTTPResponse(status: 303, headers: headers)
    }

    private static func failure(_ error: any Error) -> HTTPResponse {
        html(Layout.message(title: "Something went wrong", paragraphs: [WebForm.sentence("\(error)"), "Nothing else was changed."]), status: 500)
    }


}

// MARK: Rewards

extension WebApp {
    /// How long after a quest completes or a badge unlocks the Rewards page celebrates it (agent time).
    static let celebrationWindow: TimeInterval = 15 * 60

    /// The Rewards page, with a refused form shown again as it was filled in (PINs never are).
    func rewardsPage(
        _ session: WebSessions.Session, form: FormState = .fresh, notice: PageChrome.Notice? = nil, seen: String? = nil, status: Int = 200
    ) async -> HTTPResponse {
        let chrome = await chrome(.rewards, session, notice: notice)
        guard await agent.hasRewards else { return Self.html(RewardsPage.unavailable(chrome: chrome), status: status) }
        do {
            let screen = try await agent.rewardsScreen()
            let ledger = try await agent.rewardsHistory(days: 30, limit: RewardsPage.ledgerLength).ledger
            let celebration = await agent.celebration(since: chrome.now.addingTimeInterval(-Self.celebrationWindow))
                .flatMap { $0.id.uuidString == seen ? nil : RewardsPage.Celebration(id: $0.id, text: $0.text) }
            return Self.html(RewardsPage.render(screen, ledger: ledger, celebration: celebration, form: form, chrome: chrome, calendar: calendar), status: status)
        } catch {
            return Self.failure(error)
        }
    }

    /// A Rewards form: parsed, then carried out by the agent exactly as `lockout rewards` would; any refusal
    /// shows the page again with the message beside its field, and changes nothing (but a wrong PIN's count).
    func rewardsAction(_ fields: [String: String], session: WebSessions.Session) async -> HTTPResponse {
        guard await agent.hasRewards else { return await rewardsPage(session, status: 404) }
        let command = fields["command"] ?? ""
        let typed = fields.filter { !$0.key.hasSuffix("pin") && !$0.key.hasPrefix("pin-") }
        do {
            switch RewardsForm.action(fields, pinSet: try await agent.rewardsScreen().pinSet) {
            case .success(let action):
                do {
                    switch action {
                    case .command(let rewardsCommand, let pin): _ = try await agent.perform(rewardsCommand, pin: pin)
                    case .setPIN(let pin, let old): _ = try await agent.setParentPIN(pin, old: old)
                    }
                } catch let refusal as RewardsInputError {
                    let message = WebForm.sentence(refusal.description)
                    let form = FormState(values: typed, errors: [RewardsForm.field(for: refusal, command: command): message])
                    return await rewardsPage(session, form: form, notice: .error(message), status: 409)
                }
                return Self.redirect("\(WebPage.rewards.path)?saved=\(command.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
            case .failure(let refusal):
                let form = FormState(values: typed, errors: refusal.form.errors)
                return await rewardsPage(session, form: form, notice: .error(Self.refusedNotice(refusal)), status: 422)
            }
        } catch {
            return Self.failure(error)
        }
    }

    /// What the Rewards page says after a saved form.
    static func rewardsSaved(_ command: String) -> String {
        switch command {
        case "redeem": "Points redeemed: reward time is open."
        case "pin": "The parent PIN is saved."
        case "adjust": "Points adjusted."
        default: "Saved."
        }
    }
}
