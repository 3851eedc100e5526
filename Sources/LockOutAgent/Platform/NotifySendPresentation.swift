import Foundation

/// One notify-send process showing one request; its mutable state is guarded by the notifier's lock.
final class NotifySendPresentation: @unchecked Sendable {
    /// Where a presentation is in its life; only `.showing` reports an action.
    enum State: Equatable {
        case showing, answered, replaced, withdrawn, closed
    }

    let requestID: String
    let process: Process
    let onAction: @Sendable (String) -> Void
    var state = State.showing
    var isLaunched = false
    /// The server's id, from notify-send's first output line.
    var serverID: UInt32?
    private var pending = Data()

    init(requestID: String, process: Process, onAction: @escaping @Sendable (String) -> Void) {
        self.requestID = requestID
        self.process = process
        self.onAction = onAction
    }

    /// Appends output and returns the complete lines in it, without their newlines.
    func takeLines(appending data: Data) -> [String] {
        pending.append(data)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...newline)
        }
        return lines
    }

    /// The unterminated last line, if output ended without a newline.
    func takeRemainingLine() -> [String] {
        defer { pending.removeAll() }
        return pending.isEmpty ? [] : [String(decoding: pending, as: UTF8.self)]
    }
}
