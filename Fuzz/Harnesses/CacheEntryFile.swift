// The files a `DiskCacheStore` reads back (`CacheEntryFile.decode`), from a disk that may hold
// anything: a truncated write, a flipped bit, another program's file.
//
// Input: the whole input is read as a file; then an entry built from it is written and read.
// Properties:
// - reading any bytes never traps, and what it accepts writes back to the same bytes;
// - an entry written comes back equal, under its own key only;
// - every shorter prefix of a written entry, and the entry with its last byte changed, is a miss.
import Foundation
@testable import Quiver

enum CacheEntryFileHarness: FuzzHarness {
    static let name = "CacheEntryFile"

    static func run(_ bytes: [UInt8]) {
        if let read = CacheEntryFile.decode(Data(bytes), expecting: nil) {
            require(CacheEntryFile.encode(read.entry, for: read.key) == Data(bytes), "an accepted file does not write back the same")
        }

        var input = FuzzInput(bytes)
        let key = CacheKey(resource: CacheDigest(of: input.bytes(upTo: 16)), identity: CacheDigest(of: input.bytes(upTo: 16)))
        let fields = (0..<input.int(in: 0...6)).map { _ in HTTPHeaderField(name: input.string(upTo: 16), value: input.string(upTo: 64)) }
        let variant = CacheVariantKey(fields: (0..<input.int(in: 0...3)).map { _ in
            CacheVariantKey.Field(name: input.string(upTo: 16), value: input.byte() & 1 == 0 ? nil : CacheDigest(of: input.bytes(upTo: 8)))
        }, matchesNothing: input.byte() & 1 == 1)
        let entry = CacheEntry(statusCode: input.int(in: 100...599), headerFields: fields, body: Data(input.bytes(upTo: 255)),
                               requestTime: Date(timeIntervalSince1970: Double(input.int(in: 0...65_535))),
                               responseTime: Date(timeIntervalSince1970: Double(input.int(in: 0...65_535))), variant: variant)
        let written = CacheEntryFile.encode(entry, for: key)
        require(CacheEntryFile.decode(written, expecting: key)?.entry == entry, "an entry does not come back as written")
        let other = CacheKey(resource: CacheDigest(of: [1]), identity: key.identity)
        require(other == key || CacheEntryFile.decode(written, expecting: other) == nil, "an entry comes back under another key")
        let cut = input.int(in: 0...(written.count - 1))
        require(CacheEntryFile.decode(written.prefix(cut), expecting: nil) == nil, "a file cut at \(cut) of \(written.count) is read")
        var changed = written
        changed[changed.count - 1] ^= 0x80
        require(CacheEntryFile.decode(changed, expecting: nil) == nil, "a file with a changed checksum is read")
    }
}
