import Foundation

/// The file a ``DiskCacheStore`` keeps one entry in, and the checks that make a damaged or
/// foreign file a miss rather than a wrong answer.
///
/// Layout, integers big-endian:
///
/// | Bytes | Content |
/// |---|---|
/// | 4 | magic `QVRC` |
/// | 1 | format version, `1` |
/// | 32 + 32 | the key: resource and identity digests |
/// | 8 + 8 | request and response times, as the bits of a `Double` (seconds since 1970) |
/// | 2 | status code |
/// | 1, 2, … | the variant: `Vary: *` flag, field count, each field's name (2-byte length) and digest (flag, 32 bytes) |
/// | 4, … | header fields: count, each name and value with a 4-byte length |
/// | 8, … | body: length, bytes |
/// | 32 | SHA-256 of every byte before it |
///
/// Every length is checked against the bytes that remain before anything is made of it, so no
/// file makes the reader allocate more than the file's own size.
enum CacheEntryFile {
    /// The first bytes of every entry file.
    static let magic: [UInt8] = Array("QVRC".utf8)
    /// The format version this code writes and reads.
    static let version: UInt8 = 1

    /// The bytes of `entry` under `key`.
    static func encode(_ entry: CacheEntry, for key: CacheKey) -> Data {
        var bytes = magic
        bytes.append(version)
        bytes += key.resource.bytes
        bytes += key.identity.bytes
        append(entry.requestTime.timeIntervalSince1970.bitPattern, size: 8, to: &bytes)
        append(entry.responseTime.timeIntervalSince1970.bitPattern, size: 8, to: &bytes)
        append(UInt64(clamping: max(0, entry.statusCode)), size: 2, to: &bytes)
        bytes.append(entry.variant.matchesNothing ? 1 : 0)
        append(UInt64(entry.variant.fields.count), size: 2, to: &bytes)
        for field in entry.variant.fields {
            appendText(field.name, lengthSize: 2, to: &bytes)
            if let value = field.value {
                bytes.append(1)
                bytes += value.bytes
            } else {
                bytes.append(0)
            }
        }
        append(UInt64(entry.headerFields.count), size: 4, to: &bytes)
        for field in entry.headerFields {
            appendText(field.name, lengthSize: 4, to: &bytes)
            appendText(field.value, lengthSize: 4, to: &bytes)
        }
        append(UInt64(entry.body.count), size: 8, to: &bytes)
        bytes += entry.body
        bytes += SHA256.hash(bytes)
        return Data(bytes)
    }

    /// The entry `data` holds, when it is a whole, undamaged entry file of this version, and
    /// (when `key` is given) one filed under `key`; `nil` otherwise.
    static func decode(_ data: Data, expecting key: CacheKey?) -> (key: CacheKey, entry: CacheEntry)? {
        let bytes = [UInt8](data)
        guard bytes.count >= magic.count + 1 + 32, Array(bytes[0..<4]) == magic, bytes[4] == version else { return nil }
        let content = bytes[0..<(bytes.count - 32)]
        guard SHA256.hash(content) == Array(bytes[(bytes.count - 32)...]) else { return nil }
        var reader = Reader(bytes: content, position: 5)
        guard let resource = reader.digest(), let identity = reader.digest(),
              let requestTime = reader.integer(8), let responseTime = reader.integer(8),
              let status = reader.integer(2), let matchesNothing = reader.byte(),
              let variantCount = reader.integer(2) else { return nil }
        let stored = CacheKey(resource: resource, identity: identity)
        if let key, key != stored { return nil }
        var variantFields: [CacheVariantKey.Field] = []
        for _ in 0..<variantCount {
            guard let name = reader.text(lengthSize: 2), let flag = reader.byte() else { return nil }
            var value: CacheDigest?
            if flag == 1 {
                guard let digest = reader.digest() else { return nil }
                value = digest
            } else if flag != 0 {
                return nil
            }
            variantFields.append(CacheVariantKey.Field(name: name, value: value))
        }
        guard let fieldCount = reader.integer(4) else { return nil }
        var fields: [HTTPHeaderField] = []
        for _ in 0..<fieldCount {
            guard let name = reader.text(lengthSize: 4), let value = reader.text(lengthSize: 4) else { return nil }
            fields.append(HTTPHeaderField(name: name, value: value))
        }
        guard let bodyLength = reader.integer(8), let body = reader.take(bodyLength), reader.isAtEnd,
              matchesNothing <= 1 else { return nil }
        let entry = CacheEntry(statusCode: Int(status), headerFields: fields, body: Data(body),
                               requestTime: Date(timeIntervalSince1970: Double(bitPattern: requestTime)),
                               responseTime: Date(timeIntervalSince1970: Double(bitPattern: responseTime)),
                               variant: CacheVariantKey(fields: variantFields, matchesNothing: matchesNothing == 1))
        return (stored, entry)
    }

    private static func append(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    private static func appendText(_ text: String, lengthSize: Int, to bytes: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        append(UInt64(utf8.count), size: lengthSize, to: &bytes)
        bytes += utf8
    }

    /// Reads an entry's fields in order, refusing any length past the end.
    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int

        var isAtEnd: Bool { position == bytes.endIndex }

        mutating func take(_ count: UInt64) -> ArraySlice<UInt8>? {
            guard count <= UInt64(bytes.endIndex - position) else { return nil }
            let end = position + Int(count)
            defer { position = end }
            return bytes[position..<end]
        }

        mutating func byte() -> UInt8? {
            take(1)?.first
        }

        mutating func integer(_ size: Int) -> UInt64? {
            take(UInt64(size))?.reduce(0) { $0 << 8 | UInt64($1) }
        }

        mutating func digest() -> CacheDigest? {
            take(32).flatMap { CacheDigest(stored: Array($0)) }
        }

        mutating func text(lengthSize: Int) -> String? {
            guard let length = integer(lengthSize), let utf8 = take(length) else { return nil }
            return String(validating: utf8, as: UTF8.self)
        }
    }
}
