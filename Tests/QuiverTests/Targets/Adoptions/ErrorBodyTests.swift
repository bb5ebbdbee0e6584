import Foundation
import Testing
@testable import Quiver

struct ServerError: Decodable, Sendable, CustomStringConvertible {
    struct Detail: Decodable, Sendable { let code: String; let message: String }
    let error: Detail
    var description: String { error.message }
}

/// An API whose failures come with `{"error": {"code", "message"}}` bodies.
struct ProfileTarget: TargetType, ErrorBodyDecoding, DecodableMapping {
    typealias ErrorBody = ServerError
    typealias Success = User
    var baseURL: URL { exampleBase }
    var path: String { "profile" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var sampleData: Data { Data(#"{"error":{"code":"gone","message":"Profile deleted"}}"#.utf8) }

    func errorMessage(for statusCode: Int) -> String? {
        statusCode == 403 ? "You may not see this profile" : nil
    }
}

/// CodyFire's `addCustomError(.notFound, "User not found")`, without a typed body.
struct MessagesTarget: TargetType, ErrorMessageProviding {
    var baseURL: URL { exampleBase }
    var path: String { "users/1" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }

    func errorMessage(for statusCode: Int) -> String? {
        [404: "User not found", 409: "That name is taken"][statusCode]
    }
}

@Suite struct ErrorBodyTests {
    private func provider<T: TargetType>(_ type: T.Type, status: Int, body: String? = nil) -> Provider<T> {
        Provider<T>(endpointClosure: { target in
            Provider<T>.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: {
                .networkResponse(status, body.map { Data($0.utf8) } ?? target.sampleData)
            })
        }, stubClosure: Provider.immediatelyStub)
    }

    @Test func aRejectedStatusCarriesTheDecodedErrorBody() async {
        let result = await provider(ProfileTarget.self, status: 410).result(for: ProfileTarget())
        let error = result.failure
        #expect(error?.errorBody(as: ServerError.self)?.error.code == "gone")
        #expect(error?.response?.errorMessage == "Profile deleted")
        #expect(error?.description.contains("failed with status 410 (stubbed): Profile deleted.") == true)
    }

    @Test func theMappingSeesTheErrorBody() async {
        guard case .failure(let error) = await provider(ProfileTarget.self, status: 422).request(ProfileTarget()) else {
            Issue.record("expected .failure")
            return
        }
        #expect(error.errorBody(as: ServerError.self)?.error.message == "Profile deleted")
    }

    @Test func aCustomMessageForAStatusWinsOverTheBody() async {
        let error = await provider(ProfileTarget.self, status: 403).result(for: ProfileTarget()).failure
        #expect(error?.response?.errorMessage == "You may not see this profile")
        #expect(error?.errorBody(as: ServerError.self)?.error.code == "gone")
    }

    @Test func errorBodyDecodingIsTheOneErrorMessageFamily() {
        // One declaration of errorMessage(for:): a target with a typed error body is also a
        // target that names its failures, wherever the provider asks for the message.
        let target: any TargetType = ProfileTarget()
        let messages = target as? any ErrorMessageProviding
        #expect(messages != nil)
        #expect(messages?.errorMessage(for: 403) == "You may not see this profile")
    }

    @Test func anErrorBodyOfAnotherShapeLeavesNoBodyButKeepsTheResponse() async {
        let error = await provider(ProfileTarget.self, status: 500, body: "<html>oops</html>").result(for: ProfileTarget()).failure
        #expect(error?.errorBody(as: ServerError.self) == nil)
        #expect(error?.response?.errorMessage == nil)
        #expect(error?.response?.statusCode == 500)
    }

    @Test func perStatusMessagesNameTheFailure() async {
        let notFound = await provider(MessagesTarget.self, status: 404).result(for: MessagesTarget()).failure
        #expect(notFound?.description.hasSuffix("failed with status 404 (stubbed): User not found.") == true)
        let teapot = await provider(MessagesTarget.self, status: 418).result(for: MessagesTarget()).failure
        #expect(teapot?.response?.errorMessage == nil)
        #expect(teapot?.description.contains("failed with status 418 (stubbed)") == true)
    }

    @Test func anyErrorBodyCanBeReadOnDemand() async {
        let error = await provider(GetUser.self, status: 400, body: #"{"error":{"code":"bad","message":"Bad id"}}"#)
            .result(for: GetUser(id: 1)).failure
        #expect(error?.errorBody(as: ServerError.self)?.error.code == "bad")
        #expect(QuiverError.timedOut().errorBody(as: ServerError.self) == nil)
    }

    @Test func errorBodiesWorkThroughMultiTarget() async {
        let provider = Provider<MultiTarget>(endpointClosure: { target in
            Provider<MultiTarget>.defaultEndpointMapping(for: target).replacing(sampleResponseClosure: { .networkResponse(404, target.sampleData) })
        }, stubClosure: Provider.immediatelyStub)
        let error = await provider.result(for: MultiTarget(MessagesTarget())).failure
        #expect(error?.response?.errorMessage == "User not found")
    }
}
