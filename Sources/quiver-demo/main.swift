import Foundation
import Quiver

let usage = """
    Usage: quiver-demo [--base-url URL]

    A short tour of Quiver. Without --base-url every answer comes from the targets' sample
    data (no network). With --base-url it runs live against an httpbin-compatible server,
    for example: swift run quiver-demo --base-url http://127.0.0.1:8080
    """

var arguments = Array(CommandLine.arguments.dropFirst())
var liveBaseURL: URL?
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
if let index = arguments.firstIndex(of: "--base-url") {
    guard index + 1 < arguments.count,
          let url = URL(string: arguments[index + 1]),
          ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
    else {
        FileHandle.standardError.write(Data("quiver-demo: --base-url needs an absolute http(s) URL\n\n\(usage)\n".utf8))
        exit(2)
    }
    liveBaseURL = url
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.isEmpty else {
    FileHandle.standardError.write(Data("quiver-demo: unknown arguments \(arguments)\n\n\(usage)\n".utf8))
    exit(2)
}

let live = liveBaseURL != nil
// Live, an EnvironmentPlugin sends every request to --base-url instead of the made-up host.
let environment = liveBaseURL.map { url in
    [EnvironmentPlugin(current: APIEnvironment(name: "live", baseURL: url),
                       among: [APIEnvironment(name: "made-up", baseURL: DemoAPI.stubBaseURL)])]
} ?? []
let provider = Provider<DemoAPI>(
    endpointClosure: { target in
        let endpoint = Provider.defaultEndpointMapping(for: target)
        guard case .missingPage = target else { return endpoint }
        return endpoint.replacing(sampleResponseClosure: { .networkResponse(404, Data(#"{"error":"no such page"}"#.utf8)) })
    },
    stubClosure: { target in
        if live { return .never }
        if case .slowReport = target { return .delayed(seconds: 5) }
        return .immediate
    },
    plugins: environment + [ClientHeaderPlugin(), TourLogPlugin()]
)

print(live ? "Quiver tour, live against \(liveBaseURL?.absoluteString ?? "")\n"
           : "Quiver tour, stubbed: no network (pass --base-url URL to run it live against httpbin)\n")
await Tour(provider: provider).run()
