/// Keeps an ``HTTPCache``'s entries in memory, bounded in bytes (``CacheEntry/byteCount``).
///
/// **Eviction order**: least recently used first. Storing an entry and reading it (a lookup
/// that returns it) make it the most recent; when a new entry would pass the capacity, the least
/// recent go until it fits. An entry larger than the whole capacity is not stored (and evicts
/// nothing). Every operation costs a few dictionary lookups, whatever the number of entries.
final class MemoryCacheStore: CacheStore {
    /// Where one entry is: its key and its variant.
    private struct Slot: Hashable {
        let key: CacheKey
        let variant: CacheVariantKey
    }

    /// An entry and its neighbours in the recency list.
    private struct Node {
        var entry: CacheEntry
        var older: Slot?
        var newer: Slot?
    }

    private struct State {
        var nodes: [Slot: Node] = [:]
        /// The variants stored under each key.
        var variants: [CacheKey: [CacheVariantKey]] = [:]
        /// The keys stored for each resource, under every identity.
        var keys: [CacheDigest: Set<CacheKey>] = [:]
        var oldest: Slot?
        var newest: Slot?
        var bytes = 0

        /// Takes `slot` out of the recency list, if it is in it.
        mutating func unlink(_ slot: Slot) {
            guard let node = nodes[slot], node.older != nil || node.newer != nil || oldest == slot else { return }
            if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
            if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
            nodes[slot]?.older = nil
            nodes[slot]?.newer = nil
        }

        mutating func makeNewest(_ slot: Slot) {
            unlink(slot)
            nodes[slot]?.older = newest
            if let newest { nodes[newest]?.newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
        }

        mutating func remove(_ slot: Slot) {
            unlink(slot)
            guard let node = nodes.removeValue(forKey: slot) else { return }
            bytes -= node.entry.byteCount
            variants[slot.key]?.removeAll { $0 == slot.variant }
            if variants[slot.key]?.isEmpty == true {
                variants[slot.key] = nil
                keys[slot.key.resource]?.remove(slot.key)
                if keys[slot.key.resource]?.isEmpty == true { keys[slot.key.resource] = nil }
            }
        }
    }

    /// The most bytes the entries may take.
    let capacity: Int
    private let state = Locked(State())

    /// Creates an empty store of `capacity` bytes.
    init(capacity: Int) {
        self.capacity = capacity
    }

    var byteCount: Int {
        state.withLock { $0.bytes }
    }

    func entries(for key: CacheKey) -> [CacheEntry] {
        state.withLock { state in
            (state.variants[key] ?? []).compactMap { variant in
                let slot = Slot(key: key, variant: variant)
                state.makeNewest(slot)
                return state.nodes[slot]?.entry
            }
        }
    }

    func save(_ entry: CacheEntry, for key: CacheKey) {
        let size = entry.byteCount
        guard size <= capacity else { return }
        let slot = Slot(key: key, variant: entry.variant)
        state.withLock { state in
            state.remove(slot)
            while state.bytes + size > capacity, let oldest = state.oldest {
                state.remove(oldest)
            }
            state.nodes[slot] = Node(entry: entry)
            state.variants[key, default: []].append(entry.variant)
            state.keys[key.resource, default: []].insert(key)
            state.bytes += size
            state.makeNewest(slot)
        }
    }

    func remove(_ variant: CacheVariantKey, for key: CacheKey) {
        state.withLock { $0.remove(Slot(key: key, variant: variant)) }
    }

    func removeEntries(of resource: CacheDigest) {
        state.withLock { state in
            for key in state.keys[resource] ?? [] {
                for variant in state.variants[key] ?? [] {
                    state.remove(Slot(key: key, variant: variant))
                }
            }
        }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }
}
