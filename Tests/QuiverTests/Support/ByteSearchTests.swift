import Testing
@testable import Quiver

@Suite struct ByteSearchTests {
    private func range(of needle: String, in haystack: String) -> Range<Int>? {
        ByteSearch.firstRange(of: Array(needle.utf8), in: Array(haystack.utf8))
    }

    @Test func findsTheFirstOccurrenceAfterFalseStarts() {
        #expect(range(of: "abc", in: "ababcabc") == 2..<5)
        #expect(range(of: "abc", in: "abc") == 0..<3)
        #expect(range(of: "bc", in: "aaabc") == 3..<5)
    }

    @Test func reportsNothingForAbsentLongOrEmptyNeedles() {
        #expect(range(of: "abd", in: "ababcabc") == nil)
        #expect(range(of: "abcd", in: "abc") == nil)
        #expect(range(of: "", in: "abc") == nil)
        #expect(range(of: "a", in: "") == nil)
    }

    @Test func rangesAreInTheIndicesOfASlice() {
        let bytes = Array("xxabxxab".utf8)
        #expect(ByteSearch.firstRange(of: Array("ab".utf8), in: bytes[4...]) == 6..<8)
        let found = bytes.withUnsafeBytes { ByteSearch.firstRange(of: Array("xa".utf8), in: $0) }
        #expect(found == 1..<3)
    }
}
