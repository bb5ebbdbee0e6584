import Testing
@testable import Quiver

// The integration suites in this folder are one test matrix shared by every transport Quiver
// ships: each test target that compiles them defines `TransportUnderTest` (the root package's
// QuiverTests with `URLSessionTransport`; Integrations/QuiverAsyncHTTPClient's tests, which
// compile this very folder through a symbolic link, with `AsyncHTTPClientTransport`). A test
// that builds its provider on `TransportUnderTest` runs on each; one that needs URLSession
// itself names `URLSessionTransport` and is marked `.onTheDefaultTransportOnly`.
//
// What each `TransportUnderTest` provides:
// - `shared`: the transport most suites use, shared between them as an app shares one;
// - `cookieless`: one that neither stores nor sends cookies of its own;
// - `make(idleTimeout:timeout:)`: one with this idle limit and this default deadline;
// - `isDefault`: whether it is `URLSessionTransport`.

extension Trait where Self == ConditionTrait {
    /// Runs a test of `URLSessionTransport` itself (its configuration, its cache, a user's
    /// transport written on URLSession) only in the matrix of the default transport, not again
    /// in every other transport's.
    static var onTheDefaultTransportOnly: Self {
        .enabled(if: TransportUnderTest.isDefault, "tests URLSessionTransport itself, run by the root package")
    }
}
