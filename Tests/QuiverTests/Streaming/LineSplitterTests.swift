import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
    if let last = try splitter.finish() { lines.append(last) }
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

    /// Found by Fuzz/Harnesses/ServerSentEvents (#51): a chunk that completed lines and then passed
    /// the limit lost those lines, so what a reader got depended on where the bytes were cut.
    @Test func theLinesBeforeALineTooLongComeFirstWhereverTheBytesAreCut() {
        for chunks in splits(of: Array("a\r\nbc\nxxxxxx\nd\n".utf8)) {
            var splitter = LineSplitter(limit: 4)
            var delivered: [String] = []
            var failure: StreamError?
            do {
                for chunk in chunks {
                    delivered += try splitter.append(chunk).map { String(decoding: $0, as: UTF8.self) }
                }
                _ = try splitter.finish()
            } catch {
                failure = error
            }
            #expect(delivered == ["a", "bc"], "cut into \(chunks.map(\.count))")
            #expect(failure == .lineTooLong(limit: 4))
        }
    }

    @Test func aStreamDeliversTheLinesAndEventsBeforeALineTooLong() async throws {
        let provider = Provider<GenericTarget>(stubClosure: Provider.immediatelyStub)
        let body = Data(("a\ndata: b\n\n" + String(repeating: "x", count: 40) + "\n").utf8)
        let target = GenericTarget(baseURL: exampleBase, path: "logs", sampleData: body)
        var lines: [String] = []
        await #expect(throws: QuiverError.self) {
            for try await line in try await provider.stream(for: target).lines(limit: 16) { lines.append(line) }
        }
        #expect(lines == ["a", "data: b", ""])
        var events: [String] = []
        await #expect(throws: QuiverError.self) {
            for try await event in try await provider.stream(for: target).events(lineLimit: 16) { events.append(event.data) }
        }
        #expect(events == ["b"])
    }

    @Test func aHugeLineFailsBeforeItIsHeldWhole() throws {
        var splitter = LineSplitter(limit: 1024)
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 600)
        _ = try splitter.append(chunk)
        #expect(throws: StreamError.lineTooLong(limit: 1024)) { _ = try splitter.append(chunk) }
    }
}
