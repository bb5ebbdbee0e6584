import Testing
@testable import Quiver

@Suite struct PercentEscaperTests {
    @Test func onlyUnreservedBytesAreLeftAsTheyAre() {
        let encoded = PercentEscaper.encoded(Array("a-Z._~9 /%+é".utf8))
        #expect(String(decoding: encoded, as: UTF8.self) == "a-Z._~9%20%2F%25%2B%C3%A9")
    }

    @Test func aFormMayWriteSpacesAsPlus() {
        var buffer = ByteBuffer(capacity: 4)
        PercentEscaper.append("a b+c", to: &buffer, spacesAsPlus: true)
        #expect(buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "a+b%2Bc")
    }

    @Test func decodingReadsEscapesInEitherCaseAndLeavesBrokenOnesAlone() {
        let text = Array("a%2fb%2F+%zz%4".utf8)
        #expect(text.withUnsafeBufferPointer { PercentEscaper.decode($0, plusAsSpace: true) } == "a/b/ %zz%4")
    }
}
