import Foundation
import Testing
@testable import Quiver

@Suite struct MultipartFormTests {
    // MARK: - Boundary and Content-Type

    @Test func defaultBoundaryIsQuiverPrefixAnd128RandomBits() {
        let form = MultipartForm()
        let prefix = "quiver.boundary."
        #expect(form.boundary.hasPrefix(prefix))
        let random = form.boundary.dropFirst(prefix.count)
        #expect(random.count == 32)
        #expect(random.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(MultipartForm().boundary != form.boundary)
        #expect(form.contentType == "multipart/form-data; boundary=\(form.boundary)")
    }

    @Test func contentTypeQuotesABoundaryWithSpecialCharacters() {
        #expect(MultipartForm(boundary: "simple-boundary_1").contentType
            == "multipart/form-data; boundary=simple-boundary_1")
        #expect(MultipartForm(boundary: "a b:c=d").contentType == "multipart/form-data; boundary=\"a b:c=d\"")
    }

    // MARK: - Parts

    @Test func partsKeepTheOrderTheyWereAddedIn() {
        var form = MultipartForm(boundary: "b")
        let file = URL(fileURLWithPath: "/tmp/photos/Holiday.JPG")
        form.append("Ada", name: "author")
        form.append(Data([1, 2]), name: "blob")
        form.append(fileAt: file, name: "photo")
        form.append("2", name: "author")
        #expect(form.parts.map(\.name) == ["author", "blob", "photo", "author"])
        #expect(form.parts[0] == MultipartForm.Part(name: "author", fileName: nil, mimeType: nil, content: .text("Ada")))
        #expect(form.parts[1] == MultipartForm.Part(
            name: "blob", fileName: nil, mimeType: "application/octet-stream", content: .data(Data([1, 2]))))
        #expect(form.parts[2] == MultipartForm.Part(
            name: "photo", fileName: "Holiday.JPG", mimeType: "image/jpeg", content: .file(file)))
    }

    @Test func dataPartTypeComesFromTheGivenTypeThenTheFileNameThenOctetStream() {
        var form = MultipartForm()
        form.append(Data(), name: "a", fileName: "report.pdf")
        form.append(Data(), name: "b", fileName: "report.pdf", mimeType: "application/x-custom")
        form.append(Data(), name: "c", fileName: "no-extension")
        form.append(Data(), name: "d")
        #expect(form.parts.map(\.mimeType) == ["application/pdf", "application/x-custom",
                                               "application/octet-stream", "application/octet-stream"])
    }

    @Test func filePartNameAndTypeCanBeOverridden() {
        var form = MultipartForm()
        let file = URL(fileURLWithPath: "/tmp/upload.bin")
        form.append(fileAt: file, name: "f", fileName: "clip.mov", mimeType: "video/mp4")
        form.append(fileAt: URL(fileURLWithPath: "/tmp/unknown.qqq"), name: "g")
        #expect(form.parts[0].fileName == "clip.mov")
        #expect(form.parts[0].mimeType == "video/mp4")
        #expect(form.parts[1].mimeType == "application/octet-stream")
    }

    @Test func attachmentsBecomeDataAndFileParts() {
        var form = MultipartForm()
        let file = URL(fileURLWithPath: "/tmp/song.mp3")
        form.append(MultipartForm.Attachment(data: Data([9]), fileName: "a.png"), name: "image")
        form.append(MultipartForm.Attachment(fileAt: file), name: "song")
        #expect(form.parts[0] == MultipartForm.Part(
            name: "image", fileName: "a.png", mimeType: "image/png", content: .data(Data([9]))))
        #expect(form.parts[1] == MultipartForm.Part(
            name: "song", fileName: "song.mp3", mimeType: "audio/mpeg", content: .file(file)))
    }

    // MARK: - Encoding

    @Test func encodesTextDataAndFilePartsPerRFC7578() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let notes = try scratch.file("notes.txt", contents: Data("line 1\r\nline 2\n".utf8))
        var form = MultipartForm(boundary: "XyZ")
        form.append("Ada Lovelace", name: "author")
        form.append(Data([0x00, 0xFF, 0x0D, 0x0A]), name: "raw", fileName: "raw.bin")
        form.append(fileAt: notes, name: "notes")
        form.append("", name: "empty")
        let head = "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"author\"\r\n\r\n"
            + "Ada Lovelace\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"raw\"; filename=\"raw.bin\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n"
        let tail = "\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\n"
            + "line 1\r\nline 2\n\r\n"
            + "--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"empty\"\r\n\r\n"
            + "\r\n"
            + "--XyZ--\r\n"
        let expectedBytes = Data(head.utf8) + Data([0x00, 0xFF, 0x0D, 0x0A]) + Data(tail.utf8)
        #expect(try form.encodedData() == expectedBytes)
    }

    @Test func emptyFormIsOnlyTheClosingDelimiter() throws {
        #expect(try MultipartForm(boundary: "b").encodedData() == Data("--b--\r\n".utf8))
    }

    @Test func writeBodyWritesTheEncodedBytesOverAnExistingFile() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let photo = try scratch.file("photo.png", contents: Data((0..<1000).map { UInt8($0 % 251) }))
        let destination = try scratch.file("body", contents: Data(repeating: 0x41, count: 100_000))
        var form = MultipartForm()
        form.append("caption", name: "title")
        form.append(fileAt: photo, name: "photo")
        let written = try form.writeBody(to: destination)
        let body = try Data(contentsOf: destination)
        #expect(written == Int64(body.count))
        #expect(body == (try form.encodedData()))
        #expect(try scratch.contents() == ["body", "photo.png"])
    }

    @Test func everyByteValueSurvivesInDataAndFileParts() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let bytes = Data((0...255).map(UInt8.init))
        let file = try scratch.file("bytes", contents: bytes)
        var form = MultipartForm(boundary: "b")
        form.append(bytes, name: "d")
        form.append(fileAt: file, name: "f")
        let body = try form.encodedData()
        let dataHeader = Data("name=\"d\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        let fileHeader = Data("filename=\"bytes\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        for header in [dataHeader, fileHeader] {
            let start = try #require(body.range(of: header)).upperBound
            #expect(body[start..<start + 256] == bytes)
            #expect(body[start + 256..<start + 260] == Data("\r\n--".utf8))
        }
    }
}

/// A scratch directory of its own for one test, removed by ``remove()``.
struct MultipartScratch {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("quiver-multipart-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Creates (or replaces) a file in the directory.
    func file(_ name: String, contents: Data) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    /// A URL in the directory where nothing exists yet.
    func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The names in the directory, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The reason of an ``QuiverError/invalidRequest(_:)`` thrown by `body`, or `nil` if it threw
/// something else or nothing.
func multipartInvalidRequestReason<T>(_ body: () throws -> T) -> String? {
    do {
        _ = try body()
        return nil
    } catch QuiverError.invalidRequest(let reason) {
        return reason
    } catch {
        return nil
    }
}
