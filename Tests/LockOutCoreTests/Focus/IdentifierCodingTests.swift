import Foundation
import LockOutCore
import Testing

@Suite("Identifiers in JSON")
struct IdentifierCodingTests {
    private let uuid = UUID(uuidString: "0190F1A2-B3C4-8D5E-8F60-4C4600000001") ?? UUID()

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    }

    @Test("a focus session id is written as its bare UUID and read back")
    func sessionID() throws {
        let id = FocusSessionID(rawValue: uuid)
        #expect(try json(id) == "[\"\(uuid.uuidString)\"]")
        let decoded = try JSONDecoder().decode([FocusSessionID].self, from: Data(try json(id).utf8))
        #expect(decoded == [id])
    }

    @Test("an activity id is written as its bare UUID and read back")
    func activityID() throws {
        let id = ActivityID(rawValue: uuid)
        #expect(try json(id) == "[\"\(uuid.uuidString)\"]")
        let decoded = try JSONDecoder().decode([ActivityID].self, from: Data(try json(id).utf8))
        #expect(decoded == [id])
    }

    @Test("a break session id is written as its bare UUID and read back")
    func breakSessionID() throws {
        let id = BreakSessionID(rawValue: uuid)
        #expect(try json(id) == "[\"\(uuid.uuidString)\"]")
        #expect(id.description == uuid.uuidString)
        let decoded = try JSONDecoder().decode([BreakSessionID].self, from: Data(try json(id).utf8))
        #expect(decoded == [id])
    }

    @Test("a task id is written as its bare number")
    func taskID() throws {
        #expect(try json(TaskID(rawValue: 7)) == "[7]")
    }
}
