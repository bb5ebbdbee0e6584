import Foundation
import Quiver

/// Where the pet store lives (the literal always parses; the fallback only satisfies the type).
let petStoreBaseURL = URL(string: "https://petstore.example.com/v1") ?? URL(fileURLWithPath: "/")

/// The endpoints of a made-up pet store. Sample data comes from the files in `Fixtures/`, which
/// the QuiverFixtures plugin embeds as `Fixtures.pet`, `Fixtures.pets` and `Fixtures.petPhoto`.
public enum PetStore: TargetType, AccessTokenAuthorizable {
    /// One pet.
    case pet(id: Int)
    /// Every pet.
    case pets
    /// A pet's photo.
    case photo(id: Int)
    /// Adopts a pet: `POST pets/{id}/adoption` with the adopter's name.
    case adopt(petID: Int, adopter: String)
    /// The store's live feed of changes, as Server-Sent Events.
    case updates

    public var baseURL: URL { petStoreBaseURL }

    public var path: String {
        switch self {
        case .pet(let id): "pets/\(id)"
        case .pets: "pets"
        case .photo(let id): "pets/\(id)/photo"
        case .adopt(let petID, _): "pets/\(petID)/adoption"
        case .updates: "pets/updates"
        }
    }

    public var method: HTTPMethod {
        switch self {
        case .adopt: .post
        default: .get
        }
    }

    public var task: HTTPTask {
        switch self {
        case .adopt(_, let adopter): .json(["adopter": .string(adopter)])
        default: .plain
        }
    }

    /// Every endpoint is signed with the user's token.
    public var authorizationType: AuthorizationType? { .bearer }

    public var sampleData: Data {
        switch self {
        case .pet: Fixtures.pet
        case .pets: Fixtures.pets
        case .photo: Fixtures.petPhoto
        case .adopt: Data(#"{"status":"adopted"}"#.utf8)
        case .updates: Data("data: {\"pet\":1,\"status\":\"adopted\"}\n\n".utf8)
        }
    }
}
