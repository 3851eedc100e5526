import Foundation
import LockOutCore
import Testing

// MARK: - FocusHistory

extension FocusContractTests {
    /// Segments over three days, tagged with two activities (one spelled in two cases) or none.
    static let history: [FocusSessionRecord] = [
        Fixed.focus(on: "2023-11-12", hour: 9, activity: "Écrire"),
        Fixed.focus(on: "2023-11-12", hour: 10, activity: "Écrire", segment: .shortBreak),
        Fixed.focus(on: "2023-11-13", hour: 8, activity: "Spanish", mode: .timer, outcome: .cancelled),
        Fixed.focus(on: "2023-11-13", hour: 23, minute: 30, activity: nil, mode: .stopwatch),
        Fixed.focus(on: "2023-11-14", hour: 7, activity: "ÉCRIRE", mode: .focus),
        Fixed.focus(on: "2023-11-14", hour: 9, activity: "spanish", segment: .longBreak),
    ]

    @Test("saved segments read back newest start first, every field intact", arguments: Backend.allCases)
    func focusSessionsReadBack(backend: Backend) throws {
        try backend.withFocusStores { stores in
            try stores.history.save([Self.history[3], Self.history[0], Self.history[5]])
            try stores.history.save(Array(Self.history[1...2]) + [Self.history[4]])

            let read = try stores.history.sessions(.everything)

            #expect(read == Array(Self.history.reversed()))
        }
    }

    @Test("sessions filter by activity ignoring case, by mode and by an inclusive range of days", arguments: Backend.allCases)
    func focusSessionsFiltered(backend: Backend) throws {
        let queries: [FocusHistoryQuery] = [
            try FocusHistoryQuery(activity: "écrire"),
            try FocusHistoryQuery(activity: " SPANISH "),
            try FocusHistoryQuery(activity: "Nothing"),
            try FocusHistoryQuery(activity: "  "),
            try FocusHistoryQuery(from: Fixed.day("2023-11-13")),
            try FocusHistoryQuery(to: Fixed.day("2023-11-13")),
            try FocusHistoryQuery(from: Fixed.day("2023-11-13"), to: Fixed.day("2023-11-13")),
            try FocusHistoryQuery(activity: "Écrire", from: Fixed.day("2023-11-13"), to: Fixed.day("2023-11-20")),
            try FocusHistoryQuery(from: Fixed.day("2023-11-15")),
            try FocusHistoryQuery(mode: .pomodoro),
            try FocusHistoryQuery(activity: "spanish", mode: .timer),
            try FocusHistoryQuery(mode: .stopwatch, from: Fixed.day("2023-11-14")),
        ]
        try backend.withFocusStores { stores in
            try stores.history.save(Self.history)

            for query in queries {
                #expect(try stores.history.sessions(query) == query.apply(Self.history), "\(query)")
            }
            let ecrire = try stores.history.sessions(FocusHistoryQuery(activity: "écrire"))
            #expect(ecrire == [Self.history[4], Self.history[1], Self.history[0]])
            let day13 = try stores.history.sessions(FocusHistoryQuery(from: Fixed.day("2023-11-13"), to: Fixed.day("2023-11-13")))
            #expect(day13 == [Self.history[3], Self.history[2]])
            let pomodoro = try stores.history.sessions(FocusHistoryQuery(mode: .pomodoro))
            #expect(pomodoro == [Self.history[5], Self.history[1], Self.history[0]])
        }
    }

    @Test("segments starting at the same moment are ordered by id, highest first", arguments: Backend.allCases)
    func focusSessionsTieByID(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let ids = (0..<4).map { _ in FocusSessionID(rawValue: UUID()) }
            let records = ids.map { Fixed.focus(on: "2023-11-14", id: $0) }
            try stores.history.save(records)

            let read = try stores.history.sessions(.everything)

            #expect(read.map(\.id) == ids.sorted { $0.description > $1.description })
            #expect(read == FocusHistoryQuery.everything.apply(records))
        }
    }

    @Test("saving a segment whose id is stored keeps the first one", arguments: Backend.allCases)
    func focusDuplicateSaveIgnored(backend: Backend) throws {
        try backend.withFocusStores { stores in
            let original = Fixed.focus(on: "2023-11-14")
            let retried = Fixed.focus(on: "2023-11-15", activity: "Other", outcome: .cancelled, id: original.id)
            try stores.history.save([original])

            try stores.history.save([retried, original])
            try stores.history.save([])

            #expect(try stores.history.sessions(.everything) == [original])
            #expect(try stores.history.session(original.id) == original)
        }
    }

    @Test("one segment is found by id; an unknown id finds nothing", arguments: Backend.allCases)
    func focusSessionByID(backend: Backend) throws {
        try backend.withFocusStores { stores in
            try stores.history.save(Self.history)

            #expect(try stores.history.session(Self.history[3].id) == Self.history[3])
            #expect(try stores.history.session(FocusSessionID(rawValue: UUID())) == nil)
        }
    }

    @Test("prune deletes the segments of days before the given day and counts them", arguments: Backend.allCases)
    func focusPrune(backend: Backend) throws {
        try backend.withFocusStores { stores in
            try stores.history.save(Self.history)

            let deleted = try stores.history.prune(before: Fixed.day("2023-11-13"))
            let none = try stores.history.prune(before: Fixed.day("2023-11-13"))

            #expect(deleted == 2)
            #expect(none == 0)
            #expect(try stores.history.sessions(.everything) == Array(Self.history[2...].reversed()))
        }
    }
}
