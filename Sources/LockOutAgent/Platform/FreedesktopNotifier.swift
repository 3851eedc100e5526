import Foundation
import Logging
import LockOutCore

/// Shows notifications through the freedesktop Notifications service (dunst, GNOME, KDE, mako …) by running
/// `notify-send --print-id --wait`, one process per shown notification.
///
/// notify-send prints the server's notification id, then the key of the action the person chose, then exits;
/// it also exits when the notification is closed. Its output is read as it arrives (a dispatch read source
/// under `FileHandle.readabilityHandler`), so nothing polls. notify-send buffers its output when writing to
/// a pipe, so it runs under `stdbuf -oL` when that exists; without it the id only shows up at exit.
///
/// A presentation's life: showing → answered (the one action is reported) | replaced | withdrawn | closed
/// (dismissed, expired). Output from a presentation that is no longer showing is ignored.
public final class FreedesktopNotifier: Notifying, @unchecked Sendable {
    private let notifySend: URL
    private let stdbuf: URL?
    private let gdbus: URL?
    private let environment: [String: String]
    private let logger: Logger
    private let lock = NSLock()
    /// Guarded by `lock`, like every `NotifySendPresentation`'s mutable state.
    private var shown: [String: NotifySendPresentation] = [:]
    /// Notifications a killed predecessor left on screen, by request id; guarded by `lock`.
    private var leftOver: [String: UInt32]
    private let ledger: NotificationLedger?

    /// Uses the tools on `environment["PATH"]` and passes `environment` (with the session bus address) to them;
    /// nil when `notify-send` isn't installed. With a `ledger` file, the server ids of shown notifications are
    /// kept there, and those a killed predecessor left are replaced when shown again (see `closeLeftOvers`).
    public init?(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        ledger: URL? = nil,
        logger: Logger = Logger(label: "lockout.notifier")
    ) {
        guard let notifySend = PlatformCommand.find("notify-send", environment: environment) else { return nil }
        self.notifySend = notifySend
        self.stdbuf = PlatformCommand.find("stdbuf", environment: environment)
        self.gdbus = PlatformCommand.find("gdbus", environment: environment)
        self.environment = environment
        self.logger = logger
        self.ledger = ledger.map(NotificationLedger.init(url:))
        self.leftOver = self.ledger?.load() ?? [:]
    }

    /// Closes the notifications a killed predecessor left that were not shown again since; call once
    /// the agent has presented what its restored state calls for.
    public func closeLeftOvers() {
        let stale = lock.withLock {
            defer { leftOver.removeAll() }
            return Array(leftOver.values)
        }
        for serverID in stale {
            closeOrphan(serverID)
        }
        saveLedger()
    }

    /// Whether notifications can be shown: a session bus is reachable, `notify-send` and `gdbus` are
    /// installed, and a Notifications service answers `GetServerInformation` within two seconds.
    public static func isAvailable(environment: [String: String]) -> Bool {
        let busAddress = environment["DBUS_SESSION_BUS_ADDRESS"] ?? ""
        let runtimeBus = environment["XDG_RUNTIME_DIR"].map { "\($0)/bus" }
        guard !busAddress.isEmpty || runtimeBus.map(FileManager.default.fileExists(atPath:)) == true,
              PlatformCommand.find("notify-send", environment: environment) != nil,
              let gdbus = PlatformCommand.find("gdbus", environment: environment)
        else { return false }
        let status = PlatformCommand.run(
            gdbus, NotificationsBus.call("GetServerInformation", timeoutSeconds: 2),
            environment: environment, timeout: 3
        )
        return status == 0
    }

    /// Shows `request`, replacing the one shown with the same id; `onAction` gets the chosen action's id once.
    public func present(_ request: NotificationRequest, onAction: @escaping @Sendable (String) -> Void) {
        let presentation = NotifySendPresentation(requestID: request.id, process: Process(), onAction: onAction)
        let (previous, replaceID): (NotifySendPresentation?, UInt32?) = lock.withLock {
            let previous = shown.updateValue(presentation, forKey: request.id)
            // Shown by a killed predecessor: take its place on screen.
            if let orphan = leftOver.removeValue(forKey: request.id), previous == nil { return (nil, orphan) }
            guard let previous, previous.state == .showing else { return (nil, nil) }
            previous.state = .replaced
            return (previous, previous.serverID)
        }
        if let previous {
            // With the server id known the new notification takes the old one's place, so the old process
            // just goes; without it, SIGINT makes notify-send close its own notification on the way out.
            signal(previous, replaceID == nil ? SIGINT : SIGTERM)
        }
        launch(presentation, arguments: Self.arguments(for: request, replacing: replaceID))
    }

    /// Closes the notification shown for `id`, if any; an action chosen after this is ignored.
    public func withdraw(id: String) {
        let orphan = lock.withLock { leftOver.removeValue(forKey: id) }
        if let orphan { closeOrphan(orphan) }
        let withdrawn: (NotifySendPresentation, UInt32?)? = lock.withLock {
            guard let presentation = shown.removeValue(forKey: id), presentation.state == .showing else { return nil }
            presentation.state = .withdrawn
            return (presentation, presentation.serverID)
        }
        saveLedger()
        guard let (presentation, serverID) = withdrawn else { return }
        if let serverID {
            close(serverID, then: presentation)
        } else {
            signal(presentation, SIGINT)  // the id isn't known yet; notify-send closes its own notification
        }
    }

