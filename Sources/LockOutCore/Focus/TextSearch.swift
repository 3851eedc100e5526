import Foundation

/// Live search as people expect it: "cafe" finds "Café", "ecr" finds "ÉCRIRE".
public enum TextSearch {
    /// Whether `text` contains `query` ignoring case and accents; an empty or blank query matches everything.
    public static func matches(_ text: String, query: String) -> Bool {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !needle.isEmpty else { return true }
        return fold(text).contains(fold(needle))
    }

    /// `text` without case and diacritics, the form ``matches(_:query:)`` compares.
    ///
    /// Folding both sides (rather than `range(of:options:)`) gives the same answer on Linux and Apple
    /// Foundation and lets a store precompute the folded column.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
