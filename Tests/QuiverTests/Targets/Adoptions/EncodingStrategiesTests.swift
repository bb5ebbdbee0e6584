import Foundation
import Testing
@testable import Quiver

@Suite struct EncodingStrategiesTests {
    private struct Payload: Encodable, Sendable { let at: Date }

    private struct Legacy: TargetType, EncoderProviding {
        var task: HTTPTask
        var baseURL: URL { exampleBase }
        var path: String { "events" }
        var method: HTTPMethod { .post }
        var encoder: JSONEncoder { Self.encoder(.secondsSince1970) }

        static func encoder(_ strategy: JSONEncoder.DateEncodingStrategy) -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = strategy
            return encoder
        }
    }

    private let date = Date(timeIntervalSince1970: 1_000)

    private func body(_ task: HTTPTask, provider encoder: JSONEncoder? = nil, target: Bool = false) async throws -> String {
        let transport = RecordingTransport()
        if target {
            _ = try await Provider<Legacy>(transport: transport, encoder: encoder).response(for: Legacy(task: task))
        } else {
            _ = try await Provider<GenericTarget>(transport: transport, encoder: encoder)
                .response(for: GenericTarget(baseURL: exampleBase, method: .post, task: task))
        }
        guard case .data(let data) = try #require(transport.requests.first).body else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theProvidersEncoderIsUsedForJSONBodies() async throws {
        // CodyFire.shared.dateEncodingStrategy = .secondsSince1970
        #expect(try await body(.json(Payload(at: date)), provider: Legacy.encoder(.secondsSince1970)) == #"{"at":1000}"#)
    }

    /// The target's and provider's encoders are looked up only for a task that encodes JSON,
    /// wherever the `.json` task stands: alone, under a query, or as a download's body.
    @Test func theTargetsEncoderReachesAJSONBodyUnderACompositeOrDownload() async throws {
        let composite = try await body(.composite(.json(Payload(at: date)), query: ["page": 2]), target: true)
        #expect(composite == #"{"at":1000}"#)
        let provided = try await body(.composite(.json(Payload(at: date)), query: ["page": 2]),
                                      provider: Legacy.encoder(.secondsSince1970))
        #expect(provided == #"{"at":1000}"#)
        #expect(HTTPTask.json(Payload(at: date)).encodesJSON)
        #expect(HTTPTask.downloadCarrying(.composite(.json(Payload(at: date)), query: ["a": 1]), to: .file(URL(fileURLWithPath: "/tmp/x"))).encodesJSON)
        #expect(!HTTPTask.plain.encodesJSON)
        #expect(!HTTPTask.composite(.data(Data()), query: ["a": 1]).encodesJSON)
        #expect(!HTTPTask.form(["a": 1]).encodesJSON)
    }

    @Test func theTargetsEncoderWinsOverTheProviders() async throws {
        let body = try await body(.json(Payload(at: date)), provider: Legacy.encoder(.millisecondsSince1970), target: true)
        #expect(body == #"{"at":1000}"#)
    }

    @Test func theRequestsEncoderWinsOverTheTargets() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let body = try await body(.json(Payload(at: date), encoder: Legacy.encoder(.formatted(formatter))), target: true)
        #expect(body == #"{"at":"1970-01-01"}"#)
    }
}
