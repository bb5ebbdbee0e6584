/// A SHA-256 digest that stands in for something the cache must not keep in clear: a request's
/// URL (its query may hold a secret), its credentials, the values of the header fields a response
/// varies on. Keys are derived, never copied.
struct CacheDigest: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes of the digest, eight at a time, big-endian: held in the value itself, so that
    /// comparing and hashing a key read no memory elsewhere. A store's dictionaries of thousands
    /// of keys compare a key at every bucket they probe; a digest behind an array's pointer made
    /// each probe a cache miss (several microseconds per miss of a live request).
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The digest of `text`'s UTF-8.
    init(of text: String) {
        self.init(digest: SHA256.hash(text.utf8))
    }

    /// The digest of `bytes`.
    init(of bytes: some Sequence<UInt8>) {
        self.init(digest: SHA256.hash(bytes))
    }

    /// A digest read back (from a file): `nil` unless `bytes` has 32 bytes.
    init?(stored bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.init(digest: bytes)
    }

    /// The digest whose 32 bytes are `digest`.
    private init(digest: [UInt8]) {
        func word(_ index: Int) -> UInt64 {
            digest[index * 8..<index * 8 + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
        words = (word(0), word(1), word(2), word(3))
    }

    /// The 32 bytes of the digest, as they are written to a file.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return bytes
    }

    static func == (lhs: CacheDigest, rhs: CacheDigest) -> Bool {
        lhs.words == rhs.words
    }

    /// Hashes the first 8 bytes only: they are as evenly spread as all 32, and equality still
    /// compares every byte.
    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
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
