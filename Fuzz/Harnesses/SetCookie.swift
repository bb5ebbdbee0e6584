// `Set-Cookie` into the `CookieJar`: the public `store(setCookie:from:)`, after the split of
// lines that a response joined with commas (`CookieJar.split`, what `store(from:)` does), then
// the public `cookieHeader(for:)` for several URLs.
//
// Input: byte 0 chooses the URL the response came from, then pieces of text, each a length
// byte and that many bytes: a `Set-Cookie` value each; a piece whose first byte is odd is split
// as a joined header first.
// Properties:
// - a `Cookie` header the jar sends holds no control character but a tab (no CR, LF, NUL, …):
//   a cookie can never add a header line;
// - read by byte, as a server does, it is `name=value` pairs joined by `; `: each pair has a non-empty name without `;`, `=`
//   or leading/trailing white space, and a value without `;`;
// - every name it sends is the name of a cookie some `Set-Cookie` line of the input set.
import Foundation
@testable import Quiver

enum SetCookieHarness: FuzzHarness {
    static let name = "SetCookie"

    static let urls = [
        "https://example.com/", "http://example.com/a/b", "https://api.example.com/v1/users",
        "https://a.b.example.com/x/", "http://127.0.0.1:8080/p", "https://example.org/",
    ].map { URL(string: $0)! }

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let source = urls[input.int(in: 0...(urls.count - 1))]
        let jar = CookieJar()
        var names = Set<String>()
        while !input.isAtEnd {
            let piece = input.bytes(upTo: 255)
            let text = String(decoding: piece, as: UTF8.self)
            let lines = piece.first.map { $0 & 1 == 1 } ?? false ? CookieJar.split(text) : [text]
            // By byte, as a server reads the header: a `;` or `=` followed by a combining mark
            // is still one.
            for line in lines {
                let pair = line.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).first ?? []
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                    names.insert(String(decoding: pair[..<equals], as: UTF8.self).trimmingCharacters(in: .whitespaces))
                }
            }
            jar.store(setCookie: lines, from: source)
        }
        for url in urls {
            guard let header = jar.cookieHeader(for: url) else { continue }
            // A tab may stand in a field value (RFC 9110 5.5) and RFC 6265bis keeps it in a cookie.
            require(!header.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F },
                    "the Cookie header for \(url) holds a control character: \(header.debugDescription)")
            for pair in split(Array(header.utf8), at: Array("; ".utf8)) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                    FuzzFailure.report("a pair without `=` in \(header.debugDescription)")
                }
                let name = String(decoding: pair[..<equals], as: UTF8.self)
                let value = String(decoding: pair[(equals + 1)...], as: UTF8.self)
                require(!name.isEmpty && !name.utf8.contains(UInt8(ascii: ";")) && name == name.trimmingCharacters(in: .whitespaces),
                        "the name \(name.debugDescription) in \(header.debugDescription)")
                require(!value.utf8.contains(UInt8(ascii: ";")), "the value \(value.debugDescription) holds `;`")
                require(names.contains(name), "\(name.debugDescription) was never set")
            }
        }
    }

    /// `bytes` cut at every `separator`.
    static func split(_ bytes: [UInt8], at separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                pieces.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(bytes[start...])
        return pieces
    }
}
