import ArgumentParser
import Foundation
import LockOutAgent
import LockOutCore
import LockOutRuntime

/// `lockout family`: parent, child and personal devices, pairing, configuration and sync.
struct FamilyVerb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "family",
        abstract: "Pair a parent's and children's devices (or one person's devices) through a LockOut family server.",
        discussion: "A parent: 'family setup parent', 'family create --server URL', 'family pair'. A child: 'family setup child', 'family join CODE'. See docs/family.md.",
        subcommands: [
            Setup.self, Create.self, Pair.self, Join.self, Status.self, Devices.self, Rename.self, Revoke.self, Remove.self,
            Usage.self, Send.self, Rewards.self, Commands.self, Resend.self, Sync.self, Retry.self, Reset.self, Delete.self, Encrypt.self,
            RecoveryCodeVerb.self, Recover.self,
        ],
        defaultSubcommand: Status.self
    )

    struct Setup: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Choose what this device is: parent, child or self (one person's own device).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "parent, child or self.") var mode: String
        @Option(help: "The device's name (default: the host name).") var name: String?

        func run() throws {
            let identity = try reportingErrors {
                let mode = try DeviceMode(parsing: mode)
                return try global.context().family().setup(mode, name: name)
            }
            print("This device: \(identity.name) — \(identity.mode?.displayName ?? "no mode")")
            print(identity.mode?.summary ?? "")
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a family on a server, with this parent (or personal) device as its first member.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "The family server, like http://192.168.1.10:8443 or https://family.example.org.") var server: String
        @Flag(help: """
            Keep the family's data end-to-end encrypted, as every new family does: the server stores what it cannot \
            read (docs/family.md). --plaintext lets the server read the records, for devices that cannot keep keys.
            """)
        var encryption: Encryption = .endToEnd

        enum Encryption: String, EnumerableFlag {
            case endToEnd, plaintext
        }

        func run() throws {
            let endToEnd = encryption == .endToEnd
            let membership = try reportingErrors { try global.context().family().create(server: server, endToEnd: endToEnd) }
            print("Family \(membership.family) created on \(membership.server.absoluteString)\(endToEnd ? ", end-to-end encrypted" : ", not encrypted").")
            print("Pair a child's device with 'lockout family pair'.")
        }
    }

    struct Pair: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a one-time pairing code (QR code and text) for a child's, a personal or another parent device; it expires after 15 minutes.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "child, self or parent (default child).") var mode: String = "child"
        @Option(help: "The child a child's device belongs to: the devices paired with one child name read each other's health totals (a phone's steps open the laptop's gate).")
        var child: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (pairing, context) = try reportingErrors {
                let mode = try DeviceMode(parsing: mode)
                let context = try global.context()
                return (try context.family().pair(mode: mode, childName: child), context)
            }
            if json { return try printJSON(pairing) }
            print(try reportingErrors { try FamilyText.pairing(pairing, clock: context.clock) })
        }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join a family with the code a parent's 'lockout family pair' shows.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The pairing code, lockout-pair:…") var payload: String

        func run() throws {
            let membership = try reportingErrors { try global.context().family().join(payload: payload) }
            print("Joined family \(membership.family) on \(membership.server.absoluteString).")
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mode, server, family, last sync, what waits to be sent, and the sync state.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let status = try reportingErrors { try global.context().family().status() }
            if json { try printJSON(status) } else { print(FamilyText.status(status)) }
        }
    }

    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The family's devices: mode, online or offline, last sync.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (devices, now) = try reportingErrors {
                let context = try global.context()
                return (try context.family().devices(), context.clock.now())
            }
            if json { try printJSON(devices) } else { print(FamilyText.devices(devices, now: now)) }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a device of the family (parent).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The device: its name or id.") var device: String
        @Argument(help: "The new name.") var name: String

        func run() throws {
            let renamed = try reportingErrors { try global.context().family().rename(device, to: name) }
            print("Renamed to \(renamed.deviceName).")
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a device at once (parent): it can no longer sync; what it synced stays.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The device: its name or id.") var device: String

        func run() throws {
            let revoked = try reportingErrors { try global.context().family().revoke(device) }
            print("Revoked \(revoked.deviceName).")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a device and everything it synced from the server (parent); --confirm takes its name.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The device: its name or id.") var device: String
        @Option(help: "The device's name, typed again to confirm.") var confirm: String?

        func run() throws {
            let removed = try reportingErrors {
                let confirmation = try confirm ?? FamilyText.prompt("Type the device's name to delete it and its data:")
                return try global.context().family().remove(device, confirmation: confirmation)
            }
            print("Deleted \(removed.deviceName) and its data.")
        }
    }

    struct Usage: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A device's days: breaks, focus, steps, the gate (parent).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The device: its name or id.") var device: String
        @Option(help: "7, 14 or 30.") var days: Int = 7
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            guard [7, 14, 30].contains(days) else { throw ValidationError("--days must be 7, 14 or 30") }
        }

        func run() throws {
            let (found, summaries) = try reportingErrors {
                let context = try global.context()
                let today = LocalDate(context.clock.now(), in: context.calendar)
                return try context.family().usage(device, days: days, today: today, calendar: context.calendar)
            }
            if json { try printJSON(summaries) } else { print(FamilyText.usage(found, summaries)) }
        }
    }

    struct Rewards: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "A child's rewards: balance, quest, streak, badges, programs and the newest points (parent).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The device: its name or id.") var device: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (found, snapshot, updated) = try reportingErrors { try global.context().family().rewards(device) }
            guard let snapshot else {
                if json { print("null") } else { print("\(found.deviceName) has sent no rewards yet: they come with its next day summary.") }
                return
            }
            if json { try printJSON(snapshot); return }
            print("\(found.deviceName), as of \(updated.map { ISO8601DateFormatter().string(from: $0) } ?? "?"):")
            print(TextRendering.rewards(snapshot.screen))
            print(TextRendering.rewardPrograms(snapshot.screen))
            print(TextRendering.badges(snapshot.screen.badges))
            print(TextRendering.rewardsHistory(RewardsHistory(ledger: snapshot.ledger, usage: []), calendar: .current)
                .components(separatedBy: "\nUsage:").first ?? "")
        }
    }

    struct Commands: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The configuration sent to devices and whether each applied (parent).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Only those sent to this device.") var device: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let (sent, devices, now) = try reportingErrors {
                let context = try global.context()
                let family = try context.family()
                _ = family.sync()
                let devices = try family.devices()
                let target = try device.map { try family.resolve($0, in: devices).deviceID }
                return (try family.sentCommands(to: target), devices, context.clock.now())
            }
            if json { try printJSON(sent) } else { print(FamilyText.commands(sent, devices: devices, now: now)) }
        }
    }

    struct Resend: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send a pending command again, when the server may have lost it (parent).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The command's id, or its first 8 characters, as 'lockout family commands' shows them.") var command: String

        func run() throws {
            let (sent, outcome) = try reportingErrors { try global.context().family().resend(command) }
            print("Sent again: \(sent.command.change.summary).")
            try FamilyText.report(outcome)
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Sync now: send what waits, fetch what is new, apply what a parent sent.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let outcome = try reportingErrors { try global.context().family().sync() }
            try FamilyText.report(outcome)
        }
    }

    struct Retry: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send the changes the server refused again.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let (count, outcome) = try reportingErrors { try global.context().family().retry() }
            print("\(count) failed change\(count == 1 ? "" : "s") queued again.")
            try FamilyText.report(outcome)
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Leave the family and forget this device's mode (type 'reset' to confirm); local history stays.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Type reset to confirm.") var confirm: String?
        @OptionGroup var pin: PINOption

        func run() throws {
            try reportingErrors {
                let context = try global.context()
                // A child's device with a parent PIN leaves its family only with the PIN.
                if try context.family().identity().mode == .childDevice, try context.rewardsControl().screen().pinSet {
                    try context.rewardsControl().checkPIN(try pin.read())
                }
                let confirmation = try confirm ?? FamilyText.prompt("Type 'reset' to leave the family and forget this device's mode:")
                try context.family().reset(confirmation: confirmation)
            }
            print("This device left its family; its own history stays.")
        }
    }

    struct Encrypt: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: """
            Turn this plaintext family end-to-end encrypted (parent; type 'encrypt' to confirm): every other device \
            is removed with its data on the server and paired again with a new code.
            """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "Type encrypt to confirm.") var confirm: String?

        func run() throws {
            let removed = try reportingErrors {
                let confirmation = try confirm ?? FamilyText.prompt(
                    "Every other device leaves the family with its data on the server, and is paired again. Type 'encrypt' to go on:")
                return try global.context().family().encrypt(confirmation: confirmation)
            }
            print("The family is end-to-end encrypted from now on.")
            if !removed.isEmpty {
                print("Removed with their data on the server: \(removed.map(\.deviceName).joined(separator: ", ")).")
                print("Pair each again: 'lockout family pair' here, then on each device 'lockout family reset' and 'lockout family join CODE'.")
            }
        }
    }

    struct RecoveryCodeVerb: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recovery-code",
            abstract: "Make the family's recovery code (parent, end-to-end family): shown once, it brings the family back if every parent device is lost."
        )
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let code = try reportingErrors { try global.context().family().recoveryCode() }
            print(try reportingErrors { try FamilyText.recoveryCode(code) })
        }
    }

    struct Recover: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring a family back on this parent device with its recovery code (a device set up afresh with 'lockout family setup parent')."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The recovery code, lockout-recovery:…") var code: String

        func run() throws {
            let membership = try reportingErrors { try global.context().family().recover(code: code) }
            print("This device is the family's parent again: \(membership.family) on \(membership.server.absoluteString).")
            print("Make a new recovery code ('lockout family recovery-code'): the one used here is this device now.")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete the family and everything in it from the server (parent; type 'delete family' to confirm).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Type 'delete family' to confirm.") var confirm: String?

        func run() throws {
            try reportingErrors {
                let confirmation = try confirm ?? FamilyText.prompt("Type 'delete family' to delete it with all its devices and data:")
                try global.context().family().deleteFamily(confirmation: confirmation)
            }
            print("The family and everything in it were deleted.")
        }
    }
}
