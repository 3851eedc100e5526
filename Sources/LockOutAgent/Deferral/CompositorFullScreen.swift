#if os(Linux)
import Foundation
import LockOutCore

/// What a batch of a compositor's events says about the focused window's full screen.
enum FullScreenNews: Equatable, Sendable {
    /// The events tell it: the focused window is full screen, or is not.
    case focusedIsFullScreen(Bool)
    /// Focus, the workspace or another window changed in a way the events alone do not settle: ask the compositor.
    case askCompositor

    /// The news of `events` taken in order: an answer asked for now is newer than any event, so one
    /// `askCompositor` outweighs the rest; else the last event that tells wins; nil when none bears on it.
    static func combined(_ events: [FullScreenNews]) -> FullScreenNews? {
        events.contains(.askCompositor) ? .askCompositor : events.last
    }
}

/// A Wayland compositor's side of full screen: how to ask whether the focused window is full screen, and
/// how to hear of what may change it; and, as a `CompositorFocus`, which process has focus. Calls are synchronous
/// and confined to the watch's queue.
protocol CompositorFullScreen: CompositorFocus {
    /// Which compositor it is, as the log names it.
    var focusMethod: FocusMethod { get }
    /// Whether the focused window is full screen now; false when no window has focus.
    func focusedIsFullScreen() throws -> Bool
    /// A new connection on which the compositor tells of focus, workspace and full-screen changes.
    func subscribeToFullScreenChanges() throws -> UnixStream
    /// Takes the complete events off the start of `buffer` (leaving a partial one) and says what they tell;
    /// nil when none bears on full screen. Throws on an event it cannot read.
    func takeFullScreenNews(from buffer: inout [UInt8]) throws -> FullScreenNews?
}

extension CompositorProtocolError {
    /// `T` read from the JSON in `bytes`; else an error saying that `what` could not be read and where.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], what: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw CompositorProtocolError(description: "\(what) cannot be read: \(Self.explain(error))")
        }
    }

    /// One line naming the field that was wrong.
    private static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the message" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) is missing"
        case .keyNotFound(let key, let context):
            return (context.codingPath.isEmpty ? "" : path(context) + ".") + "\(key.stringValue) is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "it does not decode"
        }
    }
}
#endif
