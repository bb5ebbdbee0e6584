/// A node of the tree `ParametersEncoder` builds while an `Encodable` value
/// encodes itself, and which `FormSerializer` writes out directly.
///
/// Containers are reference types so that nested containers and
/// `superEncoder()`s handed out earlier can keep writing into their slot.
enum EncodingNode {
    /// A finished value: a scalar, or a `Parameters`/`Parameters.Value`
    /// encoded as a whole.
    case value(Parameters.Value)
    /// A keyed container.
    case object(EncodingObjectStorage)
    /// An unkeyed container.
    case array(EncodingArrayStorage)
    /// An encoder handed out by `superEncoder()`, read when writing.
    case deferred(ParametersEncoder)
}

/// The entries of a keyed container, in the order they were encoded.
///
/// Entries are appended rather than hashed into a dictionary, which keeps
/// encoding cheap; the serializer sorts them and, when a key was encoded
/// more than once, writes only the last entry.
final class EncodingObjectStorage {
    struct Entry {
        let key: String
        /// The position at which the entry was encoded, which breaks ties
        /// between equal keys when sorting.
        let order: Int
        let node: EncodingNode
    }

    private(set) var entries: [Entry] = []
    /// The coding path of the container.
    let path: CodingPathLink
    private var pathNodeStorage: CodingPathNode?

    init(path: CodingPathLink) {
        self.path = path
        entries.reserveCapacity(8)
    }

    /// The coding path of the container as a node, created once on demand
    /// for the paths of its children.
    var pathNode: CodingPathNode? {
        if let pathNodeStorage { return pathNodeStorage }
        let node = path.node()
        pathNodeStorage = node
        return node
    }

    func append(_ node: EncodingNode, forKey key: String) {
        entries.append(Entry(key: key, order: entries.count, node: node))
    }

    /// The most recent node encoded for a key.
    func lastNode(forKey key: String) -> EncodingNode? {
        entries.last { $0.key == key }?.node
    }

    /// Sorts the entries by key, keeping equal keys in encoding order.
    func sortEntries() {
        entries.sort { ($0.key, $0.order) < ($1.key, $1.order) }
    }
}

/// The elements of an unkeyed container.
final class EncodingArrayStorage {
    private(set) var elements: [EncodingNode] = []
    /// The coding path of the container.
    let path: CodingPathLink
    private var pathNodeStorage: CodingPathNode?

    init(path: CodingPathLink) {
        self.path = path
    }

    /// The coding path of the container as a node, created once on demand
    /// for the paths of its elements.
    var pathNode: CodingPathNode? {
        if let pathNodeStorage { return pathNodeStorage }
        let node = path.node()
        pathNodeStorage = node
        return node
    }

    func append(_ node: EncodingNode) {
        elements.append(node)
    }
}
