/// A SHA-256 digest that stands in for something the cache must not keep in clear: a request's
/// URL (its query may hold a secret), its credentials, the values of the header fields a response
/// varies on. Keys are derived, never copied.
struct CacheDigest: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    let bytes: [UInt8]

    /// The digest of `text`'s UTF-8.
    init(of text: String) {
        bytes = SHA256.hash(text.utf8)
    }

    /// The digest of `bytes`.
    init(of bytes: some Sequence<UInt8>) {
        self.bytes = SHA256.hash(bytes)
    }

    /// A digest read back (from a file): `nil` unless `bytes` has 32 bytes.
    init?(stored bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// Hashes the first 8 bytes only: they are as evenly spread as all 32, and equality still
    /// compares every byte.
    func hash(into hasher: inout Hasher) {
        var prefix: UInt64 = 0
        for byte in bytes.prefix(8) {
            prefix = prefix << 8 | UInt64(byte)
        }
        hasher.combine(prefix)
    }

    /// The digest in lowercase hexadecimal: 64 characters, safe in a file name.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    var description: String { hex }
}
