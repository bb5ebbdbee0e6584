import Foundation
import Testing
@testable import Quiver

/// The entry file format: a round trip, and every damage a miss.
@Suite struct CacheEntryFileTests {
    @Test func anEntryComesBackAsItWasWritten() throws {
        let entry = CacheEntry(statusCode: 203, headerFields: [HTTPHeaderField(name: "Link", value: "<a>"), HTTPHeaderField(name: "Link", value: "<b>")],
                               body: Data([0, 1, 2, 255]), requestTime: Date(timeIntervalSince1970: 1.5),
                               responseTime: Date(timeIntervalSince1970: 2.25),
                               variant: CacheVariantKey(fields: [.init(name: "accept", value: CacheDigest(of: "x")), .init(name: "cookie", value: nil)],
                                                        matchesNothing: false))
        let key = StoreSamples.key("/e", "id")
        let decoded = try #require(CacheEntryFile.decode(CacheEntryFile.encode(entry, for: key), expecting: key))
        #expect(decoded.entry == entry)
        #expect(decoded.key == key)
        #expect(CacheEntryFile.decode(CacheEntryFile.encode(entry, for: key), expecting: StoreSamples.key("/other")) == nil)
    }

    /// `content` (a file without its checksum) with a checksum that matches: what a file that
    /// is damaged in its structure, not in its bytes, looks like.
    static func sealed(_ content: [UInt8]) -> Data {
        Data(content + SHA256.hash(content))
    }

    /// A file's bytes before its checksum.
    static func content(_ file: Data) -> [UInt8] {
        Array(file.dropLast(CacheEntryFile.checksumSize))
    }

    /// An entry that uses every part of the format.
    static let full = CacheEntry(
        statusCode: 299,
        headerFields: [HTTPHeaderField(name: "Link", value: "<a>"), HTTPHeaderField(name: "Link", value: "<b>"),
                       HTTPHeaderField(name: "", value: ""), HTTPHeaderField(name: "X-Text", value: "\u{FEFF}é \u{1F600}\t")],
        body: Data((0...255).map { UInt8($0) }),
        requestTime: Date(timeIntervalSinceReferenceDate: 0.1), responseTime: Date(timeIntervalSinceReferenceDate: -1e9 + 1e-7),
        variant: CacheVariantKey(fields: [.init(name: "accept", value: CacheDigest(of: "x")), .init(name: "cookie", value: nil)],
                                 matchesNothing: true))

    @Test(arguments: [0, 100, 599, 70_000, -1, Int.max, Int.min])
    func everyPartComesBackExactly(status: Int) throws {
        var entry = Self.full
        entry.statusCode = status
        let key = StoreSamples.key("/full", "id")
        let file = CacheEntryFile.encode(entry, for: key)
        let decoded = try #require(CacheEntryFile.decode(file, expecting: key))
        #expect(decoded.entry == entry)
        #expect(decoded.entry.requestTime.timeIntervalSinceReferenceDate == 0.1)
        #expect(decoded.key == key)
        // Read without a key: the key it was filed under. Written back: the same bytes.
        #expect(CacheEntryFile.decode(file, expecting: nil)?.key == key)
        #expect(CacheEntryFile.encode(decoded.entry, for: decoded.key) == file)
    }

    @Test func anEmptyEntryComesBack() throws {
        let entry = CacheEntry(statusCode: 204, headerFields: [], body: Data(), requestTime: Date(timeIntervalSinceReferenceDate: 0),
                               responseTime: Date(timeIntervalSinceReferenceDate: 0), variant: .none)
        let file = CacheEntryFile.encode(entry, for: StoreSamples.key("/"))
        #expect(file.count == CacheEntryFile.minimumSize)
        #expect(CacheEntryFile.decode(file, expecting: StoreSamples.key("/"))?.entry == entry)
    }

    @Test func anotherResourceOrIdentityIsAMiss() {
        let file = CacheEntryFile.encode(StoreSamples.entry("x"), for: StoreSamples.key("/a", "alice"))
        #expect(CacheEntryFile.decode(file, expecting: StoreSamples.key("/a", "bob")) == nil)
        #expect(CacheEntryFile.decode(file, expecting: StoreSamples.key("/b", "alice")) == nil)
        #expect(CacheEntryFile.decode(file, expecting: StoreSamples.key("/a")) == nil)
    }

    @Test func everyTruncationAndEveryExtensionOfAFullEntryIsAMiss() {
        let file = CacheEntryFile.encode(Self.full, for: StoreSamples.key("/t"))
        for length in 0..<file.count {
            #expect(CacheEntryFile.decode(file.prefix(length), expecting: nil) == nil, "cut at \(length)")
            // Cut, then sealed again: the structure alone refuses it.
            if length >= CacheEntryFile.minimumSize - CacheEntryFile.checksumSize, length < file.count - CacheEntryFile.checksumSize {
                #expect(CacheEntryFile.decode(Self.sealed(Array(file.prefix(length))), expecting: nil) == nil, "cut and sealed at \(length)")
            }
        }
        #expect(CacheEntryFile.decode(file + [0], expecting: nil) == nil)
        #expect(CacheEntryFile.decode(Self.sealed(Self.content(file) + [0]), expecting: nil) == nil)
    }

