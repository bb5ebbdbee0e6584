import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Quiver

/// One line per hook call, shared by several plugins so their order shows.
final class HookLog: Sendable {
    private let lines = Locked([String]())
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
}

/// A plugin that writes every hook call to a log, adds a header in `prepare`, and can refuse
/// the request or replace the result.
struct HookRecorder: PluginType {
    let name: String
    let log: HookLog
    var refusal: (any Error)?
    var replacement: Result<Response, QuiverError>?
    /// The targets the hooks saw, as their type names.
    let targetTypes = Locked([String]())

    init(_ name: String, log: HookLog, refusal: (any Error)? = nil, replacement: Result<Response, QuiverError>? = nil) {
        self.name = name
        self.log = log
        self.refusal = refusal
        self.replacement = replacement
    }

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        log.append("\(name).prepare")
        targetTypes.withLock { $0.append("\(type(of: target))") }
        if let refusal { throw refusal }
        var request = request
        request.addValue(name, forHTTPHeaderField: "X-Plugins")
        return request
    }

    func willSend(_ request: URLRequest, target: any TargetType) {
        log.append("\(name).willSend")
    }

    func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        log.append("\(name).didReceive")
    }

    func process(_ result: Result<Response, QuiverError>, target: any TargetType) async -> Result<Response, QuiverError> {
        log.append("\(name).process")
        return replacement ?? result
    }
}
