import Foundation

/// The secret values a redaction pass has learned, and their replacement in any bytes, in every
/// spelling a server or a formatter may give them (see ``spellings(of:)``).
///
/// Values are kept as UTF-8 bytes, longest first (a value inside a longer one never leaves half
/// of the longer one behind), without duplicates and without values too short to search for.
/// Every spelling of a value is at least as long as the value itself, so a text shorter than a
/// value cannot hold it in any spelling, and a value's other spellings are made only for a text
/// that holds how one of them begins (``mayHoldAnotherSpelling(of:in:)``): most lines hold
/// none, so nothing is kept from line to line.
struct SecretSet: Sendable {
    /// The values, longest first.
    private(set) var values: [[UInt8]] = []

    /// Whether nothing was learned.
    var isEmpty: Bool { values.isEmpty }

    /// Adds `value` unless it is shorter than ``Redactor/minimumScrubbedLength``, already known,
    /// or part of `marker` (replacing it would garble the marker itself).
    mutating func insert(_ value: [UInt8], marker: [UInt8]) {
        guard value.count >= Redactor.minimumScrubbedLength, !values.contains(value),
              ByteSearch.firstRange(of: value, in: marker[...]) == nil else { return }
        values.insert(value, at: values.firstIndex { $0.count < value.count } ?? values.endIndex)
    }

    /// `text` with every spelling of every value replaced by `marker`; `text` itself (no copy)
    /// when none occurs.
    func scrub(_ text: String, marker: [UInt8]) -> String {
        guard let length = values.last?.count, text.utf8.count >= length else { return text }
        var storage = text
        guard let bytes = storage.withUTF8({ scrub(bytes: $0, marker: marker) }) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `data` (text or binary) with every spelling of every value replaced by `marker`.
    func scrub(_ data: Data, marker: [UInt8]) -> Data {
        guard let length = values.last?.count, data.count >= length else { return data }
        return data.withUnsafeBytes { scrub(bytes: $0.assumingMemoryBound(to: UInt8.self), marker: marker) }.map { Data($0) } ?? data
    }

    /// The bytes with every spelling replaced, or `nil` when none occurs.
    ///
    /// A value's other spellings are made (and searched for) only when the text holds how
    /// every one of them begins (``mayHoldAnotherSpelling(of:in:)``). A token shorter than the
    /// lines it is scrubbed from otherwise cost each request its spellings, made again for each
    /// pass: 16 of the 71 allocations of a stubbed request with a 40-character token, token +
    /// headers + logger (`Builtin-decode-token-headers-logger-40`), against 55 with a token
    /// longer than the lines.
    private func scrub(bytes: UnsafeBufferPointer<UInt8>, marker: [UInt8]) -> [UInt8]? {
        var output: [UInt8]?
        func holds(_ needle: some Collection<UInt8>) -> Bool {
            if let output { ByteSearch.firstRange(of: needle, in: output[...]) != nil } else { ByteSearch.firstRange(of: needle, in: bytes) != nil }
        }
        func replace(_ spelling: [UInt8]) {
            guard holds(spelling) else { return }
            output = Self.replacing(spelling, with: marker, in: output ?? Array(bytes))
        }
        for value in values where value.count <= (output?.count ?? bytes.count) {
            replace(value)
            guard Self.mayHoldAnotherSpelling(of: value, in: { holds($0) }) else { continue }
            for spelling in Self.spellings(of: value).dropFirst() {
                replace(spelling)
            }
        }
        return output
    }

    /// Whether a text may hold a spelling of `value` other than `value` itself, asked of the
    /// text through `holds`: each begins either with the base64 of `value`'s first three bytes
    /// or with `value`'s leading letters, digits and `-._~` (which no escaping changes). A value
    /// that begins with another byte may be spelled any way: it is searched for in full.
    static func mayHoldAnotherSpelling(of value: [UInt8], in holds: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let base64Start = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { start in
            let (first, second, third) = (value[0], value[1], value[2])
            start[0] = base64Digit(first >> 2)
            start[1] = base64Digit((first & 0x03) << 4 | second >> 4)
            start[2] = base64Digit((second & 0x0F) << 2 | third >> 6)
            start[3] = base64Digit(third & 0x3F)
            return holds(UnsafeBufferPointer(start))
        }
        if base64Start { return true }
        let unreserved = value.prefix(while: ASCII.isUnreserved)
        if unreserved.count == value.count { return false }
        return unreserved.isEmpty || value.withUnsafeBufferPointer { holds(UnsafeBufferPointer(rebasing: $0[..<unreserved.count])) }
    }

    /// The base64 digit (standard alphabet) of a 6-bit value.
    private static func base64Digit(_ sixBits: UInt8) -> UInt8 {
        switch sixBits {
        case 0..<26: UInt8(ascii: "A") + sixBits
        case 26..<52: UInt8(ascii: "a") + sixBits - 26
        case 52..<62: UInt8(ascii: "0") + sixBits - 52
        case 62: UInt8(ascii: "+")
        default: UInt8(ascii: "/")
        }
    }

    /// Every spelling of `value` searched for: as written; percent-encoded (every byte but
    /// letters, digits and `-._~`); JSON-escaped (`"`, `\\` and control characters), also with
    /// `/` as `\/`; JSON-escaped twice (a JSON text quoted inside another, as httpbin's `data`);
    /// JSON-escaped, then percent-encoded; and base64 (of the longest prefix of whole 3-byte
    /// groups, so that it is found inside a longer base64 text too, when aligned). Each is at
    /// least as long as `value`; duplicates are left out.
    static func spellings(of value: [UInt8]) -> [[UInt8]] {
        var spellings = [value]
        func add(_ spelling: [UInt8]) {
            if spelling.count >= Redactor.minimumScrubbedLength, !spellings.contains(spelling) { spellings.append(spelling) }
        }
        let whole = value.count - value.count % 3
        let base64 = Array(Data(value.prefix(whole)).base64EncodedString().utf8)
        // Letters, digits and `-._~` (most tokens) are percent-encoded and JSON-escaped as they
        // are: only base64 spells such a value otherwise.
        if value.allSatisfy(ASCII.isUnreserved) {
            add(base64)
            return spellings
        }
        add(PercentEscaper.encoded(value))
        // An escaping that changes nothing adds nothing, and neither do its escapings.
        let escaped = jsonEscaped(value, slash: false)
        if escaped != value {
            add(escaped)
            add(jsonEscaped(escaped, slash: false))
            add(PercentEscaper.encoded(escaped))
        }
        let slashed = jsonEscaped(value, slash: true)
        if slashed != value {
            add(slashed)
            add(jsonEscaped(slashed, slash: true))
        }
        add(base64)
        return spellings
    }

    /// `bytes` as they stand inside a JSON string.
    static func jsonEscaped(_ bytes: [UInt8], slash: Bool) -> [UInt8] {
        func isEscaped(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (slash && byte == UInt8(ascii: "/"))
        }
        // Most values hold nothing to escape: they are their own escaping, and nothing is copied.
        guard bytes.contains(where: isEscaped) else { return bytes }
        let hex = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            guard isEscaped(byte) else {
                output.append(byte)
                continue
            }
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
            case ..<0x20: output += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: output.append(byte)
            }
        }
        return output
    }

    /// `bytes` with every occurrence of `needle` replaced by `replacement`, left to right.
    private static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while let found = ByteSearch.firstRange(of: needle, in: bytes[index...]) {
            output.append(contentsOf: bytes[index..<found.lowerBound])
            output.append(contentsOf: replacement)
            index = found.upperBound
        }
        output.append(contentsOf: bytes[index...])
        return output
    }
}
