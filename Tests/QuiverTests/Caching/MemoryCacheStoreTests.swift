import Foundation
import Testing
@testable import Quiver

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
        let store = MemoryCacheStore(capacity: 3000)
        store.save(StoreSamples.entry("small"), for: StoreSamples.key("/small"))
        store.save(StoreSamples.entry(String(repeating: "x", count: 3000)), for: StoreSamples.key("/big"))
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
        #expect(store.byteCount > (1 << 20) - StoreSamples.entry(body).byteCount)
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

    @Test func anEvictedEntryLeavesItsKeysOtherVariantsAndItsResourcesOtherIdentities() {
        let size = 2_000
        let store = MemoryCacheStore(capacity: size * 4)
        store.save(Self.entry(bytes: size), for: StoreSamples.key("/a", "alice"))
        store.save(Self.entry(bytes: size), for: StoreSamples.key("/a", "bob"))
        store.save(Self.entry(bytes: size, variant: StoreSamples.english), for: StoreSamples.key("/a", "bob"))
        // Full after /b: /c evicts alice's entry (her key's only one), /d bob's plain one.
        for path in ["/b", "/c", "/d"] {
            store.save(Self.entry(bytes: size), for: StoreSamples.key(path))
        }
        #expect(store.entries(for: StoreSamples.key("/a", "alice")).isEmpty)
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).map(\.variant) == [StoreSamples.english])
        // Invalidating /a still finds bob's variant, and takes nothing else.
        store.removeEntries(of: CacheDigest(of: "/a"))
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).isEmpty)
        #expect(store.byteCount == size * 3)
        #expect(["/b", "/c", "/d"].allSatisfy { store.entries(for: StoreSamples.key($0)).count == 1 })
    }

    /// An entry of `size` bytes as ``CacheEntry/byteCount`` counts them (at least
    /// ``CacheEntry/bookkeeping`` plus those of `StoreSamples.entry`'s one field).
    static func entry(bytes size: Int, variant: CacheVariantKey = .none) -> CacheEntry {
        var entry = StoreSamples.entry("", variant: variant)
        entry.body = Data(repeating: UInt8(ascii: "x"), count: max(0, size - entry.byteCount))
        return entry
    }

    @Test func anEntryComesBackWhole() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        let key = StoreSamples.key("/whole", "token")
        let entry = CacheEntry(statusCode: 203,
                               headerFields: [HTTPHeaderField(name: "Link", value: "<a>"), HTTPHeaderField(name: "Link", value: "<b>"),
                                              HTTPHeaderField(name: "ETag", value: "\"é\"")],
                               body: Data([0, 1, 2, 255]), requestTime: Date(timeIntervalSinceReferenceDate: 0.1),
                               responseTime: Date(timeIntervalSinceReferenceDate: 0.3), variant: StoreSamples.english)
        store.save(entry, for: key)
        #expect(store.entries(for: key) == [entry])
        #expect(store.byteCount == entry.byteCount)
    }

    @Test func readsAndSavesMakeAnEntryTheMostRecent() {
        let one = Self.entry(bytes: 200)
        // Recency, oldest first, after the saves: 0 1 2 3. Reading 0 and saving 1 again (a miss
        // in between changes nothing) gives 2 3 0 1: so `k` more saves evict the first `k` of
        // those. A fresh store for each `k`, since looking an entry up makes it the most recent.
        for more in 1...4 {
            let store = MemoryCacheStore(capacity: one.byteCount * 4)
            for index in 0..<4 { store.save(one, for: StoreSamples.key("/\(index)")) }
            _ = store.entries(for: StoreSamples.key("/0"))
            store.save(one, for: StoreSamples.key("/1"))
            _ = store.entries(for: StoreSamples.key("/absent"))
            for index in 0..<more { store.save(one, for: StoreSamples.key("/new/\(index)")) }
            let gone = (0..<4).filter { store.entries(for: StoreSamples.key("/\($0)")).isEmpty }
            #expect(Set(gone) == Set([2, 3, 0, 1].prefix(more)), "after \(more) more")
            #expect(store.byteCount == one.byteCount * 4)
        }
    }

    @Test func anEntryOfExactlyTheCapacityIsStoredAndEvictsTheRest() {
        let big = Self.entry(bytes: 4000)
        let store = MemoryCacheStore(capacity: big.byteCount)
        store.save(Self.entry(bytes: 100), for: StoreSamples.key("/a"))
        store.save(Self.entry(bytes: 100), for: StoreSamples.key("/b"))
        store.save(big, for: StoreSamples.key("/big"))
        #expect(store.entries(for: StoreSamples.key("/big")) == [big])
        #expect(store.entries(for: StoreSamples.key("/a")).isEmpty)
        #expect(store.byteCount == big.byteCount)
    }

    @Test func anOversizedEntryLeavesTheStoredVariantAndTheCountAlone() {
        let store = MemoryCacheStore(capacity: 3000)
        let key = StoreSamples.key("/a")
        let small = StoreSamples.entry("small")
        store.save(small, for: key)
        store.save(StoreSamples.entry("other"), for: StoreSamples.key("/b"))
        let before = store.byteCount
        store.save(Self.entry(bytes: 3001), for: key)
        #expect(store.entries(for: key) == [small])
        #expect(!store.entries(for: StoreSamples.key("/b")).isEmpty)
        #expect(store.byteCount == before)
    }

    @Test func smallResponsesAreCountedWithTheStoresRecordOfEach() {
        // An entry takes about a kibibyte in memory beside its body and fields (measured:
        // CacheEntry.bookkeeping): a mebibyte holds about a thousand empty responses, not ten.
        let store = MemoryCacheStore(capacity: 1 << 20)
        for index in 0..<10_000 {
            store.save(StoreSamples.entry(""), for: StoreSamples.key("/items/\(index)"))
        }
        let kept = (0..<10_000).filter { !store.entries(for: StoreSamples.key("/items/\($0)")).isEmpty }.count
        // The figures, not the constant: what a store promises its users.
        #expect(kept <= 1024)
        #expect(kept > 900)
    }

    @Test func aStoreOfNoCapacityStoresNothing() {
        for capacity in [0, -1, 63] {
            let store = MemoryCacheStore(capacity: capacity)
            store.save(StoreSamples.entry(""), for: StoreSamples.key("/a"))
            #expect(store.entries(for: StoreSamples.key("/a")).isEmpty)
            #expect(store.byteCount == 0)
        }
    }

    @Test func aReplacedVariantIsCountedOnce() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        let key = StoreSamples.key("/a")
        store.save(Self.entry(bytes: 1500), for: key)
        store.save(Self.entry(bytes: 1300), for: key)
        #expect(store.entries(for: key).count == 1)
        #expect(store.byteCount == 1300)
    }

    @Test func eachVariantIsKeptAndRemovedOnItsOwn() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        let key = StoreSamples.key("/a", "alice")
        let french = CacheVariantKey(fields: [.init(name: "accept-language", value: CacheDigest(of: "fr"))], matchesNothing: false)
        let none = CacheVariantKey(fields: [.init(name: "accept-language", value: nil)], matchesNothing: false)
        for (body, variant) in [("en", StoreSamples.english), ("fr", french), ("none", none)] {
            store.save(StoreSamples.entry(body, variant: variant), for: key)
        }
        #expect(store.entries(for: key).map(\.variant) == [StoreSamples.english, french, none])
        store.remove(french, for: key)
        store.remove(french, for: key)   // twice: nothing more happens
        store.remove(StoreSamples.english, for: StoreSamples.key("/a", "bob"))   // another identity's: nothing
        #expect(store.entries(for: key).map { String(decoding: $0.body, as: UTF8.self) } == ["en", "none"])
        #expect(store.byteCount == StoreSamples.entry("en", variant: StoreSamples.english).byteCount
            + StoreSamples.entry("none", variant: none).byteCount)
    }

    @Test func anIdentityNeverSeesAnothersEntries() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        store.save(StoreSamples.entry("alice's"), for: StoreSamples.key("/me", "alice"))
        store.save(StoreSamples.entry("nobody's"), for: StoreSamples.key("/me"))
        #expect(store.entries(for: StoreSamples.key("/me", "alice")) == [StoreSamples.entry("alice's")])
        #expect(store.entries(for: StoreSamples.key("/me")) == [StoreSamples.entry("nobody's")])
        #expect(store.entries(for: StoreSamples.key("/me", "bob")).isEmpty)
    }

    @Test func invalidationTakesEveryIdentityAndVariantAndItsBytes() {
        let store = MemoryCacheStore(capacity: 1 << 20)
        for identity in ["", "alice", "bob"] {
            store.save(StoreSamples.entry("a"), for: StoreSamples.key("/a", identity))
            store.save(StoreSamples.entry("a-en", variant: StoreSamples.english), for: StoreSamples.key("/a", identity))
        }
        let kept = StoreSamples.entry("c")
        store.save(kept, for: StoreSamples.key("/c", "alice"))
        store.removeEntries(of: CacheDigest(of: "/a"))
        for identity in ["", "alice", "bob"] {
            #expect(store.entries(for: StoreSamples.key("/a", identity)).isEmpty)
        }
        #expect(store.entries(for: StoreSamples.key("/c", "alice")) == [kept])
        #expect(store.byteCount == kept.byteCount)
        // Stored again after, under one identity: found again.
        store.save(StoreSamples.entry("a2"), for: StoreSamples.key("/a", "bob"))
        #expect(store.entries(for: StoreSamples.key("/a", "bob")).count == 1)
    }

    @Test func tenThousandEntriesOfEverySizeKeepTheBound() {
        let capacity = 1 << 20
        let store = MemoryCacheStore(capacity: capacity)
        var generator = SplitMix64(state: 49)
        var overBound = 0
        for index in 0..<10_000 {
            // Mostly small, some large, a few over the capacity; several variants and identities.
            let size = switch generator.next() % 100 {
            case 0: capacity + Int(generator.next() % 1000)
            case 1..<10: 50_000 + Int(generator.next() % 200_000)
            default: 64 + Int(generator.next() % 2000)
            }
            let variant = generator.next() % 3 == 0 ? StoreSamples.english : .none
            store.save(Self.entry(bytes: size, variant: variant), for: StoreSamples.key("/items/\(index % 7000)", "\(index % 3)"))
            if index % 5 == 0 { _ = store.entries(for: StoreSamples.key("/items/\(generator.next() % 7000)", "\(index % 3)")) }
            if store.byteCount > capacity { overBound += 1 }
        }
        #expect(overBound == 0)
        #expect(store.byteCount > capacity / 2)
    }

    @Test func tenThousandResidentEntriesStayCheapToReach() {
        // All of them resident, and each read reaches the least recent: a walk of the list per
        // call would take 10⁸ steps here.
        let store = MemoryCacheStore(capacity: 64 << 20)
        let clock = ContinuousClock()
        let took = clock.measure {
            for index in 0..<10_000 { store.save(StoreSamples.entry("\(index)"), for: StoreSamples.key("/items/\(index)")) }
            for index in 0..<10_000 {
                #expect(store.entries(for: StoreSamples.key("/items/\(index)")).count == 1)
            }
        }
        #expect(took < .seconds(20))
        #expect(store.byteCount == (0..<10_000).reduce(0) { $0 + StoreSamples.entry("\($1)").byteCount })
    }

    @Test func manyTasksAtOnceKeepTheBoundAndEveryEntryWhole() async {
        let capacity = 64 * 1024
        let store = MemoryCacheStore(capacity: capacity)
        let problems = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<500 {
                        let key = StoreSamples.key("/shared/\(round % 20)")
                        let letter = UInt8(97 + (task + round) % 26)
                        if round % 2 == 0 {
                            var entry = StoreSamples.entry(String(repeating: Character(UnicodeScalar(letter)), count: 1000 + 100 * task))
                            entry.headerFields = [HTTPHeaderField(name: "X-Letter", value: String(UnicodeScalar(letter)))]
                            store.save(entry, for: key)
                        } else if round % 7 == 1 {
                            store.removeEntries(of: key.resource)
                        } else {
                            for entry in store.entries(for: key) where !MemoryCacheStoreTests.isWhole(entry) {
                                problems.withLock { $0 += 1 }
                            }
                        }
                        if store.byteCount > capacity { problems.withLock { $0 += 1 } }
                    }
                }
            }
        }
        #expect(problems.withLock { $0 } == 0)
    }

    /// Whether `entry`'s body is one letter over and over, the letter its `X-Letter` field names.
    static func isWhole(_ entry: CacheEntry) -> Bool {
        guard let letter = entry.headerFields.first(where: { $0.name == "X-Letter" })?.value.utf8.first else { return false }
        return !entry.body.isEmpty && entry.body.allSatisfy { $0 == letter }
    }
}
