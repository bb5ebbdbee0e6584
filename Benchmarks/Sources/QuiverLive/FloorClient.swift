import AsyncHTTPClient
import Foundation
import HTTPTypes

/// The floor of Quiver's own kind (issue 50): the smallest Moya-style pipeline we can write, on
/// swift-http-types' `HTTPRequest`. An enum of endpoints, the request value each one makes, a
/// list of plugins that edit it (here one, the bearer token, when raw sends one), the
/// transport (raw's own `HTTPClient`, so the run opens no more connections than before), and a
/// response value with status, fields and body. It sends exactly the header fields raw sends,
/// so that `--scale` reads Quiver against the least a pipeline of this kind can cost, in the
/// same rotation.
struct FloorClient: LiveClient {
    /// The endpoints: one.
    enum Endpoint {
        case user

        var method: HTTPRequest.Method { .get }
        var path: String { "/user.json" }
    }

    /// What the pipeline hands back.
    struct Reply {
        let status: Int
        let headerFields: HTTPFields
        let body: Data
    }

    /// A plugin: edits the request before it is sent.
    struct Plugin {
        let prepare: @Sendable (inout HTTPRequest) -> Void
    }

    let name = "floor (enum → HTTPRequest → plugin → HTTPClient)"
    let client: HTTPClient
    let base: URL
    /// Fields every request carries (the target's own), then the plugins.
    let fields: HTTPFields
    let plugins: [Plugin]

    /// A floor that sends `headers` (raw's): `Authorization` through a bearer plugin, the others
    /// as the endpoint's fields.
    init(base: URL, headers: [(name: String, value: String)], client: HTTPClient) {
        self.base = base
        self.client = client
        var fields = HTTPFields()
        var plugins: [Plugin] = []
        for (name, value) in headers {
            guard let field = HTTPField.Name(name) else { continue }
            if field == .authorization {
                plugins.append(Plugin { $0.headerFields[.authorization] = value })
            } else {
                fields.append(HTTPField(name: field, value: value))
            }
        }
        self.fields = fields
        self.plugins = plugins
    }

    func fetch() async throws {
        let reply = try await send(.user)
        guard reply.status == 200, !reply.body.isEmpty else {
            throw UnexpectedResponse(reason: "floor: \(reply.status), \(reply.body.count) bytes")
        }
    }

    /// The pipeline: the endpoint's request, each plugin, the transport, the reply.
    func send(_ endpoint: Endpoint) async throws -> Reply {
        var request = HTTPRequest(method: endpoint.method, scheme: base.scheme, authority: base.host.map { host in
            base.port.map { "\(host):\($0)" } ?? host
        }, path: endpoint.path, headerFields: fields)
        for plugin in plugins {
            plugin.prepare(&request)
        }
        var outgoing = HTTPClientRequest(url: base.absoluteString + (request.path ?? "/"))
        outgoing.method = .RAW(value: request.method.rawValue)
        for field in request.headerFields {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        let response = try await client.execute(outgoing, deadline: .distantFuture)
        var headerFields = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) {
                headerFields.append(HTTPField(name: name, value: value))
            }
        }
        let body = try await response.body.collect(upTo: 1 << 24)
        return Reply(status: Int(response.status.code), headerFields: headerFields, body: Data(body.readableBytesView))
    }
}
