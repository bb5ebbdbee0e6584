import Foundation

/// A ``Redaction`` policy made ready to use: its names lowercased and its marker as bytes. It
/// redacts by structure (see ``RedactionScanner``); learning and replacing secret values is the
/// work of a ``RedactionPass``.
///
/// A class, immutable: every pass holds it, and sharing one reference costs less than copying
/// its sets each time.
package final class Redactor: Sendable {
    /// Values shorter than this (in UTF-8 bytes) are not searched for in free text: they would
    /// match ordinary words.
    static let minimumScrubbedLength = 6

    /// The listed names, lowercased.
    let names: Set<String>
    /// The UTF-8 of ``names``, at the index of their length: an ASCII name (most are) is
    /// compared with the few listed names of its length, ASCII letters folded, without making
    /// a string of it or hashing anything.
    private let namesByLength: [[[UInt8]]]
    /// The text that replaces each secret.
    let marker: String
    /// ``marker`` as UTF-8.
    let markerBytes: [UInt8]

    /// Creates a redactor for `names`; an empty `marker` is taken as `<redacted>`.
    init(names: some Sequence<String>, marker: String) {
        self.names = Set(names.map { $0.lowercased() })
        var namesByLength: [[[UInt8]]] = Array(repeating: [], count: (self.names.map(\.utf8.count).max() ?? 0) + 1)
        for name in self.names {
            namesByLength[name.utf8.count].append(Array(name.utf8))
        }
        self.namesByLength = namesByLength
        self.marker = marker.isEmpty ? "<redacted>" : marker
        markerBytes = Array(self.marker.utf8)
    }

    /// Creates the redactor of a policy.
    package convenience init(_ redaction: Redaction) {
        self.init(names: redaction.allNames, marker: redaction.marker)
    }

    /// Whether `name` (a header name or JSON key) is listed, whatever its case.
    func isListed(_ name: some StringProtocol) -> Bool {
        var name = String(name)
        return name.withUTF8(isListed(bytes:))
    }

    /// ``isListed(_:)`` on a name's UTF-8, without making a lowercased string to hash: every
    /// header name of every logged request is asked. A name beyond ASCII may fold onto a
    /// listed one (`K`, `ſ`) with another length: only such a name is lowercased as a string.
    func isListed(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return names.contains(String(decoding: bytes, as: UTF8.self).lowercased()) }
        guard bytes.count < namesByLength.count else { return false }
        return namesByLength[bytes.count].contains { $0.elementsEqual(bytes.lazy.map(ASCII.lowercased)) }
    }

    /// Whether a query or form parameter name, given as its UTF-8, is listed: compared after
    /// percent-decoding (`+` is a space), whole or by any bracketed part (`user[password]`).
    func isListedParameter(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isListed(bytes: bytes) { return true }
        let special: Set<UInt8> = [UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "["), UInt8(ascii: "]")]
        guard bytes.contains(where: special.contains) else { return false }
        let decoded = Self.formDecoded(String(decoding: bytes, as: UTF8.self)).lowercased()
        return names.contains(decoded)
            || decoded.split(whereSeparator: { $0 == "[" || $0 == "]" }).contains { names.contains(String($0)) }
    }

    /// `text` with `+` as a space and percent escapes decoded; `text` when it is not valid.
    /// (QuiverTesting's stub network reads form bodies back with it too.)
    package static func formDecoded(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `text` with the value of every listed name (and of `extraNames`, lowercased) replaced by
    /// the marker.
    ///
    /// - Returns: The redacted text (`text` itself when nothing was redacted), and the values
    ///   removed, as they stood in `text`.
    func redact(_ text: String, extraNames: Set<String> = []) -> (text: String, removed: [String]) {
        var storage = text
        return storage.withUTF8 { bytes in
            var scanner = RedactionScanner(bytes: bytes, redactor: self, extraNames: extraNames)
            scanner.run()
            guard !scanner.replacements.isEmpty else { return (text, scanner.removed) }
            return (String(decoding: scanner.output(), as: UTF8.self), scanner.removed)
        }
    }

    /// ``redact(_:extraNames:)`` on bytes that need not be UTF-8 (a binary body).
    func redact(_ data: Data, extraNames: Set<String> = []) -> (data: Data, removed: [String]) {
        data.withUnsafeBytes { raw in
            var scanner = RedactionScanner(bytes: raw.assumingMemoryBound(to: UInt8.self), redactor: self, extraNames: extraNames)
            scanner.run()
            guard !scanner.replacements.isEmpty else { return (data, scanner.removed) }
            return (Data(scanner.output()), scanner.removed)
        }
    }
}
