import Foundation
import LockOutCore

/// What every screen model shows besides its screen: whether it has loaded, and the last refusal in words.
///
/// Models are `@MainActor @Observable` classes (Observation, never Combine): SwiftUI reads their properties and
/// calls their intents; each intent asks the runtime, which applies the engines' rules, and the model shows the
/// screen value the runtime answers. A model never computes a rule itself.
public enum ScreenMessage: Equatable, Sendable {
    /// An intent was refused; the text says why, as the engine worded it.
    case refused(String)

    /// The refusal as the screen shows it.
    public var text: String {
        switch self {
        case .refused(let reason): reason
        }
    }

    /// The words of `error` for a person.
    static func refusal(_ error: any Error) -> ScreenMessage {
        .refused("\(error)")
    }
}
