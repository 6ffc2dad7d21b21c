import Testing

@testable import bento

@Suite("Commands")
struct CommandSpecTests {
    @Test("every command has a unique name")
    func uniqueNames() {
        let names = Commands.all.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
