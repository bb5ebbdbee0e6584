import Foundation
import Quiver
import QuiverMacros
import Testing

/// A profile a stub would answer with, if the endpoint had a sample.
struct Profile: Decodable, Sendable, Equatable {
    let login: String
}

/// An endpoint with a model and no `sample:`: stubbed, it answers with an empty body.
@Endpoint(.get, "users/{login}", baseURL: "https://api.example.com", returns: Profile.self)
struct GetProfile {
    let login: String
}

/// The same endpoint with its sample.
@Endpoint(.get, "users/{login}", baseURL: "https://api.example.com", sample: #"{"login":"ada"}"#, returns: Profile.self)
struct GetSampledProfile {
    let login: String
}

/// Generated targets in stub mode, without a server: a missing sample says, in one line, which
/// request it was and how to give one (#48).
@Suite struct StubbedTargetsTests {
    private let oneLine = "GET https://api.example.com/users/ada answered 200 (stubbed) with an empty body, which did not "
        + "decode as Profile: give the target a sample body (sampleData, or sample: in its @Endpoint or @GET… macro), "
        + "or decode EmptyResponse."

    @Test func anEndpointWithoutSampleSaysInOneLineHowToGiveOne() async throws {
        let stubbed = Provider<GetProfile>(stubClosure: Provider.immediatelyStub)
        guard case .mappingFailed(let error, _) = await stubbed.request(GetProfile(login: "ada")) else {
            Issue.record("an empty sample decoded")
            return
        }
        #expect(String(describing: error) == oneLine)
        #expect(error.localizedDescription == oneLine)
        await #expect {
            try await stubbed.decode(Profile.self, from: GetProfile(login: "ada"))
        } throws: { error in
            String(describing: error) == oneLine && error.localizedDescription == oneLine
        }
    }

    @Test func anEndpointWithItsSampleDecodesIt() async throws {
        let stubbed = Provider<GetSampledProfile>(stubClosure: Provider.immediatelyStub)
        #expect(await stubbed.request(GetSampledProfile(login: "ada")).value == Profile(login: "ada"))
    }
}
