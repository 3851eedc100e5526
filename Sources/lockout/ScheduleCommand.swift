import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore

/// `lockout schedule`: the three break kinds' intervals, durations and toggles.
struct Schedule: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change how often and how long each break kind runs.",
        subcommands: [Show.self, Set.self, Hours.self],
        defaultSubcommand: Show.self
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the schedule.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let settings = try reportingErrors { try global.context().control().settings() }
            let screen = ScheduleScreen(settings: settings)
            if json { try printJSON(screen) } else { print(TextRendering.schedule(screen)) }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change one break kind.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "eye, micro or long.") var kind: String
        @Option(help: "Interval, whole minutes 1...120, like 20m or 1h.") var every: String?
        @Option(name: .customLong("for"), help: "Duration, 5...3600 seconds, like 20s or 5m.") var duration: String?
        @Option(help: "true or false.") var enabled: String?

        func run() throws {
            let screen = try reportingErrors {
                let kind = try BreakKind(parsing: kind)
                let interval = try every.map { try DurationParser.wholeMinutes($0) }
                let seconds = try duration.map { try DurationParser.seconds($0) }
                let toggle = try enabled.map(parseBool)
                guard interval != nil || seconds != nil || toggle != nil else {
                    throw CLIUsageError("nothing to change: give --every, --for or --enabled")
                }
                let control = try global.context().control()
                _ = try control.perform(.setKind(kind, intervalMinutes: interval, durationSeconds: seconds, enabled: toggle))
                return ScheduleScreen(settings: try control.settings())
            }
            print(TextRendering.schedule(screen))
        }
    }

    struct Hours: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set working hours, like 'mon-fri 09:00-17:00', or 'off' to run breaks at any time."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Days (mon-fri, sat,sun, daily) and a window HH:MM-HH:MM, or 'off'.") var words: [String]

        func run() throws {
            let screen = try reportingErrors {
                let hours = try WorkingHoursParser.parse(words)
                let control = try global.context().control()
                _ = try control.perform(.setWorkingHours(hours))
                return ScheduleScreen(settings: try control.settings())
            }
            print(TextRendering.schedule(screen))
        }
    }
}

func parseBool(_ text: String) throws -> Bool {
    switch text.lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: throw CLIUsageError("'\(text)' is not true or false")
    }
}

