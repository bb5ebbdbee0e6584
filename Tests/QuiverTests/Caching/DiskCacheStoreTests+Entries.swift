import Foundation
import Testing
@testable import Quiver

// Entries read back, the capacity and its eviction order, variants and identities.
extension DiskCacheStoreTests {
    @Test func anEntryComesBackWhole() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/whole", "token")
        let entry = CacheEntry(statusCode: 203,
                               headerFields: [HTTPHeaderField(name: "Link", value: "<a>"), HTTPHeaderField(name: "Link", value: "<b>"),
                                              HTTPHeaderField(name: "ETag", value: "\"é\"")],
                               body: Data((0...255).map { UInt8($0) }), requestTime: Date(timeIntervalSinceReferenceDate: 0.1),
                               responseTime: Date(timeIntervalSinceReferenceDate: 0.3), variant: StoreSamples.english)
        store.save(entry, for: key)
        #expect(store.entries(for: key) == [entry])
        // A second store on the directory reads it too.
        #expect(DiskCacheStore(directory: folder.url, capacity: 1 << 20).entries(for: key) == [entry])
        #expect(store.byteCount == Self.fileSize(entry, key))
    }

    @Test func nothingIsCreatedByReadsRemovalsOrCounting() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("a/b/cache")
        let store = DiskCacheStore(directory: directory, capacity: 1 << 20)
        _ = store.entries(for: StoreSamples.key("/a"))
        store.remove(.none, for: StoreSamples.key("/a"))
        store.removeEntries(of: CacheDigest(of: "/a"))
        store.removeAll()
        #expect(store.byteCount == 0)
        #expect(Self.tree(folder.url).isEmpty)
        // An entry too large to store creates nothing either.
        DiskCacheStore(directory: directory, capacity: 100).save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        #expect(Self.tree(folder.url).isEmpty)
        // The first save makes the directory and its parents.
        store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a"))
        #expect(store.entries(for: StoreSamples.key("/a")) == [StoreSamples.entry("a")])
        let mode = try #require(FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue == 0o700)
    }

    @Test func anExistingDirectoryKeepsItsPermissionsAndEveryFileIsTheOwnersOnly() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        for index in 0..<3 {
            store.save(StoreSamples.entry("\(index)"), for: StoreSamples.key("/\(index % 2)", "\(index)"))
        }
        func mode(_ path: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(path).path)[.posixPermissions] as? NSNumber)?.intValue
        }
        #expect(mode("") == 0o755)
        let paths = Self.tree(folder.url)
        #expect(paths.count == 5)   // two folders, three files; no temporary file left
        for path in paths {
            #expect(mode(path) == (path.contains("/") ? 0o600 : 0o700), "\(path)")
        }
    }

    @Test func theLeastRecentlyReadOrSavedGoesFirst() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let one = StoreSamples.entry(String(repeating: "x", count: 500))
        let size = Self.fileSize(one, StoreSamples.key("/0"))
        let store = DiskCacheStore(directory: folder.url, capacity: size * 4)
        for index in 0..<4 {
            store.save(one, for: StoreSamples.key("/\(index)"))
            // Saved a minute apart, oldest first, whatever the file system's clock resolution.
            try Self.age(Self.path(in: folder.url, StoreSamples.key("/\(index)")), by: Double(600 - 60 * index))
        }
        // Reading /0 touches its file; /1 is now the least recently used, then /2.
        #expect(store.entries(for: StoreSamples.key("/0")) == [one])
        store.save(one, for: StoreSamples.key("/4"))
        #expect(store.entries(for: StoreSamples.key("/1")).isEmpty)
        #expect(FileManager.default.fileExists(atPath: Self.path(in: folder.url, StoreSamples.key("/2")).path))
        #expect(Self.entryBytes(folder.url) <= size * 4)
        // The evicted resource's folder went with its last file.
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(StoreSamples.key("/1").resource.hex).path))
    }

    @Test func manyDistinctEntriesKeepTheFilesWithinTheCapacity() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let capacity = 64 * 1024
        let store = DiskCacheStore(directory: folder.url, capacity: capacity)
        var generator = SplitMix64(state: 9111)
        var overBound = 0
        for index in 0..<400 {
            let body = String(repeating: "y", count: Int(generator.next() % 6000))
            store.save(StoreSamples.entry(body), for: StoreSamples.key("/items/\(index)", "\(index % 3)"))
            if Self.entryBytes(folder.url) > capacity { overBound += 1 }
        }
        #expect(overBound == 0)
        #expect(Self.entryBytes(folder.url) > capacity / 2)
        #expect(store.byteCount == Self.entryBytes(folder.url))
        // No folder is left empty.
        let folders = Self.tree(folder.url).filter { !$0.contains("/") }
        #expect(folders.allSatisfy { name in Self.tree(folder.url).contains { $0.hasPrefix(name + "/") } })
    }

    @Test func anOversizedEntryIsNotStoredAndChangesNothing() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let key = StoreSamples.key("/a")
        let small = StoreSamples.entry("small")
        let store = DiskCacheStore(directory: folder.url, capacity: 2000)
        store.save(small, for: key)
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/b"))
        let before = Self.tree(folder.url)
        store.save(StoreSamples.entry(String(repeating: "x", count: 2000)), for: key)
        #expect(Self.tree(folder.url) == before)
        #expect(store.entries(for: key) == [small])
        #expect(!store.entries(for: StoreSamples.key("/b")).isEmpty)
    }

    @Test func anOversizedFileIsAMissAndIsRemoved() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let key = StoreSamples.key("/a")
        let big = StoreSamples.entry(String(repeating: "x", count: 5000))
        // Written by a store of a larger capacity, read by one too small for it.
        DiskCacheStore(directory: folder.url, capacity: 1 << 20).save(big, for: key)
        let small = DiskCacheStore(directory: folder.url, capacity: 1000)
        #expect(small.entries(for: key).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: Self.path(in: folder.url, key).path))
    }

    @Test func savingAVariantAgainReplacesItsFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        store.save(StoreSamples.entry("first"), for: key)
        store.save(StoreSamples.entry("second", at: 10), for: key)
        #expect(store.entries(for: key) == [StoreSamples.entry("second", at: 10)])
        #expect(Self.tree(folder.url).count == 2)
    }

    @Test func eachVariantHasAFileOfItsOwn() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/a", "alice")
        let french = CacheVariantKey(fields: [.init(name: "accept-language", value: CacheDigest(of: "fr"))], matchesNothing: false)
        let star = CacheVariantKey(fields: [], matchesNothing: true)
        for (body, variant) in [("plain", CacheVariantKey.none), ("en", StoreSamples.english), ("fr", french), ("star", star)] {
            store.save(StoreSamples.entry(body, variant: variant), for: key)
        }
        #expect(Set(store.entries(for: key).map(\.variant)) == [.none, StoreSamples.english, french, star])
        store.remove(french, for: key)
        #expect(Set(store.entries(for: key).map { String(decoding: $0.body, as: UTF8.self) }) == ["plain", "en", "star"])
        // The variant's digest tells apart what plain concatenation would not.
        let joined = CacheVariantKey(fields: [.init(name: "ab", value: nil)], matchesNothing: false)
        let split = CacheVariantKey(fields: [.init(name: "a", value: nil), .init(name: "b", value: nil)], matchesNothing: false)
        #expect(DiskCacheStore.digest(of: joined) != DiskCacheStore.digest(of: split))
    }

    @Test func anIdentityNeverSeesAnothersEntries() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        store.save(StoreSamples.entry("alice's"), for: StoreSamples.key("/me", "alice"))
        store.save(StoreSamples.entry("nobody's"), for: StoreSamples.key("/me"))
        #expect(store.entries(for: StoreSamples.key("/me", "alice")) == [StoreSamples.entry("alice's")])
        #expect(store.entries(for: StoreSamples.key("/me")) == [StoreSamples.entry("nobody's")])
        #expect(store.entries(for: StoreSamples.key("/me", "bob")).isEmpty)
        // Nothing of the URL or the identity in clear: names are digests.
        #expect(Self.tree(folder.url).allSatisfy { !$0.contains("me") && !$0.contains("alice") })
    }

    @Test func invalidationTakesEveryIdentityAndVariantAndTheFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        for identity in ["", "alice", "bob"] {
            store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a", identity))
            store.save(StoreSamples.entry("a-en", variant: StoreSamples.english), for: StoreSamples.key("/a", identity))
        }
        store.save(StoreSamples.entry("c"), for: StoreSamples.key("/c", "alice"))
        store.removeEntries(of: CacheDigest(of: "/a"))
        for identity in ["", "alice", "bob"] {
            #expect(store.entries(for: StoreSamples.key("/a", identity)).isEmpty)
        }
        #expect(store.entries(for: StoreSamples.key("/c", "alice")) == [StoreSamples.entry("c")])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(CacheDigest(of: "/a").hex).path))
        store.save(StoreSamples.entry("a2"), for: StoreSamples.key("/a", "bob"))
        #expect(store.entries(for: StoreSamples.key("/a", "bob")) == [StoreSamples.entry("a2")])
    }
}
