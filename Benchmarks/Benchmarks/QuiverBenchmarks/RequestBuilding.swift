import Benchmark
import BenchSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

/// Target → `URLRequest`, as a provider does it before any plugin runs, and the bare
/// Foundation work underneath for comparison.
func registerRequestBuilding() {
    Benchmark("Build-plain") { benchmark in
        try benchmark.measureIterations {
            blackHole(try Provider<BenchAPI>.defaultEndpointMapping(for: .user).urlRequest())
        }
    }

    // The target builds its 50-pair `Parameters` literal on every call, as a real one does.
    Benchmark("Build-query-50-pairs") { benchmark in
        try benchmark.measureIterations {
            blackHole(try Provider<BenchAPI>.defaultEndpointMapping(for: .search).urlRequest())
        }
    }

    Benchmark("Build-json-body") { benchmark in
        try benchmark.measureIterations {
            blackHole(try Provider<BenchAPI>.defaultEndpointMapping(for: .create(SmallBody.user)).urlRequest())
        }
    }

    // The Foundation floor of "Build plain": parse the URL, make the request, set the method
    // and the one header the target has.
    Benchmark("URLRequest-alone") { benchmark in
        benchmark.measureIterations {
            var request = URLRequest(url: URL(string: "https://api.example.com/v1/users/42")!)
            request.httpMethod = "GET"
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            blackHole(request)
        }
    }
}
