import Foundation
import Quiver

/// Where the pet store lives (the literal always parses; the fallback only satisfies the type).
let petStoreBaseURL = URL(string: "https://petstore.example.com/v1") ?? URL(fileURLWithPath: "/")

/// The endpoints of a made-up pet store. Sample data comes from the files in `Fixtures/`, which
/// the QuiverFixtures plugin embeds as `Fixtures.pet`, `Fixtures.pets` and `Fixtures.petPhoto`.
public enum PetStore: TargetType {
    /// One pet.
    case pet(id: Int)
    /// Every pet.
    case pets
    /// A pet's photo.
    case photo(id: Int)

    public var baseURL: URL { petStoreBaseURL }

    public var path: String {
        switch self {
        case .pet(let id): "pets/\(id)"
        case .pets: "pets"
        case .photo(let id): "pets/\(id)/photo"
        }
    }

    public var method: HTTPMethod { .get }

    public var task: HTTPTask { .plain }

    public var sampleData: Data {
        switch self {
        case .pet: Fixtures.pet
        case .pets: Fixtures.pets
        case .photo: Fixtures.petPhoto
        }
    }
}
