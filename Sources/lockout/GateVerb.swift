import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime

/// `lockout gate status|goal|block|peek|refresh|emergency-unlock|confirm|cancel|log`: the health gate.
struct GateVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Keep chosen apps locked each day until today's health goals are met.",
        discussion: """
        The running agent ('lockout run') stops a blocked program while the gate is closed: as its window opens \
        where the desktop tells of new windows (an X11 window manager, sway, Hyprland), else within 2 seconds of \
        its start; a program with no window at the next scan, within a minute. Making the gate stricter applies at once; making it weaker while goals are unmet \
        waits until they are met, or applies after a 15-second wait and a code ('lockout gate confirm').
        """,
        subcommands: [
            GateStatus.self, GoalVerb.self, BlockVerb.self, Peek.self, Refresh.self, EmergencyUnlock.self,
            Confirm.self, Cancel.self, Log.self,
        ],
        defaultSubcommand: GateStatus.self
    )

    struct GateStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Open or closed, each goal's progress, why it is closed, peeks and the block list."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let screen = try reportingErrors { try global.context().gateControl().screen() }
            if json {
                try printJSON(GateStatusJSON(screen))
            } else {
                print(TextRendering.gate(screen))
            }
        }
    }

    struct Peek: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Unlock for a short look while closed: 3 min the first time today, then 2 min, then 1 min."
        )
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let screen = try reportingErrors { try global.context().gateControl().perform(.peek) }
            print(TextRendering.gateHeadline(screen))
        }
    }

    struct Refresh: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Read today's health data again and report a failing source.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let screen = try reportingErrors { try global.context().gateControl().perform(.refresh) }
            print(TextRendering.gate(screen))
            if screen.sourceFailure != nil { throw ExitCode.failure }
        }
    }

    struct EmergencyUnlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "emergency-unlock",
            abstract: "Unlock until midnight: wait 15 seconds, then type the 4-digit code shown. It is logged."
        )
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let screen = try reportingErrors {
                let context = try global.context()
                let control = context.gateControl()
                _ = try control.perform(.emergencyUnlock)
                return try CodePrompt(control: control, clock: context.clock).run()
            }
            print(TextRendering.gateHeadline(screen))
        }
    }

    struct Confirm: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Type the code of the emergency unlock or the held edit, after its wait."
        )
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let screen = try reportingErrors {
                let context = try global.context()
                return try CodePrompt(control: context.gateControl(), clock: context.clock).run()
            }
            print(TextRendering.gate(screen))
        }
    }

    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What the gate did: opened, closed, peeks, emergency unlocks, edits, source failures (kept a year)."
        )
        @OptionGroup var global: GlobalOptions
        @Option(help: "How many days back, today included (1...366).") var days = 7
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (entries, context) = try reportingErrors {
                guard (1...366).contains(days) else { throw CLIUsageError("--days must be 1...366") }
                let context = try global.context()
                // A new day's reset and expiry are logged before the log is read.
                try context.gateControl().catchUp()
                let today = LocalDate(context.clock.now(), in: context.calendar)
                let start = today.adding(days: -(days - 1), in: context.calendar).start(in: context.calendar)
                return (try context.database.gateStore.log(from: start), context)
            }
            if json {
                try printJSON(entries.map(GateLogJSON.init))
            } else if entries.isEmpty {
                print("Nothing logged in the last \(days == 1 ? "day" : "\(days) days").")
            } else {
                for entry in entries {
                    print("\(LocalTimeText.text(entry.at, now: .distantPast, calendar: context.calendar))  \(entry.event.text)")
                }
            }
        }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give up the emergency unlock or the held edit waiting for its code.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let screen = try reportingErrors { try global.context().gateControl().perform(.cancelCode) }
            print(TextRendering.gateHeadline(screen))
        }
    }
}

/// `lockout gate goal set|enable|disable`.
struct GoalVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Set a goal's target and days, or turn it on or off.",
        subcommands: [Set.self, Enable.self, Disable.self]
    )

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set and enable a goal: steps (500...100,000 in steps of 500), energy (10...5,000 kcal), exercise (1...600 min), unlock-time (like 19:00; 0 never blocks)."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "steps, energy, exercise or unlock-time.") var kind: String
        // Collected as unrecognized so that a negative value reaches the check instead of reading as an option.
        @Argument(parsing: .allUnrecognized, help: "The target, like 8000 or 19:00.") var value: [String] = []
        @Option(help: "every, weekdays, weekends, today, or days like mon,wed,fri (default: keep the goal's days).")
        var days: String?

        func run() throws {
            try editGate(global) { context in
                let kind = try GateGoalKind(parsing: kind)
                guard value.count == 1 else {
                    throw CLIUsageError("give one \(kind.rawValue) target, like: lockout gate goal set \(kind.rawValue) \(GateText.example(kind))")
                }
                let target = try kind.target(parsing: value[0])
                let today = LocalDate(context.clock.now(), in: context.calendar)
                let schedule = try days.map { text throws(GateInputError) in try GoalSchedule(parsing: text, today: today) }
                return .setGoal(kind, target: target, schedule: schedule)
            }
        }
    }

    struct Enable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let a goal count again.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "steps, energy, exercise or unlock-time.") var kind: String

        func run() throws {
            try editGate(global) { _ in .enableGoal(try GateGoalKind(parsing: kind)) }
        }
    }

    struct Disable: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop a goal counting (while goals are unmet this waits, or takes the code).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "steps, energy, exercise or unlock-time.") var kind: String

        func run() throws {
            try editGate(global) { _ in .disableGoal(try GateGoalKind(parsing: kind)) }
        }
    }
}

