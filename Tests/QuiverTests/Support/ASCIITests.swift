import Testing
@testable import Quiver

@Suite struct ASCIITests {
    @Test func unreservedIsExactlyLettersDigitsAndFourMarks() {
        let expected = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(ASCII.isUnreserved(byte) == expected.contains(byte), "byte \(byte)")
        }
    }

    @Test func hexDigitsAreUppercaseAndReadBackInEitherCase() {
        #expect((0...15).map { ASCII.hexDigit(UInt8($0)) } == Array("0123456789ABCDEF".utf8))
        for nibble in UInt8(0)...15 {
            #expect(ASCII.hexValue(ASCII.hexDigit(nibble)) == nibble)
            #expect(ASCII.hexValue(ASCII.lowercased(ASCII.hexDigit(nibble))) == nibble)
        }
        #expect(ASCII.hexValue(UInt8(ascii: "g")) == nil)
        #expect(ASCII.hexValue(UInt8(ascii: "G")) == nil)
        #expect(ASCII.hexValue(UInt8(ascii: "/")) == nil)
    }
}
