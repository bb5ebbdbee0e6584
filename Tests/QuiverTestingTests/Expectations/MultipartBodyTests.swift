import Foundation
import Testing
@testable import Quiver
@testable import QuiverTesting

@Suite struct MultipartBodyTests {
    private func written(_ form: MultipartForm) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try form.writeBody(to: file)
        return try Data(contentsOf: file)
    }

    @Test func aFormQuiverWroteReadsBackPartByPart() throws {
        var form = MultipartForm(boundary: "b0und4ry")
        form.append("Ada; Lovelace", name: "who")
        form.append(Data([0, 1, 2, 0x0D, 0x0A]), name: "blob", fileName: "a;b.bin", mimeType: "application/octet-stream")
        // A name and file name that start with a combining mark: their opening quote is one
        // character with it, and still a quote.
        form.append(Data("x".utf8), name: "\u{301}mark", fileName: "\u{301}c;d.txt", mimeType: "text/plain")
        let parts = MultipartBody.parts(of: try written(form), boundary: "b0und4ry")
        #expect(parts == [
            RecordedPart(name: "who", fileName: nil, contentType: nil, data: Data("Ada; Lovelace".utf8)),
            RecordedPart(name: "blob", fileName: "a;b.bin", contentType: "application/octet-stream", data: Data([0, 1, 2, 0x0D, 0x0A])),
            RecordedPart(name: "\u{301}mark", fileName: "\u{301}c;d.txt", contentType: "text/plain", data: Data("x".utf8)),
        ])
    }

    @Test func theBoundaryIsReadFromTheContentTypeQuotedOrNot() {
        #expect(MultipartBody.boundary(inContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartBody.boundary(inContentType: #"multipart/form-data; charset=utf-8; boundary="a:b""#) == "a:b")
        #expect(MultipartBody.boundary(inContentType: "application/json; boundary=abc") == nil)
        #expect(MultipartBody.boundary(inContentType: "multipart/form-data; boundary=") == nil)
    }

    /// A body cut anywhere, or not multipart at all, gives no parts and never traps.
    @Test func aTruncatedOrForeignBodyGivesNoParts() throws {
        var form = MultipartForm(boundary: "xyz")
        form.append("one", name: "a")
        form.append("two", name: "b")
        let body = try written(form)
        for length in 0..<body.count {
            let parts = MultipartBody.parts(of: body.prefix(length), boundary: "xyz")
            #expect(parts.isEmpty || parts.map(\.name) == ["a"] || parts.map(\.name) == ["a", "b"])
        }
        #expect(MultipartBody.parts(of: Data("--xyz\r\nno head end".utf8), boundary: "xyz").isEmpty)
        #expect(MultipartBody.parts(of: Data(#"{"json":true}"#.utf8), boundary: "xyz").isEmpty)
    }
}
