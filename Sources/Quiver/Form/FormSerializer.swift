/// Writes a `Parameters.Value` or `EncodingNode` tree as form-encoded bytes.
///
/// The traversal keeps the escaped key of the current container in one
/// buffer, growing it by `%5B…%5D` on the way down and truncating it on the
/// way up, and appends every `key=value` pair straight into one output
/// buffer, so no intermediate strings or arrays of pairs are built. Both
/// buffers normally live in stack memory lent by the caller. Scalars are
/// written by `FormSerializer+Scalars.swift` and keys by
/// `FormSerializer+Keys.swift`.
struct FormSerializer: ~Copyable {
    let arrayEncoding: FormEncoder.ArrayEncoding
    let boolEncoding: FormEncoder.BoolEncoding
    let dateEncoding: FormEncoder.DateEncoding
    let keyEncoding: FormEncoder.KeyEncoding
    let spacesAsPlus: Bool

    /// The encoded pairs written so far.
    var output: ByteBuffer
    /// The escaped key of the container being written, e.g. `a%5Bb%5D`.
    var key: ByteBuffer

    init(options: FormEncoder, output: consuming ByteBuffer, key: consuming ByteBuffer) {
        self.output = output
        self.key = key
        arrayEncoding = options.arrayEncoding
        boolEncoding = options.boolEncoding
        dateEncoding = options.dateEncoding
        keyEncoding = options.keyEncoding
        if case .plusReplaced = options.spaceEncoding {
            spacesAsPlus = true
        } else {
            spacesAsPlus = false
        }
    }

    /// The last component of the key of a value being written. It is
    /// appended to ``key`` only for containers; scalars write it straight
    /// into the output.
    enum KeySuffix {
        /// A top-level name (`name`) or a nested one (`%5Bname%5D`).
        case name(String, nested: Bool)
        /// `%5B%5D`, for elements with `ArrayEncoding.brackets`.
        case emptyBrackets
        /// `%5B3%5D`, for elements with `ArrayEncoding.indexInBrackets`.
        case index(Int)
        /// Nothing, for elements with `ArrayEncoding.noBrackets`.
        case none
    }

    // MARK: - Objects

    /// Writes the entries of a dictionary, under `suffix` or, when it is
    /// `nil`, as the top level.
    mutating func writeObject(_ object: [String: Parameters.Value], under suffix: KeySuffix?) throws(FormEncoder.Error) {
        guard !object.isEmpty else { return }
        let mark = key.count
        if let suffix {
            Self.append(suffix, to: &key, spacesAsPlus: spacesAsPlus)
        }
        let nested = suffix != nil
        switch keyEncoding {
        case .useDefaultKeys:
            if object.count == 1, let entry = object.first {
                try entry.value.write(to: &self, suffix: .name(entry.key, nested: nested))
                break
            }
            // Sort a copy of the entries in stack memory (for all but very
            // large objects) rather than in a new array.
            try withUnsafeTemporaryAllocation(of: (key: String, value: Parameters.Value).self, capacity: object.count) {
                (buffer) throws(FormEncoder.Error) in
                var entries = buffer
                _ = entries.initialize(fromContentsOf: object)
                defer { entries.deinitialize() }
                entries.sort { $0.key < $1.key }
                for index in entries.indices {
                    try entries[index].value.write(to: &self, suffix: .name(entries[index].key, nested: nested))
                }
            }
        case .convertToSnakeCase:
            try writeRenamed(object.lazy.map { ($0.key, $0.value) }, nested: nested, by: SnakeCaseConverter.convert)
        case .custom(let transform):
            try writeRenamed(object.lazy.map { ($0.key, $0.value) }, nested: nested, by: transform)
        }
        key.truncate(to: mark)
    }

