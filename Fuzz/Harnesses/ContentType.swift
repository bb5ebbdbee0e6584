// A response's `Content-Type` and body, as Quiver reads them (`Response.mapString`, the
// `charset` an `UndecodableTextError` names, `BodySnippet`, the excerpt an error description
// quotes), and the body-size limits (`DataExchange.receive`, where `URLSessionTransport`
// counts the body as it arrives; `TransportRequest.checkBodySize`; `ResponseTooLarge`).
//
// Input: a `Content-Type` value (or none), a limit, a password and a query for the URL, then the
// body.
// Properties:
// - `mapString()` gives the body's UTF-8 text (a byte order mark dropped), or fails with an
//   `UndecodableTextError` whose `declaredCharset` is the header's `charset` parameter as
//   RFC 9110 reads it (quoted strings and all; lowercased, unquoted), or nil when it has none
//   (or an empty one);
// - the excerpt of a body is nil for an empty body or one that is not text (by its type, or by
//   its bytes when it names none), otherwise at most 200 characters and `…`, with no `<`, no
//   control character and no run of white space;
// - a body cut into chunks in any way, against a limit: the bytes accepted never pass the
//   limit; a body within the limit is accepted whole, one over it stops at the first chunk that
//   does not fit and accepts nothing after; `checkBodySize(n)` throws exactly for n over the
//   limit, and the `ResponseTooLarge` it throws names the limit but never the URL's query,
//   user or password.
import Foundation
@testable import Quiver
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum ContentTypeHarness: FuzzHarness {
    static let name = "ContentType"

    final class Progress: @unchecked Sendable {
        var totals: [Int64] = []
    }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let header = input.byte() % 4 == 0 ? nil : input.string(upTo: 64)
        let limit = Int64(input.int(in: 0...300)) - 1   // -1: a negative limit
        let password = "pw" + String(decoding: input.bytes(upTo: 8).map { UInt8(ascii: "a") + $0 % 26 }, as: UTF8.self) + "Zq"
        let query = "q" + String(decoding: input.bytes(upTo: 8).map { UInt8(ascii: "a") + $0 % 26 }, as: UTF8.self) + "=Xj9"
        let body = Array(input.rest)
        let url = URL(string: "https://user:\(password)@api.example.com/v1/items?\(query)")!

        var fields: [String: String] = [:]
        if let header { fields["Content-Type"] = header }
        let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)
        let response = Response(statusCode: 200, data: Data(body), request: URLRequest(url: url), response: http)
        let readHeader = response.value(forHTTPHeaderField: "Content-Type")

        // The text and the charset.
        do {
            let text = try response.mapString()
            // Foundation's UTF-8 decoding drops a byte order mark at the start.
            let expected = String(validating: body.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(body.dropFirst(3)) : body, as: UTF8.self)
            require(expected == text, "mapString gave \(text.debugDescription)")
        } catch {
            guard case .decoding(let underlying as UndecodableTextError, _) = error else {
                FuzzFailure.report("mapString fails with \(error)")
            }
            require(String(validating: body, as: UTF8.self) == nil, "mapString refused UTF-8")
            let expected = readHeader.flatMap(charset)
            require(underlying.declaredCharset == expected,
                    "charset \(String(describing: underlying.declaredCharset)) read from \(String(describing: readHeader?.debugDescription)), expected \(String(describing: expected))")
        }

        // The excerpt.
        let snippet = BodySnippet.text(of: response, redactedBy: RedactionPass(Redactor(Redaction.default)))
        if body.isEmpty {
            require(snippet == nil, "an empty body has the excerpt \(String(describing: snippet))")
        }
        if let snippet {
            let type = readHeader?.lowercased()
            let isText = type.map { $0.hasPrefix("text/") || $0.contains("json") || $0.contains("xml") || $0.contains("html") || $0.contains("x-www-form-urlencoded") }
                ?? !body.prefix(512).contains { $0 < 0x09 || $0 == 0x7F }
            require(isText, "a body that is not text has the excerpt \(snippet.debugDescription)")
            // A cut excerpt is at most 200 characters and `…`; one of 201 was surely cut. A shorter
            // one ending with `…` may be a whole body that ends so (the first run's false alarm:
            // a body ending "aZ …" read as "aZ " and a cut).
            let shown = snippet.count == BodySnippet.maximumLength + 1 ? String(snippet.dropLast()) : snippet
            require(shown.count <= BodySnippet.maximumLength, "an excerpt of \(shown.count) characters")
            require(!shown.isEmpty && !shown.unicodeScalars.contains { $0 == "<" || $0.value < 0x20 || $0.value == 0x7F },
                    "the excerpt \(snippet.debugDescription)")
            let scalars = Array(shown.unicodeScalars)
            let spaces = scalars.map(\.properties.isWhitespace)
            require(spaces.first != true && spaces.last != true && !zip(spaces, spaces.dropFirst()).contains { $0 && $1 },
                    "white space in the excerpt \(snippet.debugDescription)")
        }

        // The limits.
        let request = TransportRequest(url: url, maximumBodySize: limit)
        for count in [0, 1, Int64(body.count), limit, limit + 1, Int64.max] {
            do {
                try request.checkBodySize(count)
                require(count <= limit, "\(count) bytes pass a limit of \(limit)")
            } catch {
                require(count > limit, "\(count) bytes refused by a limit of \(limit)")
                require(error.limit == limit, "the error names the limit \(error.limit), not \(limit)")
                let description = error.description
                require(!description.contains(password) && !description.contains(query) && !description.contains("user"),
                        "the description \(description.debugDescription) names the URL's secrets")
                require(description.contains("\(limit) bytes"), "the description \(description.debugDescription) does not name the limit")
            }
        }
        for chunks in cuttings(of: body, count: 2) {
            let progress = Progress()
            let exchange: DataExchange
            do {
                exchange = try DataExchange(request: URLRequest(url: url), hasBody: false, returnsBodyRedirects: false, fileURL: nil,
                                            progress: { progress.totals.append($0.completedUnitCount) }, maximumBodySize: limit)
            } catch {
                FuzzFailure.report("no exchange: \(error)")
            }
            var expected: [Int64] = []
            var total: Int64 = 0
            for chunk in chunks {
                exchange.receive(Data(chunk))
                if total + Int64(chunk.count) > limit { break }
                total += Int64(chunk.count)
                expected.append(total)
            }
            exchange.cancel()
            require(progress.totals == expected, "accepted \(progress.totals) of chunks \(chunks.map(\.count)) under a limit of \(limit)")
        }
    }

    /// The `charset` parameter of a media type, as RFC 9110 §8.3.1 reads parameters: `;`-separated
    /// `name=value` after the type, values as tokens or quoted strings (`\` escapes); lowercased.
    static func charset(_ header: String) -> String? {
        var bytes = Array(header.utf8)[...]
        func skipSpace() { while let byte = bytes.first, byte == 0x20 || byte == 0x09 { bytes = bytes.dropFirst() } }
        // The type: up to the first `;`.
        while let byte = bytes.first, byte != UInt8(ascii: ";") { bytes = bytes.dropFirst() }
        while bytes.first == UInt8(ascii: ";") {
            bytes = bytes.dropFirst()
            skipSpace()
            var name: [UInt8] = []
            while let byte = bytes.first, byte != UInt8(ascii: "="), byte != UInt8(ascii: ";") {
                name.append(byte)
                bytes = bytes.dropFirst()
            }
            var value: [UInt8] = []
            if bytes.first == UInt8(ascii: "=") {
                bytes = bytes.dropFirst()
                skipSpace()
                if bytes.first == UInt8(ascii: "\"") {
                    bytes = bytes.dropFirst()
                    while let byte = bytes.popFirst(), byte != UInt8(ascii: "\"") {
                        if byte == UInt8(ascii: "\\"), let escaped = bytes.popFirst() { value.append(escaped) } else { value.append(byte) }
                    }
                    while let byte = bytes.first, byte != UInt8(ascii: ";") { bytes = bytes.dropFirst() }
                } else {
                    while let byte = bytes.first, byte != UInt8(ascii: ";") {
                        value.append(byte)
                        bytes = bytes.dropFirst()
                    }
                    while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
                }
                while let last = name.last, last == 0x20 || last == 0x09 { name.removeLast() }
                if String(decoding: name, as: UTF8.self).lowercased() == "charset" {
                    // An empty charset names none.
                    return value.isEmpty ? nil : String(decoding: value, as: UTF8.self).lowercased()
                }
            }
        }
        return nil
    }
}
