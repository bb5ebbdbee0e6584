/// One key of a coding path, linked to the keys before it.
final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(parent: CodingPathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }
}

/// A coding path kept as a link to its parent path plus its last key, so
/// that nested values can be encoded without building a `[CodingKey]` array
/// for each of them; the array is only built when someone asks for
/// `codingPath`.
struct CodingPathLink {
    /// The path of the enclosing container, or `nil` at the top level.
    let parent: CodingPathNode?
    /// The last key, or `nil` for the top-level value.
    let key: (any CodingKey)?

    /// The path of the top-level value.
    static var root: CodingPathLink { CodingPathLink(parent: nil, key: nil) }

    /// The whole path as a node, allocating one only if there is a last key.
    func node() -> CodingPathNode? {
        guard let key else { return parent }
        return CodingPathNode(parent: parent, key: key)
    }

    /// The whole path as an array, for `codingPath`.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        if let key {
            keys.append(key)
        }
        var current = parent
        while let node = current {
            keys.append(node.key)
            current = node.parent
        }
        return keys.reversed()
    }

    /// The path written as a form key, e.g. `items[2][price]`, for errors.
    var formDescription: String {
        var description = ""
        for (position, key) in keys.enumerated() {
            description += position == 0 ? key.stringValue : "[\(key.stringValue)]"
        }
        return description
    }
}
