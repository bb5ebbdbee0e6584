import Foundation
import Quiver

/// The app's client of the pet store, as an app writes one: it signs every request, retries
/// what is safe to retry, and hands the app models and errors it can show.
public struct PetStoreClient: Sendable {
    /// Why a call failed, as the app shows it.
    public enum Failure: Error, Equatable {
        /// No network: the app offers to try again later.
        case offline
        /// The store said no (a status outside 2xx).
        case refused(status: Int)
        /// Anything else, with its description.
        case other(String)
    }

    private let provider: Provider<PetStore>

    /// A client that sends through `transport` (or answers from stubs under `stubBehavior`).
    ///
    /// - Parameters:
    ///   - token: The signed-in user's token.
    ///   - transport: The network, or a test's stand-in for it.
    ///   - stubBehavior: How stubbed requests are answered; `.never` sends them.
    public init(token: String, transport: any HTTPTransport = URLSessionTransport(),
                stubBehavior: StubBehavior = .never) {
        provider = Provider(stubClosure: { _ in stubBehavior }, transport: transport,
                            plugins: [AccessTokenPlugin { _ in token }],
                            retryPolicy: RetryPolicy(maximumAttempts: 4, baseDelay: 0, jitter: 0))
    }

    /// Every pet.
    public func pets() async throws(Failure) -> [Pet] {
        do {
            return try await provider.decode([Pet].self, from: .pets)
        } catch {
            throw Self.failure(error)
        }
    }

    /// Adopts `pet` for `adopter`.
    public func adopt(_ pet: Pet, by adopter: String) async throws(Failure) {
        do {
            _ = try await provider.response(for: .adopt(petID: pet.id, adopter: adopter))
        } catch {
            throw Self.failure(error)
        }
    }

    /// Follows the store's live feed, handing each update to `handle` as it arrives, until the
    /// store ends the feed.
    ///
    /// - Parameter handle: What the app does with an update (shows it, typically).
    public func followUpdates(_ handle: (PetUpdate) async -> Void) async throws(Failure) {
        do {
            for try await update in try await provider.stream(for: .updates).decodedEvents(as: PetUpdate.self) {
                await handle(update)
            }
        } catch let error as QuiverError {
            throw Self.failure(error)
        } catch {
            throw .other("\(error)")
        }
    }

    private static func failure(_ error: QuiverError) -> Failure {
        if error.isNetworkUnavailable { return .offline }
        if case .statusCode(let response) = error { return .refused(status: response.statusCode) }
        return .other("\(error)")
    }
}
