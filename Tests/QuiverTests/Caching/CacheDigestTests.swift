import Testing
@testable import Quiver

/// A digest holds its 32 bytes in the value itself: they read back as written, and equality
/// compares every one of them while the hash reads the first eight.
@Suite struct CacheDigestTests {
    @Test func theBytesAreTheSHA256OfTheText() {
        // FIPS 180-2's example: SHA-256 of "abc".
        #expect(CacheDigest(of: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(CacheDigest(of: "abc").bytes.count == 32)
    }

    @Test func storedBytesReadBackAsTheyWere() throws {
        let bytes = (0..<32).map { UInt8($0 * 7 + 1) }
        let digest = try #require(CacheDigest(stored: bytes))
        #expect(digest.bytes == bytes)
        #expect(CacheDigest(stored: digest.bytes) == digest)
        #expect(CacheDigest(stored: Array(bytes.prefix(31))) == nil)
        #expect(CacheDigest(stored: bytes + [0]) == nil)
    }

    @Test func digestsThatShareTheirFirstEightBytesAreStillDifferent() throws {
        let bytes = [UInt8](repeating: 0xab, count: 32)
        for index in 8..<32 {
            var other = bytes
            other[index] ^= 1
            let first = try #require(CacheDigest(stored: bytes))
            let second = try #require(CacheDigest(stored: other))
            #expect(first != second, "byte \(index)")
            #expect(first.hashValue == second.hashValue)
            #expect(Set([first, second]).count == 2)
        }
    }
}
