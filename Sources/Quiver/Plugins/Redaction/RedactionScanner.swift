/// The redaction by structure: one linear pass over UTF-8 bytes (any text: a URL, a JSON or
/// form body, a cURL command, an error description; or a binary body) finds four shapes:
/// 1. `name=value` (query strings, form bodies): the value up to `&`, `#`, `;`, a quote or
///    whitespace; the name is percent-decoded and `a[b]` matches `a` or `b`;
/// 2. `"name": value` (JSON at any depth): a string, number, object or array value;
/// 3. `Name: value` (headers in free text, Swift descriptions): the value up to the end of the
///    line or a quote, or the quoted string;
/// 4. `scheme://user:password@`: the password, whatever its length.
///
/// Names are compared case-insensitively. A value that already is the marker is left alone, so
/// redacting twice changes nothing. The scan only records which ranges the marker replaces: a
/// text with nothing to redact is not copied.
struct RedactionScanner {
    /// A range of the text that the marker replaces; `quoted` values become `"marker"`.
    struct Replacement {
        var range: Range<Int>
        var quoted: Bool
    }

    /// The text. Valid only while ``Redactor/redact(_:)`` holds the string's storage: the
    /// scanner never leaves that call.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let redactor: Redactor
    /// Names listed for this scan only, lowercased (the names of short cookies).
    private let extraNames: Set<String>
    private let marker: [UInt8]
    /// The ranges to replace, in order and not overlapping.
    private(set) var replacements: [Replacement] = []
    /// The values removed, as they stood in the text.
    private(set) var removed: [String] = []
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, redactor: Redactor, extraNames: Set<String> = []) {
        self.bytes = bytes
        self.redactor = redactor
        self.extraNames = extraNames
        self.marker = redactor.markerBytes
    }

    /// Scans the whole text once.
    mutating func run() {
        // Only a quote, `=` or `:` can start a shape. The bytes between are skipped in a local
        // loop, which keeps its index in a register: stepping `index` itself cost 2.6 ns a byte
        // of every URL, line and logged body, a cost that grows with them (a tenth of a logged
        // request's CPU alone; 2026-11-26).
        while index < bytes.count {
            var next = index
            while next < bytes.count, bytes[next] != ScannerByte.quote, bytes[next] != ScannerByte.equals,
                  bytes[next] != ScannerByte.colon {
                next += 1
            }
            index = next
            guard index < bytes.count else { return }
            let handled = switch bytes[index] {
            case ScannerByte.quote: redactQuotedName()
            case ScannerByte.equals: redactParameterValue()
            case ScannerByte.colon: redactUserInfo() || redactFieldValue()
            default: false
            }
            if !handled {
                index += 1
            }
        }
    }

    /// The text with the replacements made, as UTF-8.
    func output() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + replacements.count * (marker.count + 2))
        var copied = 0
        for replacement in replacements {
            output.append(contentsOf: bytes[copied..<replacement.range.lowerBound])
            if replacement.quoted { output.append(ScannerByte.quote) }
            output.append(contentsOf: marker)
            if replacement.quoted { output.append(ScannerByte.quote) }
            copied = replacement.range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    /// Shape 2: `"name": value` with `name` listed.
    private mutating func redactQuotedName() -> Bool {
        guard let close = closingQuote(after: index) else { return false }
        let colon = skipWhitespace(from: close + 1)
        guard colon < bytes.count, bytes[colon] == ScannerByte.colon, isListed(index + 1..<close) else { return false }
        index = skipWhitespace(from: colon + 1)
        redactJSONValue()
        return true
    }

    /// Replaces the JSON value at `index` (string, object, array or scalar) by the quoted marker.
    private mutating func redactJSONValue() {
        guard index < bytes.count, !skipMarker(at: index) else { return }
        let start = index
        var end: Int
        switch bytes[start] {
        case ScannerByte.quote:
            if skipMarker(at: start + 1, quoted: true) { return }
            let close = closingQuote(after: start) ?? bytes.count
            record(start + 1..<close)
            end = min(close + 1, bytes.count)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            end = matchingBracket(from: start)
            var position = start
            while position < end {
                if bytes[position] == ScannerByte.quote, let close = closingQuote(after: position), close < end {
                    record(position + 1..<close)
                    position = close + 1
                } else {
                    position += 1
                }
            }
        default:
            end = start
            while end < bytes.count, !ScannerByte.jsonScalarEnd.contains(bytes[end]) { end += 1 }
            guard end > start else { return }
            record(start..<end)
        }
        replacements.append(Replacement(range: start..<end, quoted: true))
        index = end
    }

    /// Shape 1: `name=value` with `name` listed.
    private mutating func redactParameterValue() -> Bool {
        let nameStart = scanBack(from: index, limit: 256) { !ScannerByte.parameterNameEnd.contains($0) }
        guard nameStart < index, isListedParameter(nameStart..<index) else { return false }
        index += 1
        guard !skipMarker(at: index) else { return true }
        var end = index
        while end < bytes.count, !ScannerByte.parameterValueEnd.contains(bytes[end]) { end += 1 }
        replace(index..<end)
        index = end
        return true
    }

    /// Shape 3: `Name: value` with `Name` listed, at the start of the text or after a separator.
    private mutating func redactFieldValue() -> Bool {
        guard let nameStart = Self.fieldNameStart(beforeColonAt: index, in: bytes),
              isListed(nameStart..<index) else { return false }
        index += 1
        while index < bytes.count, bytes[index] == ScannerByte.space || bytes[index] == ScannerByte.tab {
            index += 1
        }
        guard index < bytes.count, !skipMarker(at: index) else { return true }
        if bytes[index] == ScannerByte.quote {
            redactJSONValue()
            return true
        }
        var end = index
        while end < bytes.count, !ScannerByte.fieldValueEnd.contains(bytes[end]) { end += 1 }
        replace(index..<end)
        index = end
        return true
    }

    /// Where the `Name` of a `Name: value` whose colon is at `colon` starts: a run of token
    /// bytes at the start of the text or after a separator. `nil` when no name of that shape
    /// stands before the colon (a port's colon, after `/host`, or one in a path): such a colon
    /// starts no shape 3, whatever the name.
    private static func fieldNameStart(beforeColonAt colon: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = colon
        while start > 0, colon - start < 128, ScannerByte.isToken(bytes[start - 1]) { start -= 1 }
        guard start < colon, start == 0 || ScannerByte.fieldNameStart.contains(bytes[start - 1]) else { return nil }
        return start
    }

    /// Shape 4: the password of `scheme://user:password@host`.
    private mutating func redactUserInfo() -> Bool {
        let authorityStart = index + 3
        guard authorityStart <= bytes.count, bytes[index + 1] == ScannerByte.slash, bytes[index + 2] == ScannerByte.slash else { return false }
        var end = authorityStart
        while end < bytes.count, !ScannerByte.authorityEnd.contains(bytes[end]) { end += 1 }
        guard let at = (authorityStart..<end).last(where: { bytes[$0] == UInt8(ascii: "@") }),
              let colon = (authorityStart..<at).first(where: { bytes[$0] == ScannerByte.colon }), colon + 1 < at
        else { return false }
        index = colon + 1
        if !skipMarker(at: index) {
            replace(index..<at)
        }
        index = at
        return true
    }

    // MARK: Helpers

    /// If the marker (optionally in quotes) stands at `position`, moves past it and returns
    /// `true`: a value redacted already is left as it is.
    private mutating func skipMarker(at position: Int, quoted: Bool = false) -> Bool {
        let end = position + marker.count
        guard end <= bytes.count, bytes[position..<end].elementsEqual(marker) else { return false }
        if quoted {
            guard end < bytes.count, bytes[end] == ScannerByte.quote else { return false }
            index = end + 1
        } else {
            index = end
        }
        return true
    }

    /// Records the value in `range` and replaces it by the bare marker.
    private mutating func replace(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        record(range)
        replacements.append(Replacement(range: range, quoted: false))
    }

    private mutating func record(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        removed.append(string(range))
    }

    /// Whether the name in `range` is listed, read in place: most names a scan meets (`https`,
    /// a port's host, JSON keys) are not, and no string is made for them.
    private func isListed(_ range: Range<Int>) -> Bool {
        redactor.isListed(bytes: UnsafeBufferPointer(rebasing: bytes[range])) || isExtra(range)
    }

    /// Whether the parameter name in `range` is listed, read in place.
    private func isListedParameter(_ range: Range<Int>) -> Bool {
        redactor.isListedParameter(bytes: UnsafeBufferPointer(rebasing: bytes[range])) || isExtra(range)
    }

    private func isExtra(_ range: Range<Int>) -> Bool {
        !extraNames.isEmpty && extraNames.contains(string(range).lowercased())
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The index of the `"` that closes the string opened at `open`, skipping escapes.
    private func closingQuote(after open: Int) -> Int? {
        var position = open + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case ScannerByte.quote: return position
            default: position += 1
            }
        }
        return nil
    }

    /// The index just past the bracket that closes the one at `open` (strings skipped), or the end.
    private func matchingBracket(from open: Int) -> Int {
        var depth = 0
        var position = open
        while position < bytes.count {
            switch bytes[position] {
            case ScannerByte.quote:
                guard let close = closingQuote(after: position) else { return bytes.count }
                position = close
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return position + 1 }
            default:
                break
            }
            position += 1
        }
        return bytes.count
    }

    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < bytes.count, ScannerByte.whitespace.contains(bytes[position]) { position += 1 }
        return position
    }

    /// The first index of the run of bytes before `end` that satisfy `accept`, at most `limit` long.
    private func scanBack(from end: Int, limit: Int, while accept: (UInt8) -> Bool) -> Int {
        var start = end
        while start > 0, end - start < limit, accept(bytes[start - 1]) { start -= 1 }
        return start
    }
}
