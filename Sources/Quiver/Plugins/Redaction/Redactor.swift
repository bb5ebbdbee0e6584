import Foundation

/// Replaces the values of listed names in log text with a marker, and reports what it removed.
///
/// One linear pass over the UTF-8 bytes finds four shapes, whatever the text is (a URL, a JSON
/// or form body, a cURL command, an error description):
/// 1. `name=value` (query strings, form bodies): the value up to `&`, `#`, `;`, a quote or
///    whitespace; the name is percent-decoded and `a[b]` matches `a` or `b`;
/// 2. `"name": value` (JSON at any depth): a string, number, object or array value;
/// 3. `Name: value` (headers in free text): the value up to the end of the line or a quote;
/// 4. `scheme://user:password@`: the password.
///
/// Names are compared case-insensitively. A value that already is the marker is left alone,
/// so redacting twice changes nothing.
///
/// A class, immutable: every redaction pass and scan of a logged request holds it, and
/// sharing one reference costs less than copying its five stored collections each time.
final class Redactor: Sendable {
    /// Values shorter than this (in UTF-8 bytes) are not searched for in free text by
    /// ``RedactionPass/finish(_:)``: they would match ordinary words.
    static let minimumScrubbedLength = 6

    /// The listed names, lowercased.
    let names: Set<String>
    /// The UTF-8 of ``names``, one after another, shortest first: ``isListed(_:)`` compares a
    /// header name with the few listed names of its length, without making a lowercased copy.
    private let listedBytes: [UInt8]
    /// Where the listed names of each byte count start in ``listedBytes``: those of length `n`
    /// are `listedBytes[listedStarts[n]..<listedStarts[n + 1]]`, `n` bytes each.
    private let listedStarts: [Int]
    /// The text that replaces each secret.
    let marker: String
    /// ``marker`` as UTF-8, for the byte searches of a redaction pass.
    let markerBytes: [UInt8]

    /// Creates a redactor for `names`; an empty `marker` is taken as `<redacted>`.
    init(names: some Sequence<String>, marker: String) {
        self.names = Set(names.map { $0.lowercased() })
        let longest = self.names.map(\.utf8.count).max() ?? 0
        var bytes: [UInt8] = []
        var starts = [0]
        for length in 0...longest {
            for name in self.names where name.utf8.count == length {
                bytes += name.utf8
            }
            starts.append(bytes.count)
        }
        listedBytes = bytes
        listedStarts = starts
        self.marker = marker.isEmpty ? "<redacted>" : marker
        markerBytes = Array(self.marker.utf8)
    }

    /// Creates the redactor of a configuration's redaction list.
    convenience init(_ redaction: NetworkLoggerPlugin.Configuration.Redaction) {
        self.init(names: redaction.allNames, marker: redaction.marker)
    }

    /// Whether `name` (a header name or JSON key) is listed.
    func isListed(_ name: some StringProtocol) -> Bool {
        name.utf8.withContiguousStorageIfAvailable(isListed(bytes:)) ?? names.contains(name.lowercased())
    }

    /// ``isListed(_:)`` on a name's UTF-8: compared, ASCII letters folded, with the listed
    /// names of its length only.
    func isListed(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = bytes.count
        guard length > 0, length + 1 < listedStarts.count else { return false }
        var start = listedStarts[length]
        let end = listedStarts[length + 1]
        guard start < end else { return false }
        let matchesAsASCII = listedBytes.withUnsafeBufferPointer { listed in
            while start < end {
                var matches = true
                for offset in 0..<length {
                    if listed[start + offset] != ASCII.lowercased(bytes[offset]) {
                        matches = false
                        break
                    }
                }
                if matches { return true }
                start += length
            }
            return false
        }
        // A name with a byte beyond ASCII may still fold onto a listed one as Unicode folds
        // case (`ſ`, `K`): only then is it lowercased whole. Most names are ASCII.
        if matchesAsASCII || bytes.allSatisfy({ $0 < 0x80 }) { return matchesAsASCII }
        return names.contains(String(decoding: bytes, as: UTF8.self).lowercased())
    }

    /// Whether a query or form parameter name, given as its UTF-8, is listed: compared after
    /// percent-decoding (`+` is a space), whole or by any bracketed part (`user[password]`).
    /// A name with no `%`, `+` or bracket (most names) decodes to itself and is compared where
    /// it stands, without making a string.
    func isListedParameter(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needsDecoding = bytes.contains {
            $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
        }
        guard needsDecoding else { return isListed(bytes: bytes) }
        let rawName = String(decoding: bytes, as: UTF8.self)
        let decoded = (rawName.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? rawName).lowercased()
        if names.contains(decoded) { return true }
        return decoded.split(whereSeparator: { $0 == "[" || $0 == "]" }).contains { names.contains(String($0)) }
    }

    /// `text` with the value of every listed name replaced by the marker.
    ///
    /// - Returns: The redacted text (`text` itself, not a copy, when nothing was redacted),
    ///   and the values removed (as they stood in `text`).
    func redact(_ text: String) -> (text: String, removed: [String]) {
        var storage = text
        return storage.withUTF8 { bytes in
            var scanner = RedactionScanner(bytes: bytes, redactor: self)
            scanner.run()
            guard !scanner.replacements.isEmpty else { return (text, scanner.removed) }
            return (String(decoding: scanner.output(), as: UTF8.self), scanner.removed)
        }
    }

    /// `text` with the value of each cookie replaced by the marker where it stands with the
    /// cookie's name: as a JSON member (`"name": "value"`, any spacing around the colon) or as
    /// `name=value` between separators. Used for values too short for ``SecretSet/scrub(_:marker:)``.
    func scrub(_ text: String, cookies: [(name: String, value: String)]) -> String {
        var text = text
        for (name, value) in cookies where text.contains(value) {
            for colon in [":", ": ", " : ", " :"] {
                text = text.replacingOccurrences(of: "\"\(name)\"\(colon)\"\(value)\"", with: "\"\(name)\"\(colon)\"\(marker)\"")
            }
            text = replacingPair("\(name)=\(value)", keeping: name.utf8.count + 1, in: text)
        }
        return text
    }

    /// `text` with each `pair` that stands between separators (start, end, white space, `;`,
    /// `&`, `?`, `,`, quotes) cut after its first `keep` bytes and followed by the marker.
    private func replacingPair(_ pair: String, keeping keep: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        let needle = Array(pair.utf8)
        let separators = Set(" \t\r\n;&?,\"'".utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let end = index + needle.count
            if end <= bytes.count, bytes[index..<end].elementsEqual(needle),
               index == 0 || separators.contains(bytes[index - 1]),
               end == bytes.count || separators.contains(bytes[end]) {
                output.append(contentsOf: needle.prefix(keep))
                output.append(contentsOf: marker.utf8)
                index = end
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
