import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

extension HTTPBinTests {
    /// How httpbin's status codes and bodies come out of validation and decoding.
    @Suite struct Responses {
        let provider = Provider<HTTPBin>(transport: TransportUnderTest.shared)

        @Test func status200PassesTheDefaultValidation() async throws {
            let response = try await provider.response(for: .status(200, validation: .successCodes))
            #expect(response.statusCode == 200)
        }

        @Test func status404IsAStatusCodeErrorThatKeepsTheResponse() async throws {
            let result = await provider.result(for: .status(404, validation: .successCodes))
            guard case .statusCode(let response) = result.failure else {
                Issue.record("expected .statusCode, got \(result.outcome)")
                return
            }
            #expect(response.statusCode == 404)
            #expect(response.response?.statusCode == 404)
            #expect(response.request?.url?.path == "/status/404")
            #expect(result.failure?.response?.statusCode == 404)
        }

        @Test func customCodesAcceptExactlyTheListedStatuses() async throws {
            let accepted = try await provider.response(for: .status(500, validation: .customCodes([500])))
            #expect(accepted.statusCode == 500)
            let rejected = await provider.result(for: .status(200, validation: .customCodes([500])))
            #expect(rejected.failure?.response?.statusCode == 200)
            #expect(rejected.outcome == "statusCode")
        }

        @Test func noValidationAcceptsA503() async throws {
            let response = try await provider.response(for: .status(503, validation: .none))
            #expect(response.statusCode == 503)
        }

        @Test func a304PassesOnlyTheValidationThatAcceptsRedirectCodes() async throws {
            let accepted = try await provider.response(for: .status(304, validation: .successAndRedirectCodes))
            #expect(accepted.statusCode == 304)
            let rejected = await provider.result(for: .status(304, validation: .successCodes))
            #expect(rejected.outcome == "statusCode")
            #expect(rejected.failure?.response?.statusCode == 304)
        }

        @Test func aFollowedRedirectIsValidatedOnItsFinalResponse() async throws {
            let base = url(HTTPBin.json.baseURL, "/redirect-to", query: ["url": "/get", "status_code": "302"])
            let response = try await Provider<GenericTarget>(transport: TransportUnderTest.shared).response(for: GenericTarget(baseURL: base))
            #expect(response.statusCode == 200)
            #expect(response.response?.url?.path == "/get")
        }

        @Test func jsonDecodesIntoAModel() async throws {
            let show = try await provider.decode(Slideshow.self, from: .json)
            #expect(show.slideshow.title == "Sample Slide Show")
            #expect(show.slideshow.author == "Yours Truly")
            #expect(show.slideshow.slides.count == 2)
            #expect(show.slideshow.slides.first?.title == "Wake up to WonderWidgets!")
        }

        @Test func htmlDecodedAsJSONIsADecodingErrorThatKeepsTheResponse() async throws {
            let result = await provider.result(for: .html)
            let response = try result.get()
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
            #expect {
                _ = try response.decode(Slideshow.self)
            } throws: { error in
                guard case .decoding(_, let kept) = error as? QuiverError else { return false }
                return kept.statusCode == 200 && String(decoding: kept.data, as: UTF8.self).contains("<html")
            }
            do {
                _ = try await provider.decode(Slideshow.self, from: .html)
                Issue.record("decoding HTML as JSON succeeded")
            } catch {
                #expect(error.caseName == "decoding")
            }
        }
    }
}
