import ExampleAPI
import Foundation
import Quiver
import Testing

/// The API target's `sampleData` comes from its generated `Fixtures`.
@Suite struct SampleDataTests {
    private let provider = Provider<PetStore>(stubClosure: Provider.immediatelyStub)

    @Test func aStubbedRequestDecodesTheEmbeddedSampleBody() async throws {
        let pet = try await provider.decode(Pet.self, from: .pet(id: 1))
        #expect(pet == Pet(id: 1, name: "Rex", tags: ["dog", "good boy"]))
    }

    @Test func anArraySampleDecodesToEveryElement() async throws {
        let pets = try await provider.decode([Pet].self, from: .pets)
        #expect(pets == [Pet(id: 1, name: "Rex", tags: ["dog"]), Pet(id: 2, name: "Tom", tags: [])])
    }

    @Test func aBinarySampleKeepsItsBytes() async throws {
        let photo = try await provider.response(for: .photo(id: 1)).data
        #expect(photo.count == 67)
        #expect(Array(photo.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
