import Benchmark
import BenchSupport
import Foundation
import Quiver

/// A stubbed request decoding a small JSON through the plugins users install, in their default
/// configurations, one at a time and together, with tokens of 1, 40 and 200 characters: a cost
/// that grows with the token, or with what another plugin did, shows up here.
func registerBuiltinPlugins() {
    let jwt = BuiltinPlugins.token(length: 200)
    let single: [(String, [any PluginType])] = [
        ("token", [BuiltinPlugins.accessToken(jwt)]),
        ("headers", [BuiltinPlugins.headers]),
        ("logger", [BuiltinPlugins.logger]),
        ("authentication", [BuiltinPlugins.authentication(jwt)]),
    ]
    for (name, plugins) in single {
        let provider = Provider<AuthorizedUser>(stubClosure: Provider.immediatelyStub, plugins: plugins)
        Benchmark("Builtin-decode-\(name)") { benchmark in
            try await benchmark.measureIterations {
                blackHole(try await provider.decode(User.self, from: AuthorizedUser()))
            }
        }
    }
    for length in [1, 40, 200] {
        let provider = Provider<AuthorizedUser>(stubClosure: Provider.immediatelyStub,
                                                plugins: BuiltinPlugins.usual(tokenLength: length))
        Benchmark("Builtin-decode-token-headers-logger-\(length)") { benchmark in
            try await benchmark.measureIterations {
                blackHole(try await provider.decode(User.self, from: AuthorizedUser()))
            }
        }
    }
}
