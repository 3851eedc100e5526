import ArgumentParser
import Foundation
import LockOutAgent

/// `lockout service install|uninstall|status` (and the hidden `print`): LockOut with the desktop session and in the application menu.
struct ServiceVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Start LockOut with the desktop session and list it in the application menu.",
        discussion: """
        install writes a systemd user unit (enabled and started) or, without a systemd user manager, an XDG \
        autostart entry; and a desktop entry that opens the web app, with its icon. uninstall removes them.
        """,
        subcommands: [Install.self, Uninstall.self, ServiceStatus.self, Print.self]
    )

    /// The service for this binary; `--data-dir`, when given, goes into what the unit and the entries run.
    static func service(_ global: GlobalOptions) -> SessionService {
        SessionService(
            binary: SessionService.runningBinary(), dataDirectory: global.dataDir.map { _ in global.directory().path },
            files: SessionService.Files(environment: ProcessInfo.processInfo.environment)
        )
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the unit (or autostart entry), the desktop entry and the icon; enable and start the unit."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try reportingErrors { try ServiceVerb.service(global).install { print($0) } }
        }
    }

    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Disable and stop the unit, and remove the files install wrote."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try reportingErrors { try ServiceVerb.service(global).uninstall { print($0) } }
        }
    }

    struct ServiceStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Say which files are installed and whether the unit is enabled and active."
        )

        @OptionGroup var global: GlobalOptions

        func run() {
            for line in ServiceVerb.service(global).status() { print(line) }
        }
    }

    /// Prints a text `install` writes, for another binary path: scripts/package-deb.sh puts the same unit and
    /// desktop entry in the Debian package, running /usr/bin/lockout. Hidden from the help.
    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the unit, the desktop entry or the autostart entry install writes.", shouldDisplay: false
        )

        enum Text: String, CaseIterable, ExpressibleByArgument {
            case unit, desktop, autostart
        }

        @Argument(help: "unit, desktop or autostart.")
        var text: Text

        @Option(help: "The absolute path of the lockout binary the text runs (default: this one).")
        var binary: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let binary, !binary.hasPrefix("/") {
                throw ValidationError("--binary must be an absolute path, not '\(binary)'.")
            }
        }

        func run() {
            var service = ServiceVerb.service(global)
            if let binary {
                service = SessionService(binary: binary, dataDirectory: service.dataDirectory, files: service.files)
            }
            switch text {
            case .unit: print(service.unitText, terminator: "")
            case .desktop: print(service.desktopEntryText, terminator: "")
            case .autostart: print(service.autostartText, terminator: "")
            }
        }
    }
}
