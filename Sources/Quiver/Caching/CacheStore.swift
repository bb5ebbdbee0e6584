/// Where an ``HTTPCache`` keeps its entries: in memory (``MemoryCacheStore``) or in a directory
/// (``DiskCacheStore``). A store is bounded in bytes and evicts on its own; every method is safe
/// to call from any thread, and an entry is either wholly there or absent.
protocol CacheStore: Sendable {
    /// The entries stored under `key`, one per variant.
    func entries(for key: CacheKey) -> [CacheEntry]
    /// Stores `entry` under `key`, replacing the entry of the same variant.
    func save(_ entry: CacheEntry, for key: CacheKey)
    /// Removes the entry of `variant` under `key`, if any.
    func remove(_ variant: CacheVariantKey, for key: CacheKey)
    /// Removes every entry of `resource`, under every identity (invalidation, RFC 9111 §4.4).
    func removeEntries(of resource: CacheDigest)
    /// Removes every entry.
    func removeAll()
    /// The bytes the stored entries take, as counted against the capacity.
    var byteCount: Int { get }
}
