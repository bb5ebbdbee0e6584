import Foundation
import Testing
@testable import Quiver

/// Entries and keys the store tests share.
enum StoreSamples {
    static func key(_ resource: String, _ identity: String = "") -> CacheKey {
        CacheKey(resource: CacheDigest(of: resource), identity: CacheDigest(of: identity))
    }

    static func entry(_ body: String, variant: CacheVariantKey = .none, at time: TimeInterval = 0) -> CacheEntry {
        CacheEntry(statusCode: 200, headerFields: [HTTPHeaderField(name: "Content-Type", value: "text/plain")],
                   body: Data(body.utf8), requestTime: Date(timeIntervalSince1970: time),
                   responseTime: Date(timeIntervalSince1970: time), variant: variant)
    }

    static let english = CacheVariantKey(fields: [.init(name: "accept-language", value: CacheDigest(of: "en"))], matchesNothing: false)
}

/// The in-memory store: bounded in bytes, least recently used first.
@Suite struct MemoryCacheStoreTests {
    @Test func anEntryComesBackUnderItsKeyOnly() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a", "alice"))
        #expect(store.entries(for: StoreSamples.key("/a", "alice")) == [StoreSamples.entry("a")])
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/b", "alice")).isEmpty)
    }

    @Test func aVariantReplacesItsOwnAndKeepsTheOthers() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        store.save(StoreSamples.entry("plain"), for: key)
        store.save(StoreSamples.entry("en-1", variant: StoreSamples.english), for: key)
        store.save(StoreSamples.entry("en-2", variant: StoreSamples.english), for: key)
        #expect(Set(store.entries(for: key).map { String(decoding: $0.body, as: UTF8.self) }) == ["plain", "en-2"])
    }

    @Test func theLeastRecentlyUsedGoesFirst() {
        let one = StoreSamples.entry(String(repeating: "x", count: 100))
        let store = MemoryCacheStore(capacity: one.byteCount * 2)
        store.save(one, for: StoreSamples.key("/1"))
        store.save(one, for: StoreSamples.key("/2"))
        _ = store.entries(for: StoreSamples.key("/1"))          // /1 is now the most recent
        store.save(one, for: StoreSamples.key("/3"))
        #expect(!store.entries(for: StoreSamples.key("/1")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/2")).isEmpty)
        #expect(!store.entries(for: StoreSamples.key("/3")).isEmpty)
    }

    @Test func anEntryLargerThanTheCapacityIsNotStoredAndEvictsNothing() {
        let store = MemoryCacheStore(capacity: 1000)
        store.save(StoreSamples.entry("small"), for: StoreSamples.key("/small"))
        store.save(StoreSamples.entry(String(repeating: "x", count: 2000)), for: StoreSamples.key("/big"))
        #expect(store.entries(for: StoreSamples.key("/big")).isEmpty)
        #expect(!store.entries(for: StoreSamples.key("/small")).isEmpty)
    }

    @Test func tenThousandDistinctURLsStayWithinOneMebibyte() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        let body = String(repeating: "x", count: 500)
        for index in 0..<10_000 {
            store.save(StoreSamples.entry(body), for: StoreSamples.key("/items/\(index)"))
            #expect(store.byteCount <= 1 << 20)
        }
        #expect(store.byteCount > (1 << 20) - 1000)
        #expect(!store.entries(for: StoreSamples.key("/items/9999")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/items/0")).isEmpty)
    }

    @Test func invalidatingAResourceRemovesItUnderEveryIdentity() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a", "alice"))
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/a", "bob"))
        store.save(StoreSamples.entry("c"), for: StoreSamples.key("/c", "bob"))
        store.removeEntries(of: CacheDigest(of: "/a"))
        #expect(store.entries(for: StoreSamples.key("/a", "alice")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).isEmpty)
        #expect(!store.entries(for: StoreSamples.key("/c", "bob")).isEmpty)
        store.removeAll()
        #expect(store.byteCount == 0)
    }
}

