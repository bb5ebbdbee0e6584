import Foundation
import Testing
@testable import Quiver

@Suite(.requiresHTTPBin) struct MultipartHTTPBinTests {
    private var base: URL { TestServers.httpbin ?? TestServers.unconfigured }

    struct Echo: Decodable {
        let form: [String: String]
        let files: [String: String]
        let headers: [String: String]
    }

    @Test func everyFieldAndFileArrivesByteExact() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let document = try folder.file("notes.txt", contents: Data("line one\nline \"two\" ünïcödé\n".utf8))
        let image = try folder.file("pixel.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0xFF]))
        var form = MultipartForm()
        form.append("Ada Lovelace", name: "name")
        form.append("héllo \"quoted\" & more", name: "note")
        form.append(Data("col1,col2\n1,2\n".utf8), name: "table", fileName: "table.csv", mimeType: "text/csv")
        form.append(fileAt: document, name: "document")
        form.append(fileAt: image, name: "image")

        let echo = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(Echo.self, from: GenericTarget(
            baseURL: base, path: "post", method: .post, task: .multipart(form)))
        #expect(echo.form == ["name": "Ada Lovelace", "note": "héllo \"quoted\" & more"])
        #expect(echo.files["table"] == "col1,col2\n1,2\n")
        #expect(echo.files["document"] == "line one\nline \"two\" ünïcödé\n")
        #expect(echo.files["image"] == "data:image/png;base64," + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0xFF]).base64EncodedString())
        #expect(echo.headers["Content-Type"] == form.contentType)
    }

    @Test func anEncodablePayloadBecomesAForm() async throws {
        struct Profile: Encodable {
            let name: String
            let age: Int
            let admin: Bool
            let tags: [String]
            let avatar: MultipartForm.Attachment
        }
        let profile = Profile(name: "Grace", age: 85, admin: true, tags: ["navy", "cobol"],
                              avatar: .init(data: Data("GIF89a".utf8), fileName: "a.gif", mimeType: "image/gif"))
        struct PayloadEcho: Decodable { let form: [String: JSONValue]; let files: [String: String] }
        let echo = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(PayloadEcho.self, from: GenericTarget(
            baseURL: base, path: "post", method: .post, task: .multipart(try MultipartForm(encoding: profile))))
        #expect(echo.form["name"] == .string("Grace"))
        #expect(echo.form["age"] == .string("85"))
        #expect(echo.form["admin"] == .string("true"))
        #expect(echo.form["tags"] == .array([.string("navy"), .string("cobol")]))
        #expect(echo.files["avatar"] == "GIF89a")  // httpbin echoes UTF-8-valid file parts as text
    }

    // Issue 13, item 3: a quote followed by a combining mark, or a trailing backslash, made a
    // text field arrive as a file part with a name of the sender's choosing.
    @Test func namesThatTryToInjectParametersArriveAsPlainFields() async throws {
        var form = MultipartForm()
        form.append("one", name: "\"\u{301}")
        form.append("two", name: "x\"\u{301}; filename=\"evil.sh")
        form.append("three", name: "y\\")
        form.append("four", name: "after")
        let echo = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(Echo.self, from: GenericTarget(
            baseURL: base, path: "post", method: .post, task: .multipart(form)))
        #expect(echo.files.isEmpty, "\(echo.files)")
        // Werkzeug decodes %22 back to a quote, as the HTML standard says; %5C it leaves as it is.
        #expect(echo.form == ["\"\u{301}": "one", "x\"\u{301}; filename=\"evil.sh": "two", "y%5C": "three", "after": "four"])
    }
}

@Suite(.requiresFaultServer) struct MultipartStreamingTests {
    @Test func aLargeFilePartStreamsWhole() async throws {
        struct Sink: Decodable { let bytes: Int; let sha256: String }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.file("big.bin", contents: TransferIntegrationTests.pattern(8 << 20))
        var form = MultipartForm()
        form.append("big", name: "label")
        form.append(fileAt: file, name: "payload")
        let expected = try form.encodedData()
        let sink = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).decode(Sink.self, from: GenericTarget(
            baseURL: TestServers.fault ?? TestServers.unconfigured, path: "sink", method: .post, task: .multipart(form)))
        #expect(sink.bytes == expected.count)
        #expect(sink.sha256 == SHA256Hex.of(expected))
    }
}
