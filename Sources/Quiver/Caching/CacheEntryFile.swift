import Foundation

/// The file a ``DiskCacheStore`` keeps one entry in, and the checks that make a damaged or
/// foreign file a miss rather than a wrong answer.
///
/// Layout; every integer is 8 bytes, big-endian, and every text is its UTF-8 after its length:
///
/// | Bytes | Content |
/// |---|---|
/// | 4 | magic `QVRC` |
/// | 1 | format version, `2` |
/// | 32 + 32 | the key: the resource's digest, then the identity's |
/// | 8 + 8 | request and response times: the bits of each `Date`'s `timeIntervalSinceReferenceDate` |
/// | 8 | status code, two's complement |
/// | 1 | `1` when the variant matches nothing (`Vary: *`), else `0` |
/// | 8, … | the variant's fields: count; each field's name (length, UTF-8), then `0`, or `1` and its value's 32-byte digest |
/// | 8, … | header fields: count; each field's name, then its value (length, UTF-8 each) |
/// | 8, … | body: length, bytes |
/// | 32 | SHA-256 of every byte before it |
///
/// Reading accepts only the exact bytes ``encode(_:for:)`` writes: the magic and version, a
/// checksum that matches, every flag `0` or `1`, every text valid UTF-8, finite times, a status
/// that fits an `Int`, nothing after the body. So a file that reads writes back to the same
/// bytes, and a truncated, changed or foreign one reads as nothing. Every length and count is
/// checked against the bytes that remain before anything is made of it, so no file makes the
/// reader allocate more than the file's own size or loop more often than it has bytes.
///
/// Version 1 (2-byte status and variant name lengths, times since 1970) is not read: such a file
/// is a miss.
enum CacheEntryFile {
    /// The first bytes of every entry file.
    static let magic: [UInt8] = Array("QVRC".utf8)
    /// The format version this code writes and reads.
    static let version: UInt8 = 2
    /// The bytes of the checksum at the end of a file.
    static let checksumSize = 32
    /// The size of the smallest file: an entry with no variant field, header field or body.
    static let minimumSize = magic.count + 1 + 32 + 32 + 8 + 8 + 8 + 1 + 8 + 8 + 8 + checksumSize

