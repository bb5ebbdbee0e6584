import Foundation
import Testing
@testable import Quiver

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

    /// Where a store in `directory` files the entry of `variant` under `key`.
    static func path(in directory: URL, _ key: CacheKey, _ variant: CacheVariantKey = .none) -> URL {
        directory.appendingPathComponent(key.resource.hex).appendingPathComponent(DiskCacheStore.fileName(key: key, variant: variant))
    }

    /// Every file and folder under `directory`, as paths relative to it, sorted.
    static func tree(_ directory: URL) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        for name in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? [] {
            found.append(name)
            var isFolder: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                found += ((try? manager.contentsOfDirectory(atPath: path)) ?? []).map { name + "/" + $0 }
            }
        }
        return found.sorted()
    }

    /// The bytes of the entry files under `directory`, measured by the test itself.
    static func entryBytes(_ directory: URL) -> Int {
        tree(directory).filter { DiskCacheStore.isEntryName(($0 as NSString).lastPathComponent) }.reduce(0) { total, path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    /// The file size of `entry` under `key`.
    static func fileSize(_ entry: CacheEntry, _ key: CacheKey) -> Int {
        CacheEntryFile.encode(entry, for: key).count
    }

    /// Sets the modification time of `url` to `seconds` ago.
    static func age(_ url: URL, by seconds: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: url.path)
    }

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

    @Test func aFileCutAtAnyLengthIsAMissAndIsRemoved() throws {
        let damaged = try DamagedFile()
        defer { damaged.folder.remove() }
        var read = 0
        for length in 0..<damaged.whole.count {
            let outcome = try damaged.readBack(damaged.whole.prefix(length))
            if outcome.read { read += 1 }
            #expect(!outcome.fileKept, "cut at \(length)")
        }
        #expect(read == 0)
    }

    @Test func aFileWithAnyByteChangedIsAMissAndIsRemoved() throws {
        let damaged = try DamagedFile()
        defer { damaged.folder.remove() }
        var read = 0
        for index in damaged.whole.indices {
            var changed = damaged.whole
            changed[index] ^= 0x80
            let outcome = try damaged.readBack(changed)
            if outcome.read { read += 1 }
            #expect(!outcome.fileKept, "byte \(index)")
        }
        #expect(read == 0)
        // One byte more is a miss too.
        #expect(try !damaged.readBack(damaged.whole + [0]).read)
    }

    /// A store in a temporary folder and an entry whose file a test replaces with damaged bytes.
    private struct DamagedFile {
        let folder: TemporaryDirectory
        let store: DiskCacheStore
        let key = StoreSamples.key("/a")
        let entry = StoreSamples.entry("short")
        /// The entry's file as the store writes it.
        let whole: Data
        let file: URL

        init() throws {
            folder = try TemporaryDirectory()
            store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
            whole = CacheEntryFile.encode(entry, for: key)
            file = DiskCacheStoreTests.path(in: folder.url, key)
        }

        /// Saves the entry, writes `contents` over its file, and reads the key back: whether
        /// the store read an entry, and whether the file is still there.
        func readBack(_ contents: Data) throws -> (read: Bool, fileKept: Bool) {
            store.save(entry, for: key)
            try contents.write(to: file)
            let read = !store.entries(for: key).isEmpty
            return (read, FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func aForeignFileIsAMissAndIsRemoved() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        let whole = CacheEntryFile.encode(StoreSamples.entry("body"), for: key)
        var otherVersion = whole
        otherVersion[4] = 1
        var otherMagic = whole
        otherMagic[0] = UInt8(ascii: "X")
        let foreign = [Data("{\"some\": \"json\"}".utf8), Data(repeating: 0, count: 4096), otherVersion, otherMagic]
        for contents in foreign {
            store.save(StoreSamples.entry("body"), for: key)
            try contents.write(to: Self.path(in: folder.url, key))
            #expect(store.entries(for: key).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: Self.path(in: folder.url, key).path))
        }
    }

    @Test func anEntryFiledUnderAnotherKeyOrVariantIsAMiss() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let alice = StoreSamples.key("/a", "alice")
        let bob = StoreSamples.key("/a", "bob")
        store.save(StoreSamples.entry("alice's"), for: alice)
        store.save(StoreSamples.entry("bob's"), for: bob)
        // Alice's whole, valid file copied where Bob's goes: never served to Bob.
        let bobs = Self.path(in: folder.url, bob)
        try FileManager.default.removeItem(at: bobs)
        try FileManager.default.copyItem(at: Self.path(in: folder.url, alice), to: bobs)
        #expect(store.entries(for: bob).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: bobs.path))
        #expect(store.entries(for: alice) == [StoreSamples.entry("alice's")])
        // A file named for one variant that holds another.
        let english = Self.path(in: folder.url, alice, StoreSamples.english)
        try FileManager.default.moveItem(at: Self.path(in: folder.url, alice), to: english)
        #expect(store.entries(for: alice).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: english.path))
    }

    @Test func aLinkNamedLikeAnEntryIsNeverFollowed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let cache = folder.url.appendingPathComponent("cache")
        let store = DiskCacheStore(directory: cache, capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        store.save(StoreSamples.entry("a"), for: key)
        // A valid entry elsewhere, linked in: still not read.
        let outside = try folder.file("outside", contents: CacheEntryFile.encode(StoreSamples.entry("elsewhere"), for: key))
        let link = Self.path(in: cache, key)
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        #expect(store.entries(for: key).isEmpty)
        #expect(FileManager.default.fileExists(atPath: outside.path))
    }

    @Test func temporaryFilesAreNeverReadAndStaleOnesAreSweptAway() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let key = StoreSamples.key("/a")
        let size = Self.fileSize(StoreSamples.entry("a"), key)
        let store = DiskCacheStore(directory: folder.url, capacity: size * 2)
        store.save(StoreSamples.entry("a"), for: key)
        let resource = folder.url.appendingPathComponent(key.resource.hex)
        // Whole entries, under temporary names: a save in progress, and one that stopped long ago.
        let fresh = resource.appendingPathComponent(".qvc-tmp-" + String(repeating: "0", count: 32))
        let stale = resource.appendingPathComponent(".qvc-tmp-" + String(repeating: "1", count: 32))
        for temporary in [fresh, stale] {
            try CacheEntryFile.encode(StoreSamples.entry("temporary"), for: key).write(to: temporary)
        }
        try Self.age(stale, by: 7200)
        #expect(store.entries(for: key) == [StoreSamples.entry("a")])
        #expect(DiskCacheStore.isTemporaryName(fresh.lastPathComponent) && !DiskCacheStore.isEntryName(fresh.lastPathComponent))
        // A save past the capacity scans: the stale one goes, the fresh one stays, neither counts.
        for index in 0..<3 { store.save(StoreSamples.entry("a"), for: StoreSamples.key("/\(index)")) }
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(store.byteCount <= size * 2)
    }

    @Test func removeAllTakesOnlyWhatTheStoreWouldHaveMade() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = DiskCacheStore(directory: folder.url, capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        store.save(StoreSamples.entry("a"), for: key)
        store.save(StoreSamples.entry("b"), for: StoreSamples.key("/b", "bob"))
        let resource = key.resource.hex
        let digest = String(repeating: "a", count: 64)
        let theirs = [
            "notes.txt", digest + ".qvc",                                   // beside the folders
            resource + "/notes.txt",                                        // in a folder of the store's
            resource + "/" + digest.uppercased() + "-" + digest + ".qvc",   // almost an entry's name
            resource + "/" + digest + "-" + digest + ".qvc.bak",
            resource + "/.qvc-tmp-" + String(repeating: "0", count: 31),
        ]
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("mine"), withIntermediateDirectories: false)
        for name in theirs + ["mine/" + digest + "-" + digest + ".qvc"] {
            _ = try folder.file(name, contents: Data("keep me".utf8))
        }
        store.removeAll()
        #expect(Self.tree(folder.url) == (theirs + ["mine", "mine/" + digest + "-" + digest + ".qvc", resource]).sorted())
        #expect(store.entries(for: key).isEmpty)
        // The files it removed are counted out; it works on afterwards.
        #expect(store.byteCount == 0)
        store.save(StoreSamples.entry("again"), for: key)
        #expect(store.entries(for: key) == [StoreSamples.entry("again")])
    }

    @Test func whatOtherStoresWroteIsCountedAtTheNextScan() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let entry = StoreSamples.entry(String(repeating: "z", count: 1000))
        let size = Self.fileSize(entry, StoreSamples.key("/0"))
        let capacity = size * 10
        let first = DiskCacheStore(directory: folder.url, capacity: capacity)
        let second = DiskCacheStore(directory: folder.url, capacity: capacity)
        first.save(entry, for: StoreSamples.key("/first/0"))
        var most = 0
        // Both fill the directory; each keeps its own count within the capacity, so together
        // they never pass twice the capacity.
        for index in 1..<300 {
            (index % 2 == 0 ? first : second).save(entry, for: StoreSamples.key("/\(index % 2)/\(index)"))
            most = max(most, Self.entryBytes(folder.url))
        }
        #expect(most <= 2 * capacity)
        // The second alone, for a scan interval: back within the capacity.
        for index in 0..<DiskCacheStore.rescanInterval {
            second.save(entry, for: StoreSamples.key("/again/\(index)"))
        }
        #expect(Self.entryBytes(folder.url) <= capacity)
    }

    @Test(arguments: [64 << 20, 60_000])
    func twoStoresAndManyTasksNeverSeeATornEntry(capacity: Int) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let stores = [DiskCacheStore(directory: folder.url, capacity: capacity), DiskCacheStore(directory: folder.url, capacity: capacity)]
        let keys = (0..<4).map { StoreSamples.key("/shared/\($0 % 2)", "\($0 / 2)") }
        let torn = Locked(0)
        let hits = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<12 {
                group.addTask {
                    let store = stores[task % 2]
                    for round in 0..<40 {
                        let key = keys[(task + round) % keys.count]
                        if task % 3 == 0 {
                            // Each body is one letter, 2 to 20 KB, and its header field names the letter.
                            let letter = UInt8(97 + (task * 7 + round) % 26)
                            var entry = StoreSamples.entry(String(repeating: Character(UnicodeScalar(letter)), count: 2000 + 900 * (round % 20)),
                                                           variant: round % 3 == 0 ? StoreSamples.english : .none)
                            entry.headerFields = [HTTPHeaderField(name: "X-Letter", value: String(UnicodeScalar(letter)))]
                            store.save(entry, for: key)
                        } else {
                            let found = store.entries(for: key)
                            hits.withLock { $0 += found.count }
                            torn.withLock { $0 += found.filter { !MemoryCacheStoreTests.isWhole($0) }.count }
                        }
                    }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(hits.withLock { $0 } > 0)
        #expect(!Self.tree(folder.url).contains { $0.contains(".qvc-tmp-") })
        if capacity < 1 << 20 {
            #expect(Self.entryBytes(folder.url) <= 2 * capacity)
        }
    }
}
