import Foundation

extension Provider {
    /// An endpoint mapping whose stubbed answers are the fixture files in `directory`, as
    /// ``RecordingPlugin`` wrote them: status, headers and body as recorded.
    ///
    /// ```swift
    /// let offline = Provider<API>(endpointClosure: Provider.replayingFixtures(from: fixtures),
    ///                             stubClosure: Provider.immediatelyStub)
    /// ```
    ///
    /// A missing fixture fails the request with ``QuiverError/transport(_:_:)`` carrying
    /// ``FixtureError/missing(_:)``, which names the file it looked for; never a silent empty 200.
    ///
    /// - Parameters:
    ///   - directory: The folder of fixture files.
    ///   - mapping: The endpoint mapping to start from. Defaults to ``defaultEndpointMapping(for:)``.
    /// - Returns: An endpoint closure for ``init(endpointClosure:stubClosure:transport:plugins:callbackQueue:decoder:retryPolicy:trackInflights:)``.
    public static func replayingFixtures(from directory: URL,
                                         mapping: @escaping EndpointClosure = Provider.defaultEndpointMapping) -> EndpointClosure {
        { target in
            let endpoint = mapping(target)
            let file = directory.appendingPathComponent(FixtureNames.name(for: target.unwrapped))
            let url = URL(string: endpoint.url) ?? directory
            return endpoint.replacing(sampleResponseClosure: {
                do {
                    return try FixtureFiles.read(file).sampleResponse(for: url)
                } catch {
                    return .networkError(error)
                }
            })
        }
    }
}
