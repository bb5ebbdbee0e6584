/// Keeps an ``HTTPCache``'s entries in memory, bounded in bytes as ``CacheEntry/byteCount``
/// counts them.
///
/// **Eviction order: least recently used first.** Saving an entry, and reading it (an
/// ``entries(for:)`` call that returns it), make it the most recent. When a save would take the
/// store past its capacity, the least recent entries are removed, one at a time, until the new
/// one fits.
///
/// **Bounds.** ``byteCount`` is at most ``capacity`` after every call, whatever the calls and
/// whichever threads make them. An entry larger than the whole capacity is not stored, and such a
/// save changes nothing: it evicts nothing and leaves any entry of the same variant in place (the
/// cache removes that one itself if it must not be served any longer).
///
/// **Cost.** Every operation takes one dictionary lookup of its key, plus constant work per
/// variant of that key and per entry evicted: the recency list is linked by index, so no call
/// walks the whole store. Every call holds one lock for its whole run.
final class MemoryCacheStore: CacheStore {
    /// The index that links to no node.
    private static let none = -1

    /// One stored entry and its neighbours in the recency list.
    private struct Node {
        /// The key the entry is stored under.
        let key: CacheKey
        /// The entry.
        let entry: CacheEntry
        /// The entry's ``CacheEntry/byteCount``, counted once.
        let size: Int
        /// The next less recently used node, or ``MemoryCacheStore/none``.
        var older: Int
        /// The next more recently used node, or ``MemoryCacheStore/none``.
        var newer: Int
    }

    /// Everything the lock guards.
    private struct State {
        /// The nodes, by index; `nil` where a node was removed (its index is in `free`).
        var nodes: [Node?] = []
        /// Indexes of `nodes` that hold no node, to be used again.
        var free: [Int] = []
        /// The nodes stored under each key: one per variant.
        var slots: [CacheKey: [Int]] = [:]
        /// The identities each resource is stored under, for ``removeEntries(of:)``.
        var identities: [CacheDigest: Set<CacheDigest>] = [:]
        /// The least recently used node.
        var oldest = MemoryCacheStore.none
        /// The most recently used node.
        var newest = MemoryCacheStore.none
        /// The sum of the nodes' sizes.
        var bytes = 0

        /// The node of `variant` under `key`, if one is stored.
        func index(of variant: CacheVariantKey, under key: CacheKey) -> Int? {
            slots[key]?.first { nodes[$0]?.entry.variant == variant }
        }

        /// Takes node `index` out of the recency list.
        mutating func unlink(_ index: Int) {
            guard let node = nodes[index] else { return }
            if node.older == MemoryCacheStore.none { oldest = node.newer } else { nodes[node.older]?.newer = node.newer }
            if node.newer == MemoryCacheStore.none { newest = node.older } else { nodes[node.newer]?.older = node.older }
            nodes[index]?.older = MemoryCacheStore.none
            nodes[index]?.newer = MemoryCacheStore.none
        }

        /// Puts node `index`, out of the list, at its most recent end.
        mutating func linkAsNewest(_ index: Int) {
            nodes[index]?.older = newest
            nodes[index]?.newer = MemoryCacheStore.none
            if newest == MemoryCacheStore.none { oldest = index } else { nodes[newest]?.newer = index }
            newest = index
        }

        /// Makes node `index` the most recently used.
        mutating func touch(_ index: Int) {
            guard index != newest else { return }
            unlink(index)
            linkAsNewest(index)
        }

        /// Stores `entry` (of `size` bytes) under `key` as the most recently used.
        mutating func insert(_ entry: CacheEntry, size: Int, for key: CacheKey) {
            let node = Node(key: key, entry: entry, size: size, older: MemoryCacheStore.none, newer: MemoryCacheStore.none)
            let index: Int
            if let reused = free.popLast() {
                index = reused
                nodes[index] = node
            } else {
                index = nodes.count
                nodes.append(node)
            }
            linkAsNewest(index)
            slots[key, default: []].append(index)
            identities[key.resource, default: []].insert(key.identity)
            bytes += size
        }

        /// Removes node `index` and everything that leads to it.
        mutating func delete(_ index: Int) {
            guard let node = nodes[index] else { return }
            unlink(index)
            nodes[index] = nil
            free.append(index)
            bytes -= node.size
            slots[node.key]?.removeAll { $0 == index }
            if slots[node.key]?.isEmpty == true {
                slots[node.key] = nil
                identities[node.key.resource]?.remove(node.key.identity)
                if identities[node.key.resource]?.isEmpty == true { identities[node.key.resource] = nil }
            }
        }
    }

    /// The most bytes the entries may take, as ``CacheEntry/byteCount`` counts them.
    let capacity: Int
    /// The entries, their recency list and their byte count.
    private let state = Locked(State())

    /// Creates an empty store that keeps at most `capacity` bytes of entries (none when
    /// `capacity` is zero or less).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The sum of the stored entries' ``CacheEntry/byteCount``: never more than ``capacity``.
    var byteCount: Int {
        state.withLock { $0.bytes }
    }

    /// The entries stored under `key`, one per variant, each made the most recently used.
    func entries(for key: CacheKey) -> [CacheEntry] {
        state.withLock { state in
            guard let indexes = state.slots[key] else { return [] }
            return indexes.compactMap { index in
                state.touch(index)
                return state.nodes[index]?.entry
            }
        }
    }

    /// Stores `entry` under `key` as the most recently used, replacing the entry of the same
    /// variant and evicting the least recently used until it fits. An entry larger than
    /// ``capacity`` is not stored, and the call then changes nothing.
    func save(_ entry: CacheEntry, for key: CacheKey) {
        let size = entry.byteCount
        guard size <= capacity else { return }
        state.withLock { state in
            if let replaced = state.index(of: entry.variant, under: key) {
                state.delete(replaced)
            }
            while state.bytes + size > capacity, state.oldest != MemoryCacheStore.none {
                state.delete(state.oldest)
            }
            state.insert(entry, size: size, for: key)
        }
    }

    /// Removes the entry of `variant` under `key`, if there is one.
    func remove(_ variant: CacheVariantKey, for key: CacheKey) {
        state.withLock { state in
            if let index = state.index(of: variant, under: key) {
                state.delete(index)
            }
        }
    }

    /// Removes every entry of `resource`, under every identity.
    func removeEntries(of resource: CacheDigest) {
        state.withLock { state in
            for identity in state.identities[resource] ?? [] {
                for index in state.slots[CacheKey(resource: resource, identity: identity)] ?? [] {
                    state.delete(index)
                }
            }
        }
    }

    /// Removes every entry.
    func removeAll() {
        state.withLock { $0 = State() }
    }
}