    /// Withdraws every notification still shown, as the agent does before it exits.
    public func withdrawAll() {
        for id in lock.withLock({ Array(shown.keys) }) {
            withdraw(id: id)
        }
    }

    /// The server's id for the notification shown for `requestID`, once notify-send has printed it.
    func serverID(for requestID: String) -> UInt32? {
        lock.withLock { shown[requestID]?.serverID }
    }

    private func launch(_ presentation: NotifySendPresentation, arguments: [String]) {
        let process = presentation.process
        if let stdbuf {
            process.executableURL = stdbuf
            process.arguments = ["-oL", notifySend.path] + arguments
        } else {
            process.executableURL = notifySend
            process.arguments = arguments
        }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }  // EOF: notify-send is gone
            self?.received(data, from: presentation)
        }
        do {
            try PlatformCommand.launch(process)
        } catch {
            logger.error("notify-send did not start", metadata: ["error": "\(error)"])
            output.fileHandleForReading.readabilityHandler = nil
            lock.withLock {
                presentation.state = .closed
                if shown[presentation.requestID] === presentation { shown[presentation.requestID] = nil }
            }
            return
        }
        let state = lock.withLock {
            presentation.isLaunched = true
            return presentation.state
        }
        if state == .replaced || state == .withdrawn {
            signal(presentation, SIGINT)  // replaced or withdrawn while it was starting
        }
    }

    /// Sends `signal` to the presentation's notify-send while it runs.
    private func signal(_ presentation: NotifySendPresentation, _ signal: Int32) {
        guard lock.withLock({ presentation.isLaunched }), presentation.process.isRunning else { return }
        kill(presentation.process.processIdentifier, signal)
    }

    /// Handles a chunk of notify-send's output; empty `data` means it exited.
    private func received(_ data: Data, from presentation: NotifySendPresentation) {
        let (lines, atEnd): ([String], Bool) = lock.withLock {
            let lines = data.isEmpty ? presentation.takeRemainingLine() : presentation.takeLines(appending: data)
            return (lines, data.isEmpty)
        }
        for line in lines {
            handle(line, from: presentation)
        }
        if atEnd {
            lock.withLock {
                if presentation.state == .showing { presentation.state = .closed }
                if shown[presentation.requestID] === presentation { shown[presentation.requestID] = nil }
            }
            saveLedger()
        }
    }

    private func handle(_ line: String, from presentation: NotifySendPresentation) {
        enum Step { case nothing, close(UInt32), report(String) }
        let step: Step = lock.withLock {
            if presentation.serverID == nil, let id = UInt32(line) {
                presentation.serverID = id
                // Replaced or withdrawn before its id was known: close it now in case SIGINT came too early.
                return presentation.state == .showing ? .nothing : .close(id)
            }
            guard presentation.state == .showing, !line.isEmpty else { return .nothing }
            presentation.state = .answered
            if shown[presentation.requestID] === presentation { shown[presentation.requestID] = nil }
            return .report(line)
        }
        saveLedger()
        switch step {
        case .nothing: break
        case .close(let id): close(id, then: presentation)
        case .report(let action): presentation.onAction(action)
        }
    }

    /// Writes the server ids of what is on screen now (and what a predecessor left) to the ledger.
    private func saveLedger() {
        guard let ledger else { return }
        let entries: [String: UInt32] = lock.withLock {
            var entries = leftOver
            for (id, presentation) in shown where presentation.state == .showing {
                if let serverID = presentation.serverID { entries[id] = serverID }
            }
            return entries
        }
        ledger.save(entries)
    }

    /// Asks the server to close a notification no process of ours waits on.
    private func closeOrphan(_ serverID: UInt32) {
        guard let gdbus else { return }
        PlatformCommand.start(
            gdbus, NotificationsBus.call("CloseNotification", "\(serverID)", timeoutSeconds: 5),
            environment: environment, timeout: 6
        ) { _ in }
    }

    /// Asks the server to close `serverID` without waiting, then makes sure notify-send has exited.
    private func close(_ serverID: UInt32, then presentation: NotifySendPresentation) {
        guard let gdbus else {
            signal(presentation, SIGINT)
            return
        }
        let logger = logger
        PlatformCommand.start(
            gdbus, NotificationsBus.call("CloseNotification", "\(serverID)", timeoutSeconds: 5),
            environment: environment, timeout: 6
        ) { [weak self] status in
            if status != 0 {
                logger.warning("CloseNotification failed", metadata: ["id": "\(serverID)", "status": "\(status.map(String.init) ?? "timeout")"])
            }
            self?.signal(presentation, SIGTERM)
        }
    }
}

/// The `gdbus` arguments that call a method of the session's Notifications service.
enum NotificationsBus {
    static func call(_ method: String, _ arguments: String..., timeoutSeconds: Int) -> [String] {
        [
            "call", "--session", "--dest", "org.freedesktop.Notifications",
            "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.Notifications.\(method)",
            "--timeout", "\(timeoutSeconds)",
        ] + arguments
    }
}
