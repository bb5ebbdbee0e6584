import Testing
@testable import Quiver

/// The byte searches the redaction of a credential runs on every logged request.
@Suite struct ByteSearchTests {
    private func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }

    @Test func firstAndLastIndexStayWithinTheirRange() {
        withBytes("a=b; c=d e") { bytes in
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "="), in: bytes, from: 0) == 1)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "="), in: bytes, from: 2) == 6)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "="), in: bytes, from: 2, to: 6) == nil)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "x"), in: bytes, from: 0) == nil)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: "a"), in: bytes, from: 10) == nil)
            #expect(ByteSearch.lastIndex(of: UInt8(ascii: " "), in: bytes, from: 0, to: bytes.count) == 8)
            #expect(ByteSearch.lastIndex(of: UInt8(ascii: " "), in: bytes, from: 0, to: 8) == 4)
            #expect(ByteSearch.lastIndex(of: UInt8(ascii: " "), in: bytes, from: 5, to: 8) == nil)
        }
        withBytes("") { bytes in
            #expect(ByteSearch.firstIndex(of: 0, in: bytes, from: 0) == nil)
            #expect(ByteSearch.lastIndex(of: 0, in: bytes, from: 0, to: 0) == nil)
        }
    }

    @Test func aPartIsFoundAnywhereInTheText() {
        withBytes("https://x.example/?t=abcabd") { text in
            withBytes("abd") { #expect(ByteSearch.bytes(text, contain: $0[...])) }
            withBytes("abe") { #expect(!ByteSearch.bytes(text, contain: $0[...])) }
            withBytes("https") { #expect(ByteSearch.bytes(text, contain: $0[...])) }
            withBytes("d") { #expect(ByteSearch.bytes(text, contain: $0[...])) }
            withBytes("") { #expect(ByteSearch.bytes(text, contain: $0[...])) }
            withBytes(String(repeating: "a", count: 40)) { #expect(!ByteSearch.bytes(text, contain: $0[...])) }
        }
    }

    @Test func theFirstOfThreeBytesIsFoundAtEveryPositionOfALongText() {
        let sought: [UInt8] = Array("\"=:".utf8)
        // Neighbours one above and below each sought byte, and bytes with the high bit set:
        // the shapes that fool a word-at-a-time search.
        let filler = Array("abc;9<>!#\u{7F}é".utf8)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 40] {
            for position in 0..<max(length, 1) {
                for byte in sought {
                    var bytes = (0..<length).map { filler[$0 % filler.count] }
                    if length > 0 { bytes[position] = byte }
                    bytes.withUnsafeBufferPointer { buffer in
                        let expected = length > 0 ? position : nil
                        #expect(ByteSearch.firstIndex(ofAnyOf: sought[0], sought[1], sought[2], in: buffer, from: 0) == expected,
                                "\(length) bytes, \(Character(UnicodeScalar(byte))) at \(position)")
                        #expect(ByteSearch.firstIndex(ofAnyOf: sought[0], sought[1], sought[2], in: buffer, from: position + 1) == nil)
                    }
                }
            }
        }
        withBytes("ab:cd=ef\"gh") { bytes in
            #expect(ByteSearch.firstIndex(ofAnyOf: UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: ":"), in: bytes, from: 3) == 5)
            #expect(ByteSearch.firstIndex(ofAnyOf: UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: ":"), in: bytes, from: 6) == 8)
            #expect(ByteSearch.firstIndex(ofAnyOf: UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: ":"), in: bytes, from: 20) == nil)
        }
    }

    @Test func unreservedIsLettersDigitsAndFourMarks() {
        withBytes("Abc-09._~") { #expect(ByteSearch.isUnreserved($0[...])) }
        for text in ["a b", "a/b", "a%20", "a+b", "é", "a=b", "tok\u{0}"] {
            withBytes(text) { #expect(!ByteSearch.isUnreserved($0[...]), "\(text)") }
        }
        withBytes("") { #expect(ByteSearch.isUnreserved($0[...])) }
    }
}
