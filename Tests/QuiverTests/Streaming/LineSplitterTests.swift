import Foundation
import Testing
@testable import Quiver

/// Every way of cutting `bytes` in two, and one byte at a time.
func splits(of bytes: [UInt8]) -> [[Data]] {
    var all = (0...bytes.count).map { [Data(bytes[..<$0]), Data(bytes[$0...])] }
    all.append(bytes.map { Data([$0]) })
    return all
}

/// The lines `chunks` make, the last unterminated one included.
func lines(of chunks: [Data], limit: Int = 1 << 20, loneCR: Bool = false) throws -> [String] {
    var splitter = LineSplitter(limit: limit, acceptsLoneCarriageReturn: loneCR)
    var lines: [[UInt8]] = []
    for chunk in chunks {
        lines += try splitter.append(chunk)
    }
    if let last = splitter.finish() { lines.append(last) }
    return lines.map { String(decoding: $0, as: UTF8.self) }
}

@Suite struct LineSplitterTests {
    @Test(arguments: [
        ("a\nbb\n\nccc", ["a", "bb", "", "ccc"]),
        ("a\r\nbb\r\n\r\nccc\r\n", ["a", "bb", "", "ccc"]),
        ("mixed\r\nends\nhere", ["mixed", "ends", "here"]),
        ("ünï\ncödé\n", ["ünï", "cödé"]),
    ])
    func linesAreTheSameAtEverySplitPoint(text: String, expected: [String]) throws {
        for chunks in splits(of: Array(text.utf8)) {
            #expect(try lines(of: chunks) == expected)
        }
    }

    @Test func aLoneCarriageReturnStaysInsideALineUnlessAsked() throws {
        #expect(try lines(of: [Data("a\rb\n".utf8)]) == ["a\rb"])
        for chunks in splits(of: Array("a\rb\r\nc\n\rd".utf8)) {
            #expect(try lines(of: chunks, loneCR: true) == ["a", "b", "c", "", "d"])
        }
    }

    @Test func aLineAtTheLimitPassesAndOneByteMoreFails() throws {
        for chunks in splits(of: Array("abcd\r\nefgh\n".utf8)) {
            #expect(try lines(of: chunks, limit: 4) == ["abcd", "efgh"])
        }
        for chunks in splits(of: Array("abcde\n".utf8)) {
            #expect(throws: StreamError.lineTooLong(limit: 4)) { try lines(of: chunks, limit: 4) }
        }
    }

    @Test func aHugeLineFailsBeforeItIsHeldWhole() throws {
        var splitter = LineSplitter(limit: 1024)
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 600)
        _ = try splitter.append(chunk)
        #expect(throws: StreamError.lineTooLong(limit: 1024)) { _ = try splitter.append(chunk) }
    }
}
