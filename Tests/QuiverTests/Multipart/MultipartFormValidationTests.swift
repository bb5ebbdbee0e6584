import Foundation
import Testing
@testable import Quiver

@Suite struct MultipartFormValidationTests {
    // MARK: - Content-Disposition escaping

    /// A backslash is written as %5C too: parsers such as Werkzeug's read `\` in a quoted string
    /// as an escape, so a raw one could swallow the closing quote (`name="y\"; filename=…`).
    @Test func quotesAndBackslashesInNamesAndFileNamesArePercentEncoded() throws {
        var form = MultipartForm(boundary: "b")
        form.append(Data(), name: "say \"hi\"", fileName: "my \"best\" C:\\photo.png")
        let body = try form.encodedData()
        let header = "Content-Disposition: form-data; name=\"say %22hi%22\"; filename=\"my %22best%22 C:%5Cphoto.png\"\r\n"
        #expect(body.range(of: Data(header.utf8)) != nil)
    }

    @Test func unicodeNamesAndFileNamesAreWrittenAsUTF8() throws {
        var form = MultipartForm(boundary: "b")
        form.append("value", name: "café")
        form.append(Data([1]), name: "文件", fileName: "résumé 🎉.pdf")
        let body = try form.encodedData()
        #expect(body.range(of: Data("name=\"café\"\r\n".utf8)) != nil)
        #expect(body.range(of: Data("name=\"文件\"; filename=\"résumé 🎉.pdf\"\r\nContent-Type: application/pdf".utf8)) != nil)
        #expect(body.range(of: Data([0x63, 0x61, 0x66, 0xC3, 0xA9])) != nil)  // "café" in UTF-8
    }

    @Test(arguments: ["a\rb", "a\nb", "a\r\nb", "line\n", "nul\0"])
    func lineBreaksAndNULInNamesAreRejected(_ name: String) throws {
        var form = MultipartForm(boundary: "b")
        form.append("ok", name: "first")
        form.append(name, name: name)
        let reason = try #require(multipartInvalidRequestReason { try form.validate() })
        #expect(reason.contains("multipart part 2"))
        #expect(reason.contains("name"))
    }

    @Test(arguments: ["evil\r\nContent-Type: text/html", "a\rb.txt", "a\nb.txt", "x\0.png"])
    func lineBreaksAndNULInFileNamesAreRejected(_ fileName: String) throws {
        var form = MultipartForm(boundary: "b")
        form.append(Data([1]), name: "upload", fileName: fileName)
        let reason = try #require(multipartInvalidRequestReason { try form.encodedData() })
        #expect(reason.contains("multipart part 1 (name \"upload\")"))
        #expect(reason.contains("file name"))
    }

    @Test func anEmptyNameIsRejected() throws {
        var form = MultipartForm()
        form.append("x", name: "")
        #expect(multipartInvalidRequestReason { try form.validate() }?.contains("empty name") == true)
    }

    @Test(arguments: ["", "text/plain\r\nX-Injected: 1", "image/pñg"])
    func anEmptyOrNonASCIIMIMETypeIsRejected(_ mimeType: String) throws {
        var form = MultipartForm()
        form.append(Data(), name: "f", mimeType: mimeType)
        #expect(multipartInvalidRequestReason { try form.validate() }?.contains("MIME type") == true)
    }

    // MARK: - Boundary

    @Test(arguments: ["", String(repeating: "b", count: 71), "quote\"d", "ends in space ", "ünï", "semi;colon", "new\nline"])
    func anIllegalCallerBoundaryIsRejected(_ boundary: String) throws {
        let form = MultipartForm(boundary: boundary)
        #expect(multipartInvalidRequestReason { try form.encodedData() }?.contains("boundary") == true)
    }

    @Test(arguments: ["a", String(repeating: "b", count: 70), "'()+_,-./:=? x", "----WebKitFormBoundary7MA4YWxkTrZu0gW"])
    func legalCallerBoundariesAreAccepted(_ boundary: String) throws {
        var form = MultipartForm(boundary: boundary)
        form.append("v", name: "n")
        let body = try form.encodedData()
        #expect(body.starts(with: Data("--\(boundary)\r\n".utf8)))
        #expect(body.suffix(boundary.utf8.count + 6) == Data("--\(boundary)--\r\n".utf8))
    }

    @Test func aTextPartContainingTheBoundaryIsRejected() {
        var form = MultipartForm(boundary: "sep")
        form.append("fine: sep and -sep", name: "ok")
        form.append("oops\r\n--sep\r\nmore", name: "bad")
        let reason = multipartInvalidRequestReason { try form.validate() }
        #expect(reason?.contains("multipart part 2 (name \"bad\") contains the form's boundary") == true)
    }

