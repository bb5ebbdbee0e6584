import Foundation
import Testing
@testable import Quiver

@Suite struct MultipartPayloadTests {
    enum Visibility: String, Encodable { case publicPost = "public" }

    struct NewPost: Encodable {
        var title = "Trip"
        var views = 42
        var rating = 4.5
        var draft = false
        var published = Date(timeIntervalSince1970: 1_795_359_600)
        var link = URL(string: "https://example.com/a?b=c")
        var subtitle: String?
        var location: String? = "Lisbon"
        var visibility = Visibility.publicPost
        var tags = ["sea", "sun"]
        var cover = MultipartForm.Attachment(data: Data([1, 2, 3]), fileName: "cover.png")
        var gallery: [MultipartForm.Attachment] = []
        var raw = Data([0xFF])
    }

    @Test func aFlatPayloadBecomesFieldsAndParts() throws {
        let video = URL(fileURLWithPath: "/tmp/clip.mov")
        var post = NewPost()
        post.gallery = [.init(fileAt: video), .init(data: Data([9]), fileName: "x", mimeType: "image/webp")]
        let form = try MultipartForm(encoding: post, boundary: "b")
        #expect(form.boundary == "b")
        typealias Part = MultipartForm.Part
        let text = { (name: String, value: String) in Part(name: name, fileName: nil, mimeType: nil, content: .text(value)) }
        #expect(form.parts == [
            text("title", "Trip"),
            text("views", "42"),
            text("rating", "4.5"),
            text("draft", "false"),
            text("published", "2026-11-22T15:00:00Z"),
            text("link", "https://example.com/a?b=c"),
            text("location", "Lisbon"),
            text("visibility", "public"),
            text("tags", "sea"),
            text("tags", "sun"),
            Part(name: "cover", fileName: "cover.png", mimeType: "image/png", content: .data(Data([1, 2, 3]))),
            Part(name: "gallery", fileName: "clip.mov", mimeType: "video/quicktime", content: .file(video)),
            Part(name: "gallery", fileName: "x", mimeType: "image/webp", content: .data(Data([9]))),
            Part(name: "raw", fileName: nil, mimeType: "application/octet-stream", content: .data(Data([0xFF]))),
        ])
    }

    @Test func numbersBooleansAndOptionalElementsAreWrittenAsText() throws {
        struct Numbers: Encodable {
            var small: Int8 = -8
            var big: UInt64 = .max
            var float: Float = 0.1
            var on = true
            var maybe: [Int?] = [1, nil, 3]
            var decimal = Decimal(string: "12.50")
        }
        let form = try MultipartForm(encoding: Numbers())
        #expect(form.parts.map(\.name) == ["small", "big", "float", "on", "maybe", "maybe", "decimal"])
        #expect(form.parts.map(\.content) == [
            .text("-8"), .text("18446744073709551615"), .text("0.1"), .text("true"),
            .text("1"), .text("3"), .text("12.5"),
        ])
    }

    @Test func aDictionaryPayloadWorksAndAnEmptyPayloadIsAnEmptyForm() throws {
        let form = try MultipartForm(encoding: ["only": "one"])
        #expect(form.parts == [.init(name: "only", fileName: nil, mimeType: nil, content: .text("one"))])
        struct Empty: Encodable { var nothing: String? }
        #expect(try MultipartForm(encoding: Empty()).parts.isEmpty)
    }

    @Test func aNestedObjectIsAnEncodingErrorNamingItsPath() {
        struct Author: Encodable { var name = "Ada" }
        struct Post: Encodable {
            var title = "t"
            var author = Author()
        }
        #expect(payloadError { try MultipartForm(encoding: Post()) } == "nestedObject(path: \"author\")")
        struct Posts: Encodable { var authors = [Author()] }
        #expect(payloadError { try MultipartForm(encoding: Posts()) } == "nestedObject(path: \"authors[0]\")")
    }

    @Test func anArrayOfArraysIsAnEncodingError() {
        struct Matrix: Encodable { var rows = [[1, 2], [3]] }
        #expect(payloadError { try MultipartForm(encoding: Matrix()) } == "nestedArray(path: \"rows[0]\")")
    }

    @Test func aPayloadThatIsNotKeyedIsAnEncodingError() {
        #expect(payloadError { try MultipartForm(encoding: ["a", "b"]) } == "topLevelNotKeyed(found: \"an array\")")
        #expect(payloadError { try MultipartForm(encoding: "text") } == "topLevelNotKeyed(found: \"a single value\")")
        #expect(payloadError { try MultipartForm(encoding: MultipartForm.Attachment(data: Data())) }
            == "topLevelNotKeyed(found: \"a single value\")")
    }

    @Test func aNonFiniteNumberIsAnEncodingError() {
        struct Reading: Encodable { var values = [1.0, .nan] }
        #expect(payloadError { try MultipartForm(encoding: Reading()) } == "nonFiniteNumber(path: \"values[1]\")")
    }

    @Test func aDateThatCannotBeWrittenIsAnEncodingError() {
        struct Log: Encodable { var at = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: .nan)] }
        #expect(payloadError { try MultipartForm(encoding: Log()) } == "nonFiniteNumber(path: \"at[1]\")")
    }

    @Test func datesUseTheProlepticGregorianCalendarOfISO8601() throws {
        struct Founding: Encodable { var at = Date(timeIntervalSince1970: -62_135_596_800) }
        #expect(try MultipartForm(encoding: Founding()).parts.map(\.content) == [.text("0001-01-01T00:00:00Z")])
    }

    @Test func anErrorThrownByThePayloadIsWrappedAsEncoding() {
        struct Refusal: Error, Equatable {}
        struct Refusing: Encodable {
            func encode(to encoder: any Encoder) throws { throw Refusal() }
        }
        do {
            _ = try MultipartForm(encoding: Refusing())
            Issue.record("expected an error")
        } catch {
            guard case .encoding(let underlying) = error else {
                Issue.record("expected .encoding, got \(error)")
                return
            }
            #expect(underlying as? Refusal == Refusal())
        }
    }

    @Test func anAttachmentCannotBeEncodedAsJSON() {
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(["file": MultipartForm.Attachment(data: Data([1]))])
        }
    }

    @Test func aPayloadWithAFileAttachmentWritesItsBody() throws {
        let scratch = try MultipartScratch()
        defer { scratch.remove() }
        let file = try scratch.file("data.csv", contents: Data("a,b\n1,2\n".utf8))
        struct Upload: Encodable {
            var note: String
            var sheet: MultipartForm.Attachment
        }
        let form = try MultipartForm(encoding: Upload(note: "q3", sheet: .init(fileAt: file)), boundary: "B")
        let expected = "--B\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nq3\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"sheet\"; filename=\"data.csv\"\r\n"
            + "Content-Type: text/csv\r\n\r\na,b\n1,2\n\r\n--B--\r\n"
        let destination = scratch.url("body")
        #expect(try form.writeBody(to: destination) == Int64(expected.utf8.count))
        #expect(try Data(contentsOf: destination) == Data(expected.utf8))
    }

    /// The ``MultipartForm/PayloadError`` inside the ``QuiverError/encoding(_:)`` thrown by `body`,
    /// as its `debugDescription`-like case text, or a note saying what was thrown instead.
    private func payloadError(_ body: () throws -> MultipartForm) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            guard case QuiverError.encoding(let underlying)? = error as? QuiverError,
                  let payloadError = underlying as? MultipartForm.PayloadError else {
                return "unexpected \(error)"
            }
            switch payloadError {
            case .topLevelNotKeyed(let found): return "topLevelNotKeyed(found: \"\(found)\")"
            case .nestedObject(let path): return "nestedObject(path: \"\(path)\")"
            case .nestedArray(let path): return "nestedArray(path: \"\(path)\")"
            case .nonFiniteNumber(let path): return "nonFiniteNumber(path: \"\(path)\")"
            }
        }
    }
}
