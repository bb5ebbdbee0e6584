import Foundation
import QuiverTesting
import Testing
@testable import QuiverFixturesGenerator

@Suite struct FixtureFileTests {
    private func load(_ text: String, name: String = "GET-users-1.json") throws(Diagnostic) -> FixtureFile {
        try FixtureFile(data: Data(text.utf8), path: "/app/Fixtures/\(name)", name: name)
    }

    private func diagnostic(_ text: String, name: String = "GET-users-1.json") -> Diagnostic? {
        do {
            _ = try load(text, name: name)
            return nil
        } catch {
            return error
        }
    }

    private let recorded = """
        {
          "body" : { "name" : "Ada", "id" : 1, "url" : "http://x/y" },
          "headers" : { "Content-Type" : "application/json" },
          "request" : { "method" : "GET", "path" : "/users/1" },
          "status" : 200
        }
        """

    @Test func malformedJSONIsAnErrorAtItsFileLineAndColumn() {
        let error = diagnostic("{\n  \"id\": 1\n  \"name\": \"Ada\"\n}\n", name: "user.json")
        #expect(error?.description == "/app/Fixtures/user.json:3:3: error: malformed JSON: expected ',' or '}' after an object member, found '\"'")
    }

    @Test func aRecordedFixtureDecodesAsReplayingDecodesIt() throws {
        let file = try load(recorded)
        let fixture = try Fixture(fileData: Data(recorded.utf8))
        #expect(file.content == .recorded(fixture))
        // The body as written, tokens untouched (key order too), white space dropped.
        #expect(file.sampleData == Data(#"{"name":"Ada","id":1,"url":"http://x/y"}"#.utf8))
        #expect(fixture.headers == ["Content-Type": "application/json"])
    }

    @Test func aRecordedStreamDecodesWithItsPiecesAndTheirTimes() throws {
        let text = #"{ "request": { "method": "GET", "path": "/events" }, "status": 200,"#
            + #" "stream": [ { "at": 0, "text": "data: 1\n\n" }, { "at": 0.25, "text": "data: 2\n\n" } ] }"#
        let file = try load(text, name: "GET-events.json")
        guard case .recorded(let fixture) = file.content else {
            Issue.record("expected a recorded fixture")
            return
        }
        #expect(fixture.chunks == [Fixture.Chunk(byteCount: 9, at: 0), Fixture.Chunk(byteCount: 9, at: 0.25)])
        #expect(file.sampleData == Data("data: 1\n\ndata: 2\n\n".utf8))
    }

    @Test func otherJSONAndOtherFilesAreSampleDataAsTheyAre() throws {
        #expect(throws: Diagnostic.self, "request and status make a fixture") {
            try load("{\"status\": \"ok\", \"request\": \"x\"}", name: "status.json")
        }
        for (text, name) in [("{\"status\": \"ok\", \"data\": [1]}", "status.json"), ("[1, 2]", "list.JSON"),
                             ("{ not json", "notes.txt"), ("", "empty.txt")] {
            #expect(try load(text, name: name) == FixtureFile(name: name, content: .sample(Data(text.utf8))))
        }
    }

    /// (file, line, column, part of the message)
    static let invalidShapes: [(String, Int, Int, String)] = [
        ("{\n  \"request\": {\"method\": \"GET\", \"path\": \"/\"},\n  \"status\": \"200\"\n}", 3, 3, "'status': "),
        ("{\n  \"request\": {\"path\": \"/\"},\n  \"status\": 200\n}", 2, 3, "'method' is missing in 'request'"),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200, \"bdy\": {}}", 1, 60, "unknown key 'bdy'"),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200,\n \"body\": 1, \"bodyText\": \"x\"}", 2, 13, "one body only"),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200,\n \"bodyBase64\": \"%%%\"}", 2, 2, "'bodyBase64': "),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200,\n \"bodyText\": \"x\", \"stream\": []}", 2, 19, "one body only"),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200,\n \"stream\": [{\"at\": -1, \"text\": \"x\"}]}", 2, 2, "'stream[0].at': "),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200,\n \"headers\": {\"A\": 1}}", 2, 2, "'headers.A': "),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"},\n \"status\": 42}", 2, 2, "from 100 to 599, not 42"),
        ("{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"status\": 200,\n \"status\": 201}", 2, 2, "'status' appears twice"),
    ]

    @Test(arguments: invalidShapes)
    func aFixtureShapedFileThatIsNotAValidFixtureIsAnErrorNamingTheFile(text: String, line: Int, column: Int, message: String) {
        let error = diagnostic(text)
        #expect(error?.path == "/app/Fixtures/GET-users-1.json")
        #expect(error?.position == SourcePosition(line: line, column: column), "\(String(describing: error))")
        #expect(error?.message.hasPrefix("invalid recorded fixture: ") == true)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func anUnreadableFileIsAnError() {
        #expect(throws: Diagnostic(path: "/nonexistent/x.json", position: .start, message: "cannot read the fixture file")) {
            try FixtureFile.load(path: "/nonexistent/x.json", name: "x.json")
        }
    }
}