/// `lockout gate block add|remove|list`.
struct BlockVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "block",
        abstract: "The programs kept locked while the gate is closed.",
        subcommands: [Add.self, Remove.self, List.self],
        defaultSubcommand: List.self
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Block a program by its executable name as the process list shows it, like steam or firefox."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The executable name.") var app: String
        @Option(name: .customLong("desktop-id"), help: "Also block what this desktop file launches, like org.mozilla.firefox.desktop.")
        var desktopID: String?

        func run() throws {
            try editGate(global) { _ in .block(BlockedApp(executable: app, desktopID: desktopID)) }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop blocking a program (while goals are unmet this waits, or takes the code).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The executable name.") var app: String

        func run() throws {
            try editGate(global) { _ in .unblock(executable: app) }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The blocked programs.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let screen = try reportingErrors { try global.context().gateControl().screen() }
            if json {
                try printJSON(screen.blockedApps.map(BlockedAppJSON.init))
            } else {
                print(TextRendering.blockList(screen))
            }
        }
    }
}

/// One line of `lockout gate log --json`.
struct GateLogJSON: Encodable {
    let at: Date
    let event: String
    let text: String

    init(_ entry: GateLogEntry) {
        at = entry.at
        event = entry.event.name
        text = entry.event.text
    }
}

/// Carries out a settings edit and says whether it applied or is held.
private func editGate(_ global: GlobalOptions, _ command: (CLIContext) throws -> GateCommand) throws {
    let screen = try reportingErrors {
        let context = try global.context()
        return try context.gateControl().perform(command(context))
    }
    if screen.droppedHeldEdit {
        print("The edit held earlier is dropped: this one replaces it (only the newest edit waits or applies).")
    }
    if screen.hasHeldEdit {
        print("""
        Held: this makes today's gate weaker while goals are unmet. It applies once they are met, or now \
        with 'lockout gate confirm' (a 15-second wait, then a code); 'lockout gate cancel' drops it.
        """)
    } else {
        print(TextRendering.gate(screen))
    }
}

/// The friction of a code: waits until the code is shown, prints it, and reads it from stdin until it is typed
/// right (three tries). Without input the request stays, to be finished with `lockout gate confirm`.
struct CodePrompt {
    static let tries = 3
    let control: any GateControl
    let clock: ProcessClock

    func run() throws -> GateScreen {
        var screen = try control.screen()
        var announced = false
        var failures = 0
        while true {
            guard let request = screen.codeRequest else { throw GateInputError.noCodePending }
            let purpose = request.purpose == .emergencyUnlock ? "unlock until midnight" : "apply the held edit"
            let (code, wait) = (request.code, request.secondsLeft)
            if let wait {
                guard !clock.isFixed else {
                    throw CLIUsageError(
                        "LOCKOUT_NOW fixes the clock, so the \(wait)-second wait never passes here: the request waits; finish it with 'lockout gate confirm' at a later LOCKOUT_NOW, or drop it with 'lockout gate cancel'"
                    )
                }
                if !announced {
                    print("Wait \(wait) s: then type the code shown to \(purpose).")
                    fflush(nil)
                    announced = true
                }
                Thread.sleep(forTimeInterval: Double(wait) / clock.scale + 0.05)
                screen = try control.screen()
                continue
            }
            print("Type this code to \(purpose): \(code?.digits ?? "")")
            print("Code: ", terminator: "")
            fflush(nil)
            guard let typed = readLine() else {
                print("")
                throw CLIUsageError("no code typed: the request waits; finish it with 'lockout gate confirm' or drop it with 'lockout gate cancel'")
            }
            do {
                return try control.perform(.enterCode(typed))
            } catch {
                failures += 1
                guard failures < Self.tries else { throw error }
                FileHandle.standardError.write(Data("lockout: \(error)\n".utf8))
                screen = try control.screen()
            }
        }
    }
}
