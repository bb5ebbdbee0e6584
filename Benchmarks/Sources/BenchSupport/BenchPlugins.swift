import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Quiver

/// A no-op-ish plugin, the kind most apps have several of: it stamps one header in `prepare`
/// and looks at the outcome in `didReceive`. The other hooks keep their defaults. It declares
/// the request `consuming` (still accepted for `PluginType`'s plain parameter) and changes it in
/// place; ``MoyaStylePlugin`` copies it first, as plugins written for Moya do.
public struct StampPlugin: PluginType {
    /// The header it sets.
    public let name: String
    /// The value it sets.
    public let value: String

    public init(index: Int) {
        name = "X-Bench-\(index)"
        value = "\(index)"
    }

    public func prepare(_ request: consuming URLRequest, target: any TargetType) async throws -> URLRequest {
        request.setValue(value, forHTTPHeaderField: name)
        return request
    }

    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        // Touch the outcome as a metrics plugin would; the optimizer cannot drop a call
        // through an existential anyway.
        if case .failure = result {
            FileHandle.standardError.write(Data("unexpected failure\n".utf8))
        }
    }
}

extension StampPlugin {
    /// `count` plugins, each stamping its own header.
    public static func make(_ count: Int) -> [any PluginType] {
        (0..<count).map { StampPlugin(index: $0 + 1) }
    }

    /// The headers that `make(count)` stamps, for a raw `URLRequest` that must carry the same
    /// bytes as the provider's.
    public static func headers(_ count: Int) -> [(name: String, value: String)] {
        (0..<count).map { ("X-Bench-\($0 + 1)", "\($0 + 1)") }
    }
}

/// ``StampPlugin`` written as a Moya plugin is: it copies the borrowed request into a `var`
/// before changing it, so that change copies the whole `URLRequest`.
public struct MoyaStylePlugin: PluginType {
    /// The header it sets, and its value.
    public let stamp: StampPlugin

    public init(index: Int) {
        stamp = StampPlugin(index: index)
    }

    public func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue(stamp.value, forHTTPHeaderField: stamp.name)
        return request
    }

    public func didReceive(_ result: Result<Response, QuiverError>, target: any TargetType) {
        stamp.didReceive(result, target: target)
    }

    /// `count` plugins, each stamping its own header.
    public static func make(_ count: Int) -> [any PluginType] {
        (0..<count).map { MoyaStylePlugin(index: $0 + 1) }
    }
}
