import Foundation

/// A program chosen to hold breaks back: a game, a presentation tool, a call the camera check misses.
public struct DeferredProgram: Codable, Hashable, Sendable, Comparable {
    /// When the program holds breaks back.
    public enum When: String, Codable, Hashable, Sendable, CaseIterable {
        /// While any process of this user runs it.
        case running
        /// While its window has focus; on a desktop that cannot tell focus, never.
        case focused
    }

    /// The executable's name, as `/proc/PID/comm` or the executable file's name gives it (`steam`, `obs`).
    public let name: String
    public let when: When

    public init(name: String, when: When) {
        self.name = name
        self.when = when
    }

    /// How `lockout status` says it holds breaks: `game running`, `slides in focus`.
    public var holdingText: String {
        switch when {
        case .running: "\(name) running"
        case .focused: "\(name) in focus"
        }
    }

    public static func < (lhs: DeferredProgram, rhs: DeferredProgram) -> Bool {
        (lhs.name, lhs.when.rawValue) < (rhs.name, rhs.when.rawValue)
    }
}

/// What was wrong with a chosen program; each case carries the facts and says what is allowed.
public enum DeferredProgramError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyName
    case nameIsPath(String)
    case nameTooLong(String, limit: Int)
    case controlCharacter(String)
    case alreadyChosen(String)
    case tooMany(limit: Int)
    case notChosen(String)

    public var description: String {
        switch self {
        case .emptyName:
            "a program's name must not be empty"
        case .nameIsPath(let name):
            "'\(name)' is a path: give the executable's name only, like 'steam' (as 'ps -o comm' shows it)"
        case .nameTooLong(let name, let limit):
            "'\(name)' is longer than \(limit) bytes: give the executable's file name"
        case .controlCharacter(let name):
            "'\(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined())' holds a control character"
        case .alreadyChosen(let name):
            "'\(name)' is chosen already: remove it first to change when it holds breaks"
        case .tooMany(let limit):
            "at most \(limit) programs may hold breaks back: remove one first"
        case .notChosen(let name):
            "'\(name)' is not among the programs that hold breaks back"
        }
    }
}

extension DeferralSettings {
    /// How many programs may be chosen.
    public static let maxPrograms = 32
    /// The longest name taken, in bytes: a file name's limit.
    public static let maxProgramNameBytes = 255

    /// Chooses `name` to hold breaks back `when`; throws when the name is empty, a path, too long, holds a control
    /// character, is chosen already, or the list is full. Surrounding spaces are dropped.
    public mutating func addProgram(_ name: String, when: DeferredProgram.When) throws(DeferredProgramError) {
        let name = try Self.programName(name)
        guard !programs.contains(where: { $0.name == name }) else { throw .alreadyChosen(name) }
        guard programs.count < Self.maxPrograms else { throw .tooMany(limit: Self.maxPrograms) }
        programs.append(DeferredProgram(name: name, when: when))
    }

    /// Drops `name` from the chosen programs; throws when it is not among them.
    public mutating func removeProgram(_ name: String) throws(DeferredProgramError) {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard let index = programs.firstIndex(where: { $0.name == name }) else { throw .notChosen(name) }
        programs.remove(at: index)
    }

    /// `text` as a program's name, checked.
    public static func programName(_ text: String) throws(DeferredProgramError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .emptyName }
        guard !name.contains("/") else { throw .nameIsPath(name) }
        guard name.utf8.count <= maxProgramNameBytes else { throw .nameTooLong(name, limit: maxProgramNameBytes) }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlCharacter(name) }
        return name
    }
}
