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
        replaying(mapping: mapping) { name throws(FixtureError) in
            try FixtureFiles.read(directory.appendingPathComponent(name))
        }
    }

    /// An endpoint mapping whose stubbed answers are fixtures held in memory, keyed by file name:
    /// typically the `all` table the QuiverFixtures build plugin generates from a target's
    /// `Fixtures` folder, so that replaying needs no file system and no bundle.
    ///
    /// ```swift
    /// let offline = Provider<API>(endpointClosure: Provider.replayingFixtures(Fixtures.all),
    ///                             stubClosure: Provider.immediatelyStub)
    /// ```
    ///
    /// Each target is looked up by the name ``RecordingPlugin`` gives its file (`GET-users-1.json`,
    /// or the target's ``FixtureNaming/fixtureName``). A missing fixture fails the request with
    /// ``QuiverError/transport(_:_:)`` carrying ``FixtureError/missing(_:)``, whose URL is the
    /// relative file name it looked for.
    ///
    /// - Parameters:
    ///   - fixtures: The fixtures by file name.
    ///   - mapping: The endpoint mapping to start from. Defaults to ``defaultEndpointMapping(for:)``.
    /// - Returns: An endpoint closure for ``init(endpointClosure:stubClosure:transport:plugins:callbackQueue:decoder:retryPolicy:trackInflights:)``.
    public static func replayingFixtures(_ fixtures: [String: Fixture],
                                         mapping: @escaping EndpointClosure = Provider.defaultEndpointMapping) -> EndpointClosure {
        replaying(mapping: mapping) { name throws(FixtureError) in
            guard let fixture = fixtures[name] else {
                throw .missing(FixtureNames.relativeURL(for: name))
            }
            return fixture
        }
    }

    /// The endpoint of `mapping`, answering stubbed requests with the fixture `lookup` finds for
    /// the target's fixture file name, or with the lookup's error.
    private static func replaying(mapping: @escaping EndpointClosure,
                                  lookup: @escaping @Sendable (String) throws(FixtureError) -> Fixture) -> EndpointClosure {
        { target in
            let endpoint = mapping(target)
            let name = FixtureNames.name(for: target.unwrapped)
            let url = URL(string: endpoint.url) ?? target.baseURL
            return endpoint.replacing(sampleResponseClosure: {
                do {
                    return try lookup(name).sampleResponse(for: url)
                } catch {
                    return .networkError(error)
                }
            })
        }
    }
}
