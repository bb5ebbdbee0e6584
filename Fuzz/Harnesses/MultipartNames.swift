// Multipart names and filenames: the public `MultipartForm.append` (text, data with a file name
// and MIME type) with names, file names, MIME types and contents from the input, under the
// default boundary or one from the input; then the body Quiver writes (`encodedData()`), read by
// the harness as a server reads multipart/form-data (RFC 7578).
//
// Input: a boundary choice and up to five parts (a kind byte, then length-prefixed name, file
// name, MIME type and content).
// Properties:
// - the form is refused (`.invalidRequest`) exactly when the harness's rules say so: a name that
//   is empty or holds CR, LF or NUL, a file name holding CR, LF or NUL, a MIME type that is empty or
//   not printable ASCII, a boundary that is not 1…70 boundary characters or ends in a space, or
//   a content holding the delimiter `--boundary`;
// - otherwise the body, cut at its delimiters, has exactly the parts appended, in order; each
//   part's head is one `Content-Disposition: form-data; name="…"` line (with `; filename="…"` when
//   there is a file name) and a `Content-Type` line when the part has a type, and nothing else;
//   the quoted name and file name hold no `"` or `\` (written `%22` and `%5C`) and read back as
//   the values with those two escaped; the content comes back byte for byte;
// - `contentType` names the boundary, quoted when it holds a character that needs it.
import Foundation
@testable import Quiver

enum MultipartNamesHarness: FuzzHarness {
    static let name = "MultipartNames"

    struct Appended {
        var name: String
        var fileName: String?
        var mimeType: String?
        var content: [UInt8]
    }

    static let boundaryCharacters = Array("abcXYZ019'()+_,-./:=? ".unicodeScalars)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let boundaryChoice = input.byte()
        var boundary: String?
        if boundaryChoice % 4 == 1 {
            boundary = String(String.UnicodeScalarView(input.bytes(upTo: 72).map { boundaryCharacters[Int($0) % boundaryCharacters.count] }))
        } else if boundaryChoice % 4 == 2 {
            boundary = input.string(upTo: 72)
        }
        var form = MultipartForm(boundary: boundary)
        var parts: [Appended] = []
        for _ in 0..<input.int(in: 0...5) where !input.isAtEnd {
            let kind = input.byte()
            let name = input.string(upTo: 24)
            if kind % 2 == 0 {
                let text = input.string(upTo: 48)
                form.append(text, name: name)
                parts.append(Appended(name: name, fileName: nil, mimeType: nil, content: Array(text.utf8)))
            } else {
                let fileName = kind & 2 == 0 ? nil : input.string(upTo: 24)
                let mimeType = kind & 4 == 0 ? nil : input.string(upTo: 24)
                let data = Array(input.bytes(upTo: 48))
                form.append(Data(data), name: name, fileName: fileName, mimeType: mimeType)
                let type = mimeType ?? fileName.map(MIMEType.forFileName) ?? MIMEType.octetStream
                parts.append(Appended(name: name, fileName: fileName, mimeType: type, content: data))
            }
        }
        let delimiter = Array("--\(form.boundary)".utf8)
        let refused = !isBoundary(form.boundary) || parts.contains { part in
            part.name.isEmpty || breaksLine(part.name) || part.fileName.map(breaksLine) == true
                || part.mimeType.map { $0.isEmpty || !$0.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } } == true
                || contains(part.content, delimiter)
        }
        let body: [UInt8]
        do {
            body = Array(try form.encodedData())
        } catch {
            guard case .invalidRequest = error else { FuzzFailure.report("the form fails with \(error)") }
            require(refused, "the form is refused: \(error)")
            return
        }
        require(!refused, "the form is not refused: \(String(decoding: body, as: UTF8.self).debugDescription)")

        // The content type.
        let needsQuotes = form.boundary.unicodeScalars.contains { "()/:=?, ".unicodeScalars.contains($0) }
        require(form.contentType == "multipart/form-data; boundary=" + (needsQuotes ? "\"\(form.boundary)\"" : form.boundary),
                "content type \(form.contentType)")

        // The body as a server reads it: the first delimiter, then parts until the close delimiter.
        require(body.starts(with: delimiter), "the body does not start with the delimiter")
        let separator = Array("\r\n".utf8) + delimiter
        var pieces: [[UInt8]] = []
        var rest = Array(body.dropFirst(delimiter.count))
        while let cut = firstRange(of: separator, in: rest) {
            pieces.append(Array(rest[..<cut]))
            rest = Array(rest[(cut + separator.count)...])
        }
        require(rest == Array("--\r\n".utf8), "the body ends with \(rest), not the close delimiter")
        require(pieces.count == parts.count, "\(pieces.count) parts read, \(parts.count) appended")
        for (piece, part) in zip(pieces, parts) {
            // Each piece: CRLF, head lines, an empty line, the content.
            require(piece.starts(with: Array("\r\n".utf8)), "a part does not start its line")
            guard let headEnd = firstRange(of: Array("\r\n\r\n".utf8), in: piece) else {
                FuzzFailure.report("a part has no empty line after its head")
            }
            let head = String(decoding: piece[2..<headEnd], as: UTF8.self)
            let content = Array(piece[(headEnd + 4)...])
            require(content == part.content, "content \(content) for \(part.content)")
            let lines = head.components(separatedBy: "\r\n")
            var expected = "Content-Disposition: form-data; name=\"\(escaped(part.name))\""
            if let fileName = part.fileName { expected += "; filename=\"\(escaped(fileName))\"" }
            var expectedLines = [expected]
            if let type = part.mimeType { expectedLines.append("Content-Type: \(type)") }
            require(lines == expectedLines, "head \(lines) for \(part.name.debugDescription)")
            // No line break of any kind inside a head line, no quote inside a quoted value.
            for line in lines {
                require(!line.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }, "a line break in \(line.debugDescription)")
            }
            let disposition = lines[0].utf8
            let quotes = disposition.filter { $0 == UInt8(ascii: "\"") }.count
            require(quotes == (part.fileName == nil ? 2 : 4), "\(quotes) quotes in \(lines[0].debugDescription)")
            require(!disposition.contains(UInt8(ascii: "\\")), "a backslash in \(lines[0].debugDescription)")
        }
    }

    /// `"` as `%22` and `\` as `%5C`, byte by byte (a quote followed by a combining mark is still
    /// a quote to a server).
    static func escaped(_ value: String) -> String {
        String(decoding: value.utf8.flatMap { byte -> [UInt8] in
            switch byte {
            case UInt8(ascii: "\""): Array("%22".utf8)
            case UInt8(ascii: "\\"): Array("%5C".utf8)
            default: [byte]
            }
        }, as: UTF8.self)
    }

    static func breaksLine(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }

    static func isBoundary(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return (1...70).contains(scalars.count) && scalars.last != " "
            && scalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "'()+_,-./:=? ".unicodeScalars.contains($0) }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        firstRange(of: needle, in: bytes) != nil
    }

    static func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
