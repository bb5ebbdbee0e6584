import Foundation
import Quiver

extension Provider {
    /// An endpoint mapping whose stubbed answers are the fixture files in `directory`, as
    /// ``RecordingPlugin`` wrote them: status, headers and body as recorded.
    ///
    /// ```swift
    /// let offline = Provider<API>(endpointClosure: Provider.replayingFixtures(from: fixtures),
    ///                             stubClosure: Provider.immediatelyStub)
    /// ```
    ///
    /// A missing fixture fails the request with `QuiverError.transport(_:_:)` carrying
    /// ``FixtureError/missing(_:)``, which names the file it looked for; never a silent empty 200.
    /// Each file is read once, at the first request that needs it; the closure then serves it
    /// from memory (make a new closure to see a changed file). A fixture recorded from a stream
    /// is streamed by `Provider.stream(for:)` in its recorded pieces, at their recorded times
    /// multiplied by `streamTimeScale`.
    ///
    /// - Parameters:
    ///   - directory: The folder of fixture files.
    ///   - mapping: The endpoint mapping to start from. Defaults to `Provider.defaultEndpointMapping(for:)`.
    ///   - streamTimeScale: What a recorded stream's times are multiplied by: `1` replays it as it
    ///     was recorded, `0.1` ten times faster, `0` with no pause between pieces. Defaults to `1`.
    /// - Returns: An endpoint closure for `Provider.init(endpointClosure:stubClosure:…)`.
    public static func replayingFixtures(from directory: URL,
                                         mapping: @escaping EndpointClosure = Provider.defaultEndpointMapping,
                                         streamTimeScale: Double = 1) -> EndpointClosure {
        // Each file is read and decoded once, so a replayed request costs what a stub costs.
        // A missing file is not remembered: it is looked for again on the next request.
        let loaded = Locked([String: Fixture]())
        return replaying(mapping: mapping, timeScale: streamTimeScale) { name throws(FixtureError) in
            if let fixture = loaded.withLock({ $0[name] }) {
                return fixture
            }
            let fixture = try FixtureFiles.read(directory.appendingPathComponent(name))
            loaded.withLock { $0[name] = fixture }
            return fixture
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
    /// or the target's `FixtureNaming.fixtureName`). A missing fixture fails the request with
    /// `QuiverError.transport(_:_:)` carrying ``FixtureError/missing(_:)``, whose URL is the
    /// relative file name it looked for. A fixture recorded from a stream is streamed by
    /// `Provider.stream(for:)` in its recorded pieces, at their recorded times multiplied by
    /// `streamTimeScale`.
    ///
    /// - Parameters:
    ///   - fixtures: The fixtures by file name.
    ///   - mapping: The endpoint mapping to start from. Defaults to `Provider.defaultEndpointMapping(for:)`.
    ///   - streamTimeScale: What a recorded stream's times are multiplied by: `1` replays it as it
    ///     was recorded, `0.1` ten times faster, `0` with no pause between pieces. Defaults to `1`.
    /// - Returns: An endpoint closure for `Provider.init(endpointClosure:stubClosure:…)`.
    public static func replayingFixtures(_ fixtures: [String: Fixture],
                                         mapping: @escaping EndpointClosure = Provider.defaultEndpointMapping,
                                         streamTimeScale: Double = 1) -> EndpointClosure {
        replaying(mapping: mapping, timeScale: streamTimeScale) { name throws(FixtureError) in
            guard let fixture = fixtures[name] else {
                throw .missing(FixtureNames.relativeURL(for: name))
            }
            return fixture
        }
    }

    /// The endpoint of `mapping`, answering stubbed requests with the fixture `lookup` finds for
    /// the target's fixture file name, or with the lookup's error.
    ///
    /// The answer for a fixture and URL is made once and then reused (an `HTTPURLResponse` with
    /// headers is dear to make), so that a replayed request costs no more than a stubbed one.
    /// A failed lookup is not remembered.
    private static func replaying(mapping: @escaping EndpointClosure, timeScale: Double,
                                  lookup: @escaping @Sendable (String) throws(FixtureError) -> Fixture) -> EndpointClosure {
        let answers = Locked([ReplayKey: EndpointSampleResponse]())
        return { target in
            let endpoint = mapping(target)
            let named = target.unwrapped
            let key = ReplayKey(method: named.method.rawValue, path: named.path,
                                fixtureName: (named as? any FixtureNaming)?.fixtureName, url: endpoint.url)
            return endpoint.replacing(sampleResponseClosure: {
                if let answer = answers.withLock({ $0[key] }) {
                    return answer
                }
                do {
                    // The file name is made only when the answer is not known yet.
                    let answer = try lookup(FixtureNames.name(for: named))
                        .sampleResponse(for: URL(string: key.url) ?? target.baseURL, timeScale: timeScale)
                    answers.withLock { $0[key] = answer }
                    return answer
                } catch {
                    return .networkError(error)
                }
            })
        }
    }
}

/// A replayed answer: what the fixture's file name is made of (method and path, or the name a
/// `FixtureNaming` target gives), and the URL it answers.
private struct ReplayKey: Hashable, Sendable {
    let method: String
    let path: String
    let fixtureName: String?
    let url: String
}
