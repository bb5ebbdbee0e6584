/// A change to a pet, as the pet store's live feed (`GET pets/updates`, Server-Sent Events)
/// announces it.
public struct PetUpdate: Codable, Sendable, Equatable {
    /// The pet's identifier.
    public var pet: Int
    /// What happened to it, such as `adopted`.
    public var status: String

    /// Creates an update.
    public init(pet: Int, status: String) {
        self.pet = pet
        self.status = status
    }
}
