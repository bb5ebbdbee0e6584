import Foundation
import Testing
@testable import Quiver

// Files the store did not write whole: cut, changed, foreign, linked, temporary, or written by
// another store at the same moment.
extension DiskCacheStoreTests {
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