    @Test func everyChangedBitOfAFullEntryIsAMiss() {
        let file = CacheEntryFile.encode(Self.full, for: StoreSamples.key("/t"))
        for index in file.indices {
            for bit in [0x01, 0x80] as [UInt8] {
                var changed = file
                changed[index] ^= bit
                #expect(CacheEntryFile.decode(changed, expecting: nil) == nil, "byte \(index)")
            }
        }
    }

    @Test func foreignFilesAreMisses() {
        var version1 = CacheEntryFile.encode(Self.full, for: StoreSamples.key("/t"))
        version1[4] = 1
        let foreign: [Data] = [
            Data(), Data("QVRC".utf8), Data("QVRC\u{2}".utf8), Data(repeating: 0, count: 4096),
            Data("{\"status\": 200, \"body\": \"hello\"}".utf8), version1,
            Self.sealed(Self.content(version1)),                                  // another version, however whole
            Self.sealed(Array("QVRX".utf8) + Self.content(version1).dropFirst(4)), // another magic
        ]
        for data in foreign {
            #expect(CacheEntryFile.decode(data, expecting: nil) == nil)
        }
    }

    /// Where the parts of a file of `StoreSamples.entry("body")` (one header field, no variant
    /// field) begin.
    enum Offset {
        static let requestTime = 4 + 1 + 64
        static let status = requestTime + 16
        static let matchesNothing = status + 8
        static let variantCount = matchesNothing + 1
        static let fieldCount = variantCount + 8
        static let firstFieldName = fieldCount + 8
    }

    @Test func aWholeFileOfImpossibleValuesIsAMiss() {
        let content = Self.content(CacheEntryFile.encode(StoreSamples.entry("body"), for: StoreSamples.key("/t")))
        #expect(CacheEntryFile.decode(Self.sealed(content), expecting: nil) != nil)
        func with(_ value: [UInt8], at offset: Int) -> Data {
            var changed = content
            changed.replaceSubrange(offset..<(offset + value.count), with: value)
            return Self.sealed(changed)
        }
        let huge: [UInt8] = [0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
        let cases: [(String, Data)] = [
            ("a NaN time", with(Double.nan.bitPattern.bytes, at: Offset.requestTime)),
            ("an infinite time", with(Double.infinity.bitPattern.bytes, at: Offset.requestTime + 8)),
            ("a flag of 2", with([2], at: Offset.matchesNothing)),
            ("a huge variant count", with(huge, at: Offset.variantCount)),
            ("a huge field count", with(huge, at: Offset.fieldCount)),
            ("the largest field count", with([UInt8](repeating: 0xff, count: 8), at: Offset.fieldCount)),
            ("a huge name length", with(huge, at: Offset.firstFieldName)),
            ("a name one byte longer", with(UInt64(13).bytes, at: Offset.firstFieldName)),
            ("a name that is not UTF-8", with([0xc3, 0x28], at: Offset.firstFieldName + 8)),
            ("a body length past the end", with(UInt64(5).bytes, at: content.count - 4 - 8)),
        ]
        for (what, data) in cases {
            #expect(CacheEntryFile.decode(data, expecting: nil) == nil, "\(what)")
        }
    }

    @Test func aVariantFieldWithAnImpossibleFlagIsAMiss() {
        let entry = StoreSamples.entry("body", variant: CacheVariantKey(fields: [.init(name: "a", value: nil)], matchesNothing: false))
        var content = Self.content(CacheEntryFile.encode(entry, for: StoreSamples.key("/t")))
        let flag = Offset.variantCount + 8 + 8 + 1
        #expect(content[flag] == 0)
        content[flag] = 1   // a digest follows, says the flag; the next 32 bytes are not one
        #expect(CacheEntryFile.decode(Self.sealed(content), expecting: nil) == nil)
        content[flag] = 2
        #expect(CacheEntryFile.decode(Self.sealed(content), expecting: nil) == nil)
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix64(state: 1)
        let valid = CacheEntryFile.encode(Self.full, for: StoreSamples.key("/t"))
        for round in 0..<2000 {
            // Random bytes, and a valid file's own bytes with random ones written over, sealed.
            let length = Int(generator.next() % 600)
            let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var content = Self.content(valid)
            let at = Int(generator.next() % UInt64(content.count))
            for (offset, byte) in noise.prefix(8).enumerated() where at + offset < content.count {
                content[at + offset] = byte
            }
            _ = CacheEntryFile.decode(Data(noise), expecting: nil)
            if let read = CacheEntryFile.decode(Self.sealed(content), expecting: nil) {
                #expect(CacheEntryFile.encode(read.entry, for: read.key) == Self.sealed(content), "round \(round)")
            }
        }
    }
}

extension FixedWidthInteger {
    /// The value's bytes, most significant first.
    fileprivate var bytes: [UInt8] {
        withUnsafeBytes(of: bigEndian) { Array($0) }
    }
}
