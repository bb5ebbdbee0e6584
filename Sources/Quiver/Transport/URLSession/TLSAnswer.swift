import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``TLSHooks`` hook answers to a TLS challenge.
public enum TLSAnswer: Sendable {
    /// Let the system decide, as without the hook.
    case performDefaultHandling
    /// Answer with this credential: `URLCredential(trust:)` to trust the server, or a client
    /// certificate's `URLCredential(identity:certificates:persistence:)`.
    case use(URLCredential)
    /// End the request: it fails with a ``TLSError`` whose reason is
    /// ``TLSError/Reason/refusedByHook``.
    case refuse
}
