import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

extension HTTPBinTests {
    /// Cancellation, timeouts, authentication challenges and refused requests against httpbin.
    @Suite struct Failures {
        let provider = Provider<HTTPBin>(transport: TransportUnderTest.shared)

        // MARK: Cancellation

        @Test func cancellingTheSwiftTaskEndsARequestAtOnce() async throws {
            let provider = self.provider
            let (result, elapsed) = await timed {
                let task = Task { await provider.result(for: .delay(seconds: 5)) }
                try? await Task.sleep(nanoseconds: 200_000_000)
                task.cancel()
                return await task.value
            }
            #expect(result.outcome == "cancelled")
            #expect(elapsed < 4, "the cancelled request took \(elapsed) s")
        }

        @Test func cancellableCancelEndsARequestAtOnce() async throws {
            let provider = self.provider
            let (result, elapsed) = await timed {
                await waitForCompletion { done in
                    let cancellable = provider.request(.delay(seconds: 5), completion: done)
                    Thread.sleep(forTimeInterval: 0.2) // on the helper's own thread, not the cooperative pool
                    cancellable.cancel()
                }
            }
            let outcome = try #require(result, "no completion within 5 s")
            #expect(outcome.outcome == "cancelled")
            #expect(elapsed < 4, "the cancelled request took \(elapsed) s")
        }

        // MARK: Timeouts

        @Test func aTargetTimeoutEndsASlowRequest() async {
            let (result, elapsed) = await timed { await provider.result(for: .delay(seconds: 5, timeout: 1)) }
            #expect(result.outcome == "timedOut")
            #expect(elapsed >= 0.9, "timed out early, after \(elapsed) s")
            #expect(elapsed < 4, "timed out late, after \(elapsed) s")
        }

        @Test func theConfigurationsResourceTimeoutEndsASlowRequest() async {
            let provider = Provider<HTTPBin>(transport: TransportUnderTest.make(idleTimeout: 60, timeout: 1))
            let (result, elapsed) = await timed { await provider.result(for: .delay(seconds: 5)) }
            #expect(result.outcome == "timedOut")
            #expect(elapsed >= 0.9, "timed out early, after \(elapsed) s")
            #expect(elapsed < 4, "timed out late, after \(elapsed) s")
        }

        // MARK: Authentication

        @Test func aBasicChallengeWithoutCredentialsIsA401Promptly() async {
            let (result, elapsed) = await timed { await provider.result(for: .basicAuth(authorization: nil)) }
            guard case .statusCode(let response) = result.failure else {
                Issue.record("expected .statusCode, got \(result.outcome)")
                return
            }
            #expect(response.statusCode == 401)
            #expect(response.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Basic") == true)
            #expect(elapsed < 5, "the 401 took \(elapsed) s")
        }

        @Test func basicCredentialsInTheAuthorizationHeaderAreAccepted() async throws {
            struct Authenticated: Decodable { let authenticated: Bool; let user: String }
            let body = try await provider.decode(Authenticated.self, from: .basicAuth(authorization: "Basic dTpw"))
            #expect(body.authenticated)
            #expect(body.user == "u")
        }

        @Test func aDigestChallengeWithoutCredentialsIsA401PromptlyAndNeverAnswered() async {
            // Cookies off, so that the cookies httpbin sets here stay out of the shared storage
            // other tests' sessions read.
            let provider = Provider<HTTPBin>(transport: TransportUnderTest.cookieless)
            let (result, elapsed) = await timed { await provider.result(for: .digestAuth) }
            guard case .statusCode(let response) = result.failure else {
                Issue.record("expected .statusCode, got \(result.outcome)")
                return
            }
            #expect(response.statusCode == 401)
            #expect(response.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Digest") == true)
            #expect(response.request?.value(forHTTPHeaderField: "Authorization") == nil)
            #expect(elapsed < 5, "the 401 took \(elapsed) s")
        }

        @Test func bearerWithoutATokenIsA401Promptly() async {
            let (result, elapsed) = await timed { await provider.result(for: .bearer(token: nil)) }
            #expect(result.outcome == "statusCode")
            #expect(result.failure?.response?.statusCode == 401)
            #expect(elapsed < 5, "the 401 took \(elapsed) s")
        }

        @Test func bearerWithATokenIsAccepted() async throws {
            struct Authenticated: Decodable { let authenticated: Bool; let token: String }
            let body = try await provider.decode(Authenticated.self, from: .bearer(token: "x"))
            #expect(body.authenticated)
            #expect(body.token == "x")
        }

        // MARK: Refused before sending

        @Test(arguments: [HTTPMethod.get, .head])
        func aBodyOnGetOrHeadIsRefusedAndNothingIsSent(method: HTTPMethod) async {
            let sent = SentRequests()
            let provider = Provider<GenericTarget>(transport: TransportUnderTest.shared, plugins: [sent])
            let target = GenericTarget(baseURL: HTTPBin.json.baseURL, path: "anything", method: method,
                                       task: .data(Data("body".utf8), contentType: "text/plain"))
            let result = await provider.result(for: target)
            guard case .invalidRequest(let reason) = result.failure else {
                Issue.record("expected .invalidRequest, got \(result.outcome)")
                return
            }
            #expect(reason.contains(method.rawValue))
            #expect(sent.all.isEmpty, "willSend saw \(sent.all.count) request(s)")
        }
    }
}
