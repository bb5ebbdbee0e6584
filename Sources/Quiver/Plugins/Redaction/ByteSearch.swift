#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The byte searches of a redaction pass, at memory speed: a credential is searched on every
/// logged request, and a JWT is a few hundred bytes long.
enum ByteSearch {
    /// The index of the first `byte` in `bytes[start..<end]` (`end` defaults to the end).
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard let base = bytes.baseAddress, start < end else { return nil }
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the last `byte` in `bytes[start..<end]`: found from the front with
    /// `memchr`, hop by hop, since the byte searched for (a space in a credential) is rare.
    static func lastIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var last: Int?
        var next = start
        while let found = firstIndex(of: byte, in: bytes, from: next, to: end) {
            last = found
            next = found + 1
        }
        return last
    }

    /// Whether `text` holds the bytes of `part`, each candidate start found with `memchr`.
    static func bytes(_ text: UnsafeBufferPointer<UInt8>, contain part: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = part.first else { return true }
        guard part.count <= text.count else { return false }
        var start = 0
        let last = text.count - part.count
        while start <= last, let candidate = firstIndex(of: first, in: text, from: start, to: last + 1) {
            if text[candidate..<(candidate + part.count)].elementsEqual(part) { return true }
            start = candidate + 1
        }
        return false
    }

    /// The index of the first byte in `bytes[start...]` equal to one of `first`, `second` and
    /// `third`, found eight bytes at a time: a word that holds none of them is passed over
    /// whole, one that may is read byte by byte.
    static func firstIndex(ofAnyOf first: UInt8, _ second: UInt8, _ third: UInt8,
                           in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        /// Whether `word` may hold a zero byte: never wrong when it holds one.
        func mayHoldZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }
        func isSought(_ byte: UInt8) -> Bool { byte == first || byte == second || byte == third }
        var index = max(start, 0)
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if mayHoldZero(word ^ (ones &* UInt64(first))) || mayHoldZero(word ^ (ones &* UInt64(second)))
                || mayHoldZero(word ^ (ones &* UInt64(third))),
               let found = (index..<(index + 8)).first(where: { isSought(bytes[$0]) }) {
                return found
            }
            index += 8
        }
        while index < bytes.count {
            if isSought(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// Whether every byte of `bytes` is RFC 3986 unreserved: letters, digits, `-._~`.
    static func isUnreserved(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        unreserved.withUnsafeBufferPointer { table in
            bytes.allSatisfy { table[Int($0)] }
        }
    }

    /// RFC 3986 unreserved: letters, digits, `-._~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// The one-byte `isUnreserved` for every byte value, for long runs of bytes.
    private static let unreserved: [Bool] = (0..<256).map { isUnreserved(UInt8($0)) }
}