    /// Writes the pairs of a `Parameters` literal, under `suffix` or, when
    /// it is `nil`, as the top level. Of pairs with equal keys only the last
    /// one is written.
    mutating func writeObject(literal pairs: [(String, Parameters.Value)], under suffix: KeySuffix?) throws(FormEncoder.Error) {
        guard case .useDefaultKeys = keyEncoding else {
            try writeObject(Dictionary(pairs, uniquingKeysWith: { _, last in last }), under: suffix)
            return
        }
        guard !pairs.isEmpty else { return }
        let mark = key.count
        if let suffix {
            Self.append(suffix, to: &key, spacesAsPlus: spacesAsPlus)
        }
        let nested = suffix != nil
        if pairs.count == 1 {
            try pairs[0].1.write(to: &self, suffix: .name(pairs[0].0, nested: nested))
        } else {
            // Sort the positions of the pairs (plain integers) in stack
            // memory; equal keys stay in source order so the last one wins.
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: pairs.count) { (buffer) throws(FormEncoder.Error) in
                var order = buffer
                _ = order.initialize(fromContentsOf: pairs.indices)
                order.sort { (pairs[$0].0, $0) < (pairs[$1].0, $1) }
                for position in order.indices {
                    let pair = pairs[order[position]]
                    if position + 1 < order.count, pairs[order[position + 1]].0 == pair.0 {
                        continue
                    }
                    try pair.1.write(to: &self, suffix: .name(pair.0, nested: nested))
                }
            }
        }
        key.truncate(to: mark)
    }

    /// Writes the entries of a keyed container, under `suffix` or, when it
    /// is `nil`, as the top level. Of entries with equal keys only the last
    /// one encoded is written.
    mutating func writeObject(_ storage: EncodingObjectStorage, under suffix: KeySuffix?) throws(FormEncoder.Error) {
        guard !storage.entries.isEmpty else { return }
        let mark = key.count
        if let suffix {
            Self.append(suffix, to: &key, spacesAsPlus: spacesAsPlus)
        }
        let nested = suffix != nil
        storage.sortEntries()
        let entries = storage.entries
        switch keyEncoding {
        case .useDefaultKeys:
            for index in entries.indices where Self.isLastOfItsKey(index, in: entries) {
                try entries[index].node.write(to: &self, suffix: .name(entries[index].key, nested: nested))
            }
        case .convertToSnakeCase:
            try writeRenamed(Self.lastOfEachKey(entries), nested: nested, by: SnakeCaseConverter.convert)
        case .custom(let transform):
            try writeRenamed(Self.lastOfEachKey(entries), nested: nested, by: transform)
        }
        key.truncate(to: mark)
    }

    /// Whether a sorted entry is the last one encoded for its key; a later
    /// entry with the same key directly follows it.
    private static func isLastOfItsKey(_ index: Int, in entries: [EncodingObjectStorage.Entry]) -> Bool {
        index + 1 == entries.count || entries[index + 1].key != entries[index].key
    }

    private static func lastOfEachKey(_ entries: [EncodingObjectStorage.Entry]) -> [(String, EncodingNode)] {
        entries.indices
            .filter { isLastOfItsKey($0, in: entries) }
            .map { (entries[$0].key, entries[$0].node) }
    }

    /// Writes entries under transformed names, sorted by the transformed
    /// name and, when two names collide, by the original one.
    private mutating func writeRenamed<Node: FormNode>(
        _ entries: some Sequence<(String, Node)>,
        nested: Bool,
        by transform: (String) -> String
    ) throws(FormEncoder.Error) {
        let renamed = entries
            .map { (name: transform($0.0), original: $0.0, node: $0.1) }
            .sorted { ($0.name, $0.original) < ($1.name, $1.original) }
        for entry in renamed {
            try entry.node.write(to: &self, suffix: .name(entry.name, nested: nested))
        }
    }

    // MARK: - Arrays

    mutating func writeArray<Node: FormNode>(_ elements: [Node], under suffix: KeySuffix) throws(FormEncoder.Error) {
        guard !elements.isEmpty else { return }
        switch arrayEncoding {
        case .brackets:
            let mark = key.count
            Self.append(suffix, to: &key, spacesAsPlus: spacesAsPlus)
            for element in elements {
                try element.write(to: &self, suffix: .emptyBrackets)
            }
            key.truncate(to: mark)
        case .noBrackets:
            for element in elements {
                try element.write(to: &self, suffix: suffix)
            }
        case .indexInBrackets:
            // Indices are positions in the original array, so they stay
            // stable when null or empty elements are omitted.
            let mark = key.count
            Self.append(suffix, to: &key, spacesAsPlus: spacesAsPlus)
            for (index, element) in elements.enumerated() {
                try element.write(to: &self, suffix: .index(index))
            }
            key.truncate(to: mark)
        case .commaSeparated:
            var wroteElement = false
            for element in elements {
                switch try element.commaSeparatedElement() {
                case .omitted:
                    continue
                case .container:
                    throw .nonScalarInCommaSeparatedArray(path: path(with: suffix))
                case .scalar(let value):
                    if wroteElement {
                        output.append(UInt8(ascii: ","))
                    } else {
                        beginPair(suffix: suffix)
                        wroteElement = true
                    }
                    try writeScalarValue(value, suffix: suffix)
                }
            }
        }
    }
}