/// The directory store: owner-only files, atomic, checked, bounded, and only its own.
@Suite struct DiskCacheStoreTests {
    @Test func nothingIsCreatedUntilTheFirstSave() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("cache")
        let store = DiskCacheStore(directory: directory, capacity: 1 << 20)
        #expect(store.entries(for: StoreSamples.key("/a")).isEmpty)
        store.removeAll()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        #expect(store.entries(for: StoreSamples.key("/a")) == [StoreSamples.entry("a")])
    }

    @Test func theDirectoryAndFilesAreTheOwnersOnly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("cache")
        let store = DiskCacheStore(directory: directory, capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        func permissions(_ url: URL) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber).intValue
        }
        #expect(try permissions(directory) == 0o700)
        let resource = directory.appendingPathComponent(CacheDigest(of: "/a").hex)
        #expect(try permissions(resource) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: resource.path)
        #expect(files.count == 1)
        #expect(try permissions(resource.appendingPathComponent(files[0])) == 0o600)
        // Names are digests: nothing of the URL or the credentials in clear.
        #expect(files.allSatisfy(DiskCacheStore.isEntryName))
    }

    @Test func aDamagedFileIsAMissAndIsRemoved() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        let entry = StoreSamples.entry("the body")
        let file = folder.url.appendingPathComponent(key.resource.hex)
            .appendingPathComponent(DiskCacheStore.fileName(key: key, variant: .none))
        let whole = CacheEntryFile.encode(entry, for: key)
        for damaged in [whole.prefix(whole.count / 2), whole.prefix(10), Data(), whole.dropLast()] + [Data("not a cache file".utf8)] {
            store.save(entry, for: key)
            try Data(damaged).write(to: file)
            #expect(store.entries(for: key).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
        var flipped = whole
        flipped[flipped.count / 2] ^= 0x40
        store.save(entry, for: key)
        try flipped.write(to: file)
        #expect(store.entries(for: key).isEmpty)
    }

    @Test func twoStoresOnOneDirectoryNeverSeeHalfAnEntry() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let writer = DiskCacheStore(directory: folder.url, capacity: 64 << 20)
        let reader = DiskCacheStore(directory: folder.url, capacity: 64 << 20)
        let key = StoreSamples.key("/shared")
        let bodies = (0..<4).map { String(repeating: Character(UnicodeScalar(UInt8(97 + $0))), count: 200_000) }
        writer.save(StoreSamples.entry(bodies[0]), for: key)
        let torn = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<40 { writer.save(StoreSamples.entry(bodies[round % 4]), for: key) }
            }
            group.addTask {
                for _ in 0..<40 {
                    for entry in reader.entries(for: key) where !bodies.contains(String(decoding: entry.body, as: UTF8.self)) {
                        torn.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(reader.entries(for: key).count == 1)
    }

    @Test func removeAllLeavesOtherFilesAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let mine = try folder.file("notes.txt", contents: Data("keep me".utf8))
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/b", "bob"))
        store.removeAll()
        #expect(store.entries(for: StoreSamples.key("/a")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.txt"])
        #expect(FileManager.default.fileExists(atPath: mine.path))
    }

    @Test func theFilesStayWithinTheCapacityTheLeastRecentlyUsedGoingFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let size = CacheEntryFile.encode(StoreSamples.entry(String(repeating: "x", count: 1000)), for: StoreSamples.key("/0")).count
        let store = DiskCacheStore(directory: folder.url, capacity: size * 3)
        for index in 0..<3 {
            store.save(StoreSamples.entry(String(repeating: "x", count: 1000)), for: StoreSamples.key("/\(index)"))
            // Modification times a second apart, oldest first.
            let file = folder.url.appendingPathComponent(StoreSamples.key("/\(index)").resource.hex)
                .appendingPathComponent(DiskCacheStore.fileName(key: StoreSamples.key("/\(index)"), variant: .none))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: Double(index - 10))], ofItemAtPath: file.path)
        }
        store.save(StoreSamples.entry(String(repeating: "x", count: 1000)), for: StoreSamples.key("/3"))
        #expect(store.byteCount <= size * 3)
        #expect(store.entries(for: StoreSamples.key("/0")).isEmpty)
        #expect(!store.entries(for: StoreSamples.key("/3")).isEmpty)
    }

    @Test func invalidatingAResourceRemovesItUnderEveryIdentity() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a", "alice"))
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/a", "bob"))
        store.removeEntries(of: CacheDigest(of: "/a"))
        #expect(store.entries(for: StoreSamples.key("/a", "alice")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).isEmpty)
    }
}

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

    @Test func everyTruncationIsAMiss() {
        let data = CacheEntryFile.encode(StoreSamples.entry("short"), for: StoreSamples.key("/t"))
        for length in 0..<data.count {
            #expect(CacheEntryFile.decode(data.prefix(length), expecting: nil) == nil)
        }
    }

    @Test func everyFlippedByteIsAMiss() {
        let data = CacheEntryFile.encode(StoreSamples.entry("short"), for: StoreSamples.key("/t"))
        for index in data.indices {
            var damaged = data
            damaged[index] ^= 0x01
            #expect(CacheEntryFile.decode(damaged, expecting: nil) == nil)
        }
    }
}
