import LockOutShared
import Testing

@Suite("AppGroup: the keys the app and its extensions share")
struct AppGroupTests {
    @Test("Each selection's tokens have keys of their own, apart from the snapshot's")
    func tokenKeys() {
        let keys = ShieldSelectionName.all.flatMap { selection in
            [AppGroup.Key.applicationTokens(selection), AppGroup.Key.categoryTokens(selection), AppGroup.Key.webDomainTokens(selection)]
        }
        #expect(Set(keys).count == 6)
        #expect(!keys.contains(AppGroup.Key.shieldSnapshot))
        #expect(AppGroup.Key.applicationTokens(ShieldSelectionName.gate) == "lockout.selection.gate.applications")
    }
}