    @Test func aDataPartContainingTheRandomBoundaryIsRejected() {
        var form = MultipartForm()
        form.append(Data("prefix --\(form.boundary) suffix".utf8), name: "blob")
        #expect(multipartInvalidRequestReason { try form.validate() }?.contains("boundary") == true)
    }

    @Test(arguments: [0, 1, 65_536 - 5, 65_536 - 1, 65_536, 200_000])
    func aFileContainingTheBoundaryFailsWhileStreamingAndLeavesNoBody(offset: Int) throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        var contents = Data(repeating: UInt8(ascii: "-"), count: offset)
        contents.append(Data("--boundary-Z".utf8))
        contents.append(Data(repeating: UInt8(ascii: "x"), count: 1000))
        let file = try scratch.file("clash.txt", contents: contents)
        var form = MultipartForm(boundary: "boundary-Z")
        form.append("first", name: "text")
        form.append(fileAt: file, name: "file")
        let destination = scratch.url("body")
        let reason = multipartInvalidRequestReason { try form.writeBody(to: destination) }
        #expect(reason?.contains("multipart part 2 (name \"file\") contains the form's boundary") == true)
        #expect(try scratch.contents() == ["clash.txt"])
    }

    @Test func aFileWithAPartialBoundaryAcrossChunksIsAccepted() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        var contents = Data(repeating: UInt8(ascii: "a"), count: 65_536 - 4)
        contents.append(Data("--boundary-Y--boundary-".utf8))   // never "--boundary-Z"
        let file = try scratch.file("near.txt", contents: contents)
        var form = MultipartForm(boundary: "boundary-Z")
        form.append(fileAt: file, name: "file")
        let written = try form.writeBody(to: scratch.url("body"))
        #expect(written == Int64(try form.encodedData().count))
    }

    // MARK: - Files

    @Test func aMissingFileIsRejectedBeforeTheDestinationIsTouched() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let destination = try scratch.file("body", contents: Data("keep".utf8))
        var form = MultipartForm()
        form.append(fileAt: scratch.url("missing.jpg"), name: "photo")
        let reason = multipartInvalidRequestReason { try form.writeBody(to: destination) }
        #expect(reason?.contains("multipart part 1 (name \"photo\"): there is no file at") == true)
        #expect(try Data(contentsOf: destination) == Data("keep".utf8))
    }

    @Test func aDirectoryOrANonFileURLIsRejected() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        var directoryForm = MultipartForm()
        directoryForm.append(fileAt: scratch.directory, name: "dir")
        #expect(multipartInvalidRequestReason { try directoryForm.validate() }?.contains("not a regular file") == true)
        var remoteForm = MultipartForm()
        remoteForm.append(fileAt: try #require(URL(string: "https://example.com/a.png")), name: "remote")
        #expect(multipartInvalidRequestReason { try remoteForm.validate() }?.contains("not a file URL") == true)
    }

    @Test func aFileThatVanishesMidwayRemovesThePartialBody() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let first = try scratch.file("first.bin", contents: Data(repeating: 7, count: 300_000))
        var form = MultipartForm()
        form.append(fileAt: first, name: "first")
        form.append(fileAt: scratch.url("gone.bin"), name: "second")   // validated, then removed
        let destination = scratch.url("body")
        let reason = multipartInvalidRequestReason { try form.writeValidatedBody(to: destination) }
        #expect(reason?.contains("multipart part 2 (name \"second\"): the file at") == true)
        #expect(try scratch.contents() == ["first.bin"])
    }

    @Test func aFileThatCannotBeReadMidwayRemovesThePartialBody() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        var form = MultipartForm()
        form.append("text", name: "t")
        form.append(fileAt: scratch.directory, name: "unreadable")   // opens, but read() fails
        let reason = multipartInvalidRequestReason { try form.writeValidatedBody(to: scratch.url("body")) }
        #expect(reason?.contains("multipart part 2 (name \"unreadable\")") == true)
        #expect(try scratch.contents().isEmpty)
    }

    @Test func theBodyCannotOverwriteOneOfItsOwnFiles() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let file = try scratch.file("self.txt", contents: Data("content".utf8))
        var form = MultipartForm()
        form.append(fileAt: file, name: "f")
        #expect(multipartInvalidRequestReason { try form.writeBody(to: file) }?.contains("own file part") == true)
        #expect(try Data(contentsOf: file) == Data("content".utf8))
    }

    @Test func cancellingTheTaskStopsWritingAndRemovesThePartialBody() async throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let file = try scratch.file("big.bin", contents: Data(repeating: 1, count: 1_000_000))
        var form = MultipartForm()
        form.append(fileAt: file, name: "f")
        let destination = scratch.url("body")
        let task = Task { () -> Result<Int64, QuiverError> in
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(QuiverError) -> Int64 in try form.writeBody(to: destination) }
        }
        let result = await task.value
        guard case .failure(.cancelled) = result else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(try scratch.contents() == ["big.bin"])
    }
}
