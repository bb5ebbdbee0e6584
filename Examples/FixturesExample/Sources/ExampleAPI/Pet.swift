/// A pet, as the pet store's API sends it.
public struct Pet: Codable, Sendable, Equatable {
    /// The pet's identifier.
    public var id: Int
    /// The pet's name.
    public var name: String
    /// The pet's tags.
    public var tags: [String]

    /// Creates a pet.
    public init(id: Int, name: String, tags: [String]) {
        self.id = id
        self.name = name
        self.tags = tags
    }
}
