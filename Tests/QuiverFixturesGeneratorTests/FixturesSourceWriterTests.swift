import Foundation
import QuiverTesting
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
        #expect(source.contains("import Foundation\nimport QuiverTesting\n"))
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

    /// A stream recorded with its timing: its pieces' sizes and times follow the body.
    private let events = FixtureFile(name: "GET-events.json", content: .recorded(Fixture(
        request: .init(method: "GET", path: "/events"), statusCode: 200, headers: ["Content-Type": "text/event-stream"],
        body: Data("data: 1\n\ndata: 2\n\n".utf8), chunks: [Fixture.Chunk(byteCount: 9, at: 0), Fixture.Chunk(byteCount: 9, at: 0.25)])))

    @Test func aRecordedStreamKeepsItsPiecesAndTheirTimes() {
        let generated = writer.source(for: [events])
        #expect(generated.contains("""
                    chunks: [
                        Fixture.Chunk(byteCount: 9, at: 0.0),
                        Fixture.Chunk(byteCount: 9, at: 0.25),
                    ]
            """), "\(generated)")
    }

    @Test func theSourceDoesNotDependOnTheOrderFilesCameIn() {
        #expect(writer.source(for: [sample, user, twin]) == writer.source(for: [twin, sample, user]))
    }

    /// An API target embedding its `sampleData` must not need QuiverTesting: without recorded
    /// fixtures the source imports Foundation alone and compiles with nothing else.
    @Test func aFolderWithoutRecordingsNeedsOnlyFoundation() throws {
        let source = FixturesSourceWriter(namespace: "Samples", folder: "Fixtures").source(for: [sample, twin])
        #expect(source.contains("enum Samples {\n"))
        #expect(!source.contains("import Quiver"))
        #expect(!source.contains("static let all"))
        #expect(source.contains("static let sampleData: [String: Data] = [\n"))
        let compiler = try SwiftCompiler.typecheck(source)
        #expect(compiler.status == 0, "\(compiler.output)\n\(source)")
        #expect(!FixturesSourceWriter(namespace: "Samples", folder: "Fixtures").source(for: []).contains("import Quiver"))
    }

    /// The generated file must compile, not only read right: control characters anywhere (a tab
    /// in a one-line `.tsv`, in a file name, in a recorded header value, method or path) used to
    /// reach single-line literals raw, which the compiler refuses.
    @Test func theSourceCompilesWhateverControlCharactersTheFilesHold() throws {
        let tabbed = FixtureFile(name: "GET-tab\tname.json", content: .recorded(Fixture(
            request: .init(method: "GE\tT", path: "/a\tb/\u{1B}[0m"), statusCode: 200,
            headers: ["X-Tab": "a\tb", "X-Controls": "\u{0B}\u{7F}\r", "X-\tName": "v"], body: Data("col\tcol".utf8))))
        let files = [
            tabbed,
            FixtureFile(name: "table.tsv", content: .sample(Data("id\tname\t\"quoted\"".utf8))),
            FixtureFile(name: "tab\tin name.txt", content: .sample(Data("x".utf8))),
            FixtureFile(name: "rows.tsv", content: .sample(Data("id\tname\n1\tAda\n".utf8))),
            user, sample, twin, events,
        ]
        let generated = writer.source(for: files)
        // The generated file imports QuiverTesting; a stand-in with the same initialisers takes its
        // place, so that the compiler checks the literals without the library's build products.
        let source = generated.replacingOccurrences(of: "import QuiverTesting\n", with: "") + """

            struct Fixture {
                struct Request {
                    init(method: String, path: String) {}
                }
                struct Chunk {
                    init(byteCount: Int, at time: Double) {}
                }
                let body: Data
                init(request: Request, statusCode: Int, headers: [String: String], body: Data, chunks: [Chunk] = []) {
                    self.body = body
                }
            }

            """
        let compiler = try SwiftCompiler.typecheck(source)
        #expect(compiler.status == 0, "\(compiler.output)\n\(source)")
        #expect(!generated.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }
}
