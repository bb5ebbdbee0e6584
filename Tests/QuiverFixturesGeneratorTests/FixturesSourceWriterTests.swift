import Foundation
import Quiver
import Testing
@testable import QuiverFixturesGenerator

@Suite struct FixturesSourceWriterTests {
    private let writer = FixturesSourceWriter(namespace: "Fixtures", folder: "Fixtures")
    private let user = FixtureFile(name: "GET-users-1.json", content: .recorded(Fixture(
        request: .init(method: "GET", path: "/users/1"), statusCode: 200,
        headers: ["X-B": "2", "Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))))
    private let sample = FixtureFile(name: "default.json", content: .sample(Data("[1]".utf8)))
    private let twin = FixtureFile(name: "GET_users_1.txt", content: .sample(Data([0, 1])))

    @Test func eachFileIsANamedTypedMemberAndBothTablesListThemByName() {
        let source = writer.source(for: [sample, user, twin])
        #expect(source.contains("import Quiver\n"))
        #expect(source.contains("enum Fixtures {\n"))
        #expect(source.contains("    static let `default`: Data = Data(\"[1]\".utf8)\n"))
        #expect(source.contains("""
                static let getUsers1: Fixture = Fixture(
                    request: Fixture.Request(method: "GET", path: "/users/1"),
                    statusCode: 200,
                    headers: [
                        "Content-Type": "application/json",
                        "X-B": "2",
                    ],
                    body: Data(#"{"id":1}"#.utf8)
                )
            """))
        #expect(source.contains("    static let getUsers1_2: Data = Data(base64Encoded: "))
        #expect(source.contains("""
                static let all: [String: Fixture] = [
                    "GET-users-1.json": getUsers1,
                ]
            """))
        #expect(source.contains("""
                static let sampleData: [String: Data] = [
                    "GET-users-1.json": getUsers1.body,
                    "GET_users_1.txt": getUsers1_2,
                    "default.json": `default`,
                ]
            """))
    }

    @Test func theSourceDoesNotDependOnTheOrderFilesCameIn() {
        #expect(writer.source(for: [sample, user, twin]) == writer.source(for: [twin, sample, user]))
    }

    @Test func aFolderWithoutRecordingsStillHasBothTables() {
        let source = FixturesSourceWriter(namespace: "Samples", folder: "Fixtures").source(for: [])
        #expect(source.contains("enum Samples {\n"))
        #expect(source.contains("static let all: [String: Fixture] = [:]"))
        #expect(source.contains("static let sampleData: [String: Data] = [:]"))
    }
}
