import Foundation
import PetStoreAPI
import Quiver
import QuiverOpenAPI

/// The pet store's generated client, made as the app makes it: sent through Quiver.
///
/// The one line that differs from a client on swift-openapi-urlsession is its transport, a
/// ``QuiverClientTransport`` over the provider the app chooses (live with a token, a logger and
/// retry; stubbed; replaying fixtures). What the OpenAPI document cannot say about an operation,
/// which operations carry the token and what each answers when stubbed, is said here, by
/// operation ID, without touching the generated code.
public enum PetStore {
    /// A client of the store at `serverURL` whose operations run through `provider`.
    ///
    /// - Parameters:
    ///   - serverURL: The server, such as the fault server of the test run.
    ///   - provider: The provider every operation runs through.
    /// - Returns: The generated client.
    public static func client(serverURL: URL, provider: Provider<OpenAPIOperation>) -> Client {
        Client(serverURL: serverURL, transport: QuiverClientTransport(provider: provider, configure: configure))
    }

    /// The provider the app uses against the live store: the access token on the operations
    /// that ask for it, a logger that never shows it, and retry of `503` with `Retry-After`.
    ///
    /// - Parameters:
    ///   - token: Fetches the access token.
    ///   - log: Receives the logger's lines.
    /// - Returns: The provider.
    public static func liveProvider(token: @escaping @Sendable () async throws -> String,
                                    log: @escaping @Sendable ([String]) -> Void) -> Provider<OpenAPIOperation> {
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, lines in log(lines) }, logOptions: .verbose))
        return Provider(plugins: [AccessTokenPlugin { _ in try await token() }, logger],
                        retryPolicy: RetryPolicy(maximumAttempts: 3, baseDelay: 0.1))
    }

    /// The choices the generated code cannot make, per operation.
    @Sendable static func configure(_ operation: inout OpenAPIOperation) {
        switch operation.operationID {
        case Operations.CreatePet.id, Operations.UploadPhoto.id:
            operation.authorizationType = .bearer
        case Operations.GetPet.id:
            operation.sampleData = Data("""
                {"method": "GET", "path": "/echo/pets/1", "query": "", "args": {}, "headers": {}, "bodyLength": 0}
                """.utf8)
        case Operations.GetStatus.id:
            operation.sampleData = Data(#"{"status": 200}"#.utf8)
        default:
            break
        }
    }
}
