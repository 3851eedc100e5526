import ArgumentParser
import Foundation
import LockOutAgent

/// `lockout service install|uninstall|status`: LockOut with the desktop session and in the application menu.
struct ServiceVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Start LockOut with the desktop session and list it in the application menu.",
        discussion: """
        install writes a systemd user unit (enabled and started) or, without a systemd user manager, an XDG \
        autostart entry; and a desktop entry that opens the web app, with its icon. uninstall removes them.
        """,
        subcommands: [Install.self, Uninstall.self, ServiceStatus.self]
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
}