    /// The bytes of `entry` filed under `key`.
    static func encode(_ entry: CacheEntry, for key: CacheKey) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(minimumSize + entry.byteCount + 16 * (entry.headerFields.count + entry.variant.fields.count))
        bytes += magic
        bytes.append(version)
        bytes += key.resource.bytes
        bytes += key.identity.bytes
        appendInteger(entry.requestTime.timeIntervalSinceReferenceDate.bitPattern, to: &bytes)
        appendInteger(entry.responseTime.timeIntervalSinceReferenceDate.bitPattern, to: &bytes)
        appendInteger(UInt64(bitPattern: Int64(entry.statusCode)), to: &bytes)
        bytes.append(entry.variant.matchesNothing ? 1 : 0)
        appendInteger(UInt64(entry.variant.fields.count), to: &bytes)
        for field in entry.variant.fields {
            appendText(field.name, to: &bytes)
            if let value = field.value {
                bytes.append(1)
                bytes += value.bytes
            } else {
                bytes.append(0)
            }
        }
        appendInteger(UInt64(entry.headerFields.count), to: &bytes)
        for field in entry.headerFields {
            appendText(field.name, to: &bytes)
            appendText(field.value, to: &bytes)
        }
        appendInteger(UInt64(entry.body.count), to: &bytes)
        bytes += entry.body
        bytes += SHA256.hash(bytes)
        return Data(bytes)
    }

    /// The key and entry `data` holds, when it is a whole, undamaged entry file of this version
    /// and, when `key` is given, one filed under `key`; `nil` otherwise. Never traps, whatever
    /// the bytes.
    static func decode(_ data: Data, expecting key: CacheKey?) -> (key: CacheKey, entry: CacheEntry)? {
        decode(bytes: [UInt8](data), expecting: key)
    }

    /// ``decode(_:expecting:)`` on bytes already in an array (as ``DiskCacheStore`` reads them).
    static func decode(bytes: [UInt8], expecting key: CacheKey?) -> (key: CacheKey, entry: CacheEntry)? {
        // The cheap refusals first: a foreign file or another version costs no hashing.
        guard bytes.count >= minimumSize, bytes[0..<magic.count].elementsEqual(magic),
              bytes[magic.count] == version else { return nil }
        let end = bytes.count - checksumSize
        guard SHA256.hash(bytes[0..<end]).elementsEqual(bytes[end...]) else { return nil }
        var reader = Reader(bytes: bytes, position: magic.count + 1, end: end)
        guard let resource = reader.digest(), let identity = reader.digest() else { return nil }
        let stored = CacheKey(resource: resource, identity: identity)
        if let key, key != stored { return nil }
        guard let requestTime = reader.time(), let responseTime = reader.time(),
              let status = reader.integer().flatMap({ Int(exactly: Int64(bitPattern: $0)) }),
              let matchesNothing = reader.flag(), let variantCount = reader.integer() else { return nil }
        var variantFields: [CacheVariantKey.Field] = []
        // Each field takes at least 9 bytes, so a count the file cannot hold stops at its end.
        for _ in 0..<variantCount {
            guard let name = reader.text(), let hasValue = reader.flag() else { return nil }
            var value: CacheDigest?
            if hasValue {
                guard let digest = reader.digest() else { return nil }
                value = digest
            }
            variantFields.append(CacheVariantKey.Field(name: name, value: value))
        }
        guard let fieldCount = reader.integer() else { return nil }
        var fields: [HTTPHeaderField] = []
        for _ in 0..<fieldCount {
            guard let name = reader.text(), let value = reader.text() else { return nil }
            fields.append(HTTPHeaderField(name: name, value: value))
        }
        guard let bodyLength = reader.integer(), let body = reader.take(bodyLength), reader.isAtEnd else { return nil }
        let entry = CacheEntry(statusCode: status, headerFields: fields, body: Data(body),
                               requestTime: requestTime, responseTime: responseTime,
                               variant: CacheVariantKey(fields: variantFields, matchesNothing: matchesNothing))
        return (stored, entry)
    }

    /// Appends `value`'s 8 bytes, most significant first.
    private static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Appends `text`'s UTF-8 length, then its UTF-8.
    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        appendInteger(UInt64(text.utf8.count), to: &bytes)
        bytes += text.utf8
    }

    /// Reads an entry's parts in order, up to the checksum, refusing any length past it.
    private struct Reader {
        /// The whole file.
        let bytes: [UInt8]
        /// Where the next part starts.
        var position: Int
        /// Where the checksum starts.
        let end: Int

        /// Whether every byte before the checksum was read.
        var isAtEnd: Bool { position == end }

        /// The next `count` bytes, when there are that many before the checksum.
        mutating func take(_ count: UInt64) -> ArraySlice<UInt8>? {
            guard count <= UInt64(end - position) else { return nil }
            let start = position
            position += Int(count)
            return bytes[start..<position]
        }

        /// A byte that must be `0` (`false`) or `1` (`true`).
        mutating func flag() -> Bool? {
            switch take(1)?.first {
            case 0: false
            case 1: true
            default: nil
            }
        }

        /// An 8-byte big-endian integer.
        mutating func integer() -> UInt64? {
            take(8)?.reduce(0) { $0 << 8 | UInt64($1) }
        }

        /// A time: the bits of a finite `timeIntervalSinceReferenceDate`.
        mutating func time() -> Date? {
            guard let bits = integer() else { return nil }
            let interval = Double(bitPattern: bits)
            return interval.isFinite ? Date(timeIntervalSinceReferenceDate: interval) : nil
        }

        /// A 32-byte digest.
        mutating func digest() -> CacheDigest? {
            take(32).flatMap { CacheDigest(stored: Array($0)) }
        }

        /// A length, then that many bytes of valid UTF-8.
        mutating func text() -> String? {
            guard let length = integer(), let utf8 = take(length) else { return nil }
            // Decoding repairs invalid UTF-8, so the text is valid exactly when it gives back the
            // same bytes (`String(validating:as:)` needs macOS 15).
            let text = String(decoding: utf8, as: UTF8.self)
            return text.utf8.elementsEqual(utf8) ? text : nil
        }
    }
}