/// `lockout settings`: snooze, retention, the break screen, natural breaks, deferral and chimes.
struct SettingsVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the snooze, how long history is kept, the break screen, natural breaks, deferral and chimes.",
        subcommands: [Show.self, Set.self, Programs.self],
        defaultSubcommand: Show.self
    )

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the settings.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let settings = try reportingErrors { try global.context().control().settings() }
            let screen = SettingsScreen(settings: settings)
            if json {
                try printJSON(screen)
            } else {
                print(TextRendering.settings(screen))
                // This device's own: kept beside the break screen, not synced.
                let preferences = WebPreferences(directory: global.directory())
                print("Natural breaks: \(preferences.naturalBreaks ? "on" : "off")")
                print("Media playing counts as present: \(preferences.mediaPresent ? "on" : "off")")
                print(Set.deferralText(preferences.deferral))
                print(Set.chimeText(preferences.chimes))
                print(Set.strictText(preferences.strictBreaks, breakScreen: preferences.breakScreen))
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a setting: 'snooze DURATION' (1...60 min), 'retention DAYS' (7...3650), 'break-screen notification|window|native', 'natural-breaks on|off', 'strict-breaks on|off', 'media-present on|off', 'defer-fullscreen|defer-calls|defer-dnd on|off', 'max-deferral DURATION' (1...240 min), 'call-allow-list NAME[,NAME…]|none' or 'chime|chime-eye|chime-micro|chime-long on|off'."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "snooze, retention, break-screen, natural-breaks, strict-breaks, media-present, defer-fullscreen, defer-calls, defer-dnd, max-deferral, call-allow-list, chime, chime-eye, chime-micro or chime-long.") var name: String
        @Argument(help: "The new value.") var value: String

        func run() throws {
            if name == "break-screen" {
                try setBreakScreen()
                return
            }
            if name == "natural-breaks" {
                try setNaturalBreaks()
                return
            }
            if name == "strict-breaks" {
                try setStrictBreaks()
                return
            }
            if name == "media-present" {
                try setMediaPresent()
                return
            }
            if Self.deferralNames.contains(name) {
                try setDeferral()
                return
            }
            if name == "chime" || name.hasPrefix("chime-") {
                try setChime()
                return
            }
            let screen = try reportingErrors {
                let command: BreakCommand
                switch name {
                case "snooze":
                    command = .setSnooze(minutes: try DurationParser.wholeMinutes(value))
                case "retention":
                    guard let days = Int(value) else { throw CLIUsageError("retention must be a whole number of days, 7...3650") }
                    command = .setRetention(days: days)
                default:
                    throw CLIUsageError("unknown setting '\(name)': use snooze, retention, break-screen, natural-breaks, strict-breaks, media-present, defer-fullscreen, defer-calls, defer-dnd, max-deferral, call-allow-list, chime, chime-eye, chime-micro or chime-long")
                }
                let control = try global.context().control()
                _ = try control.perform(command)
                return SettingsScreen(settings: try control.settings())
            }
            print(TextRendering.settings(screen))
        }

        static let deferralNames: Swift.Set<String> = ["defer-fullscreen", "defer-calls", "defer-dnd", "max-deferral", "call-allow-list"]

        /// What may defer breaks, and for how long at most: kept with the break screen, read by the agent at each look.
        private func setDeferral() throws {
            let settings = try reportingErrors { () throws -> DeferralSettings in
                var settings = WebPreferences(directory: global.directory()).deferral
                switch name {
                case "max-deferral":
                    let minutes = try DurationParser.wholeMinutes(value)
                    guard DeferralSettings.maxDeferralRange.contains(minutes) else {
                        throw CLIUsageError("max-deferral must be 1...240 min (got \(minutes) min)")
                    }
                    settings.maxDeferralMinutes = minutes
                case "call-allow-list":
                    let names = value.lowercased() == "none" ? [] : value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard names.allSatisfy({ !$0.isEmpty && !$0.contains("/") }) else {
                        throw CLIUsageError("call-allow-list takes program names separated by commas, or none")
                    }
                    settings.callAllowList = names
                default:
                    let on: Bool
                    switch value.lowercased() {
                    case "on": on = true
                    case "off": on = false
                    default: throw CLIUsageError("unknown \(name) value '\(value)': use on or off")
                    }
                    switch name {
                    case "defer-fullscreen": settings.fullScreen = on
                    case "defer-calls": settings.calls = on
                    default: settings.doNotDisturb = on
                    }
                }
                let chosen = settings
                WebPreferences(directory: global.directory()).updateDeferral { $0 = chosen }
                return settings
            }
            print(Self.deferralText(settings))
        }

        /// `chime on|off` for every kind, `chime-eye|chime-micro|chime-long on|off` for one.
        private func setChime() throws {
            let chimes = try reportingErrors { () throws -> ChimeSettings in
                let kinds: [BreakKind]
                if name == "chime" {
                    kinds = BreakKind.allCases
                } else if let kind = BreakKind(rawValue: String(name.dropFirst("chime-".count))) {
                    kinds = [kind]
                } else {
                    throw CLIUsageError("unknown setting '\(name)': use chime, chime-eye, chime-micro or chime-long")
                }
                let on: Bool
                switch value.lowercased() {
                case "on": on = true
                case "off": on = false
                default: throw CLIUsageError("unknown \(name) value '\(value)': use on or off")
                }
                let preferences = WebPreferences(directory: global.directory())
                var chimes = preferences.chimes
                for kind in kinds { chimes[kind] = on }
                preferences.setChimes(chimes)
                return chimes
            }
            print(Self.chimeText(chimes))
        }

        /// `Chimes: eye off · micro on · long on`.
        static func chimeText(_ chimes: ChimeSettings) -> String {
            "Chimes at a break's start and end: " + BreakKind.allCases.map { "\($0.rawValue) \(chimes[$0] ? "on" : "off")" }.joined(separator: " · ")
        }

        /// `Breaks wait for: a full-screen window, a call, do not disturb — at most 60 min. Never a call: zoom.`
        static func deferralText(_ settings: DeferralSettings) -> String {
            let reasons = DeferralReason.allCases.filter { settings.enabledReasons.contains($0) }.map(\.text)
            var text = reasons.isEmpty
                ? "Breaks wait for nothing: they are shown when due."
                : "Breaks wait for: \(reasons.joined(separator: ", ")) — at most \(settings.maxDeferralMinutes) min."
            if !settings.callAllowList.isEmpty {
                text += " Never a call: \(settings.callAllowList.joined(separator: ", "))."
            }
            if !settings.programs.isEmpty {
                text += " Programs: " + settings.programs.map { "\($0.name) (\($0.when.rawValue))" }.joined(separator: ", ") + "."
            }
            return text
        }

        /// `media-present on|off`: kept with the break screen, read by the agent at each change of playback.
        private func setMediaPresent() throws {
            let on = try reportingErrors {
                switch value.lowercased() {
                case "on": return true
                case "off": return false
                default: throw CLIUsageError("unknown media-present value '\(value)': use on or off")
                }
            }
            WebPreferences(directory: global.directory()).setMediaPresent(on)
            print(on
                ? "Media playing counts as present: on — while a media player plays, time without input is not time away (a film is no break)."
                : "Media playing counts as present: off — time without input counts as time away even while a media player plays.")
        }

        /// `natural-breaks on|off`: kept with the break screen, read by the agent at each absence.
        private func setNaturalBreaks() throws {
            let on = try reportingErrors {
                switch value.lowercased() {
                case "on": return true
                case "off": return false
                default: throw CLIUsageError("unknown natural-breaks value '\(value)': use on or off")
                }
            }
            WebPreferences(directory: global.directory()).setNaturalBreaks(on)
            print(on
                ? "Natural breaks: on — time away from the computer (no input, the screen locked, asleep) as long as a break counts as that break."
                : "Natural breaks: off — breaks fall due whether or not you are at the computer.")
        }

        /// `strict-breaks on|off`: kept in the web app's preferences, read by the agent at each break.
        private func setStrictBreaks() throws {
            let on = try reportingErrors { () throws -> Bool in
                switch value.lowercased() {
                case "on": true
                case "off": false
                default: throw CLIUsageError("unknown strict-breaks value '\(value)': use on or off")
                }
            }
            let preferences = WebPreferences(directory: global.directory())
            preferences.setStrictBreaks(on)
            print(Self.strictText(on, breakScreen: preferences.breakScreen))
        }

        static func strictText(_ on: Bool, breakScreen: BreakScreenMode) -> String {
            StrictBreakLine.line(on: on, mode: breakScreen, environment: ProcessInfo.processInfo.environment)
        }

        /// `break-screen notification|window|native`: kept in the web app's preferences, read by the agent at each break.
        private func setBreakScreen() throws {
            let mode = try reportingErrors {
                guard let mode = BreakScreenMode(rawValue: value.lowercased()) else {
                    throw CLIUsageError("unknown break screen '\(value)': use notification, window or native")
                }
                WebPreferences(directory: global.directory()).setBreakScreen(mode)
                return mode
            }
            switch mode {
            case .notification:
                print("Break screen: notification — a due break shows as a notification (and over any open page of the web app).")
            case .window:
                let environment = ProcessInfo.processInfo.environment
                if let browser = BreakWindowBrowser.find(environment: environment, defaultBrowser: BreakWindowBrowser.desktopDefault(environment: environment)) {
                    print("Break screen: window — a due break also opens full screen in \(browser.executable.lastPathComponent), closed when it is answered.")
                } else {
                    print("Break screen: window — but no Chromium, Chrome or Firefox is installed, so breaks show as notifications until one is.")
                }
            case .native:
                if let screen = NativeBreakScreen.find(environment: ProcessInfo.processInfo.environment) {
                    print("Break screen: native — a due break also shows on every monitor (\(screen.executable.lastPathComponent)), closed when it is answered.")
                } else {
                    print("Break screen: native — but \(NativeBreakScreen.name) is not installed, so breaks open the browser window instead.")
                }
            }
        }
    }
}
