import Quiver

/// Writes an enum's `TargetType` conformance from its cases' annotations: `baseURL`, `path`,
/// `method`, `task` and, where cases use them, `headers`, `validationType` and `sampleData` — the
/// switches you would otherwise write by hand, each case declared where it is named.
///
/// ```swift
/// @Endpoints(baseURL: "https://api.github.com")
/// enum GitHub {
///     @GET("users/{login}")
///     case user(login: String)
///
///     @GET("users/{login}/repos")
///     case repos(login: String, page: Int, per_page: Int?)
///
///     @POST("gists", body: "gist", headers: ["Accept": "application/vnd.github+json"])
///     case createGist(gist: NewGist)
/// }
/// ```
///
/// Each associated value goes to one place, by its label: a `{label}` in the path, as exactly
/// one percent-encoded segment (a value can never add a `/`, `?`, `#` or a dot segment); the
/// body, when `body:` (JSON), `form:` or `parts:` (multipart) names it; a header field, when
/// `headerValues:` names it; the query otherwise, through the `FormEncoder` rules of
/// `HTTPTask.query`. A `nil` value is left out everywhere. Mistakes are compile errors at the
/// annotation: a `{placeholder}` with no value of that name, a value used twice, a body on
/// `GET` or `HEAD`, two bodies, a `?` or `#` in the path, a base URL that does not parse, a
/// case without a method.
///
/// What the macro does not write (a `sampleData` for every case, say) you write in the enum as
/// usual.
///
/// - Parameters:
///   - baseURL: The API's base URL, a string literal checked at compile time.
///   - headers: Header fields every endpoint sends; an endpoint's own field of the same name wins.
@attached(extension, conformances: TargetType, names: named(baseURL), named(path), named(method), named(task), named(headers),
          named(validationType), named(sampleData))
public macro Endpoints(baseURL: StaticString, headers: [String: String] = [:])
    = #externalMacro(module: "QuiverMacrosPlugin", type: "EndpointsMacro")

/// A `GET` endpoint of an ``Endpoints(baseURL:headers:)`` enum: its path template, with a `{label}` for each
/// value that is a path segment; where the other values go (the query unless said otherwise); its
/// header fields, validation and sample data. `GET` takes no body: `body:`, `form:` or `parts:`
/// here is a compile error.
///
/// - Parameters:
///   - path: The path template, relative to the base URL, such as `"users/{login}/repos"`.
///   - body: The label of the value encoded as the JSON body.
///   - form: The labels of the values sent as a form body (`application/x-www-form-urlencoded`).
///   - parts: The labels of the values sent as `multipart/form-data` parts (a `Data`, a
///     `MultipartForm.Attachment`, or a value printed as text).
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are the endpoint's values, by label
///     (`["X-Request-ID": "requestID"]`); a `nil` is left out.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder (the QuiverFixtures
///     plugin embeds it).
@attached(peer)
public macro GET(_ path: StaticString, body: StaticString? = nil, form: [StaticString] = [], parts: [StaticString] = [],
                   headers: [String: String] = [:], headerValues: [String: StaticString] = [:],
                   validation: ValidationType = .successCodes, sample: StaticString? = nil, sampleFile: StaticString? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "RouteMacro")

/// A `HEAD` endpoint; see ``GET(_:body:form:parts:headers:headerValues:validation:sample:sampleFile:)``.
/// `HEAD` takes no body.
///
/// - Parameters:
///   - path: The path template, relative to the base URL, such as `"users/{login}/repos"`.
///   - body: The label of the value encoded as the JSON body.
///   - form: The labels of the values sent as a form body (`application/x-www-form-urlencoded`).
///   - parts: The labels of the values sent as `multipart/form-data` parts (a `Data`, a
///     `MultipartForm.Attachment`, or a value printed as text).
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are the endpoint's values, by label
///     (`["X-Request-ID": "requestID"]`); a `nil` is left out.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder (the QuiverFixtures
///     plugin embeds it).
@attached(peer)
public macro HEAD(_ path: StaticString, body: StaticString? = nil, form: [StaticString] = [], parts: [StaticString] = [],
                   headers: [String: String] = [:], headerValues: [String: StaticString] = [:],
                   validation: ValidationType = .successCodes, sample: StaticString? = nil, sampleFile: StaticString? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "RouteMacro")

/// A `POST` endpoint; see ``GET(_:body:form:parts:headers:headerValues:validation:sample:sampleFile:)``.
/// One body at most: `body:`, `form:` or `parts:`.
///
/// - Parameters:
///   - path: The path template, relative to the base URL, such as `"users/{login}/repos"`.
///   - body: The label of the value encoded as the JSON body.
///   - form: The labels of the values sent as a form body (`application/x-www-form-urlencoded`).
///   - parts: The labels of the values sent as `multipart/form-data` parts (a `Data`, a
///     `MultipartForm.Attachment`, or a value printed as text).
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are the endpoint's values, by label
///     (`["X-Request-ID": "requestID"]`); a `nil` is left out.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder (the QuiverFixtures
///     plugin embeds it).
@attached(peer)
public macro POST(_ path: StaticString, body: StaticString? = nil, form: [StaticString] = [], parts: [StaticString] = [],
                   headers: [String: String] = [:], headerValues: [String: StaticString] = [:],
                   validation: ValidationType = .successCodes, sample: StaticString? = nil, sampleFile: StaticString? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "RouteMacro")

/// A `PUT` endpoint; see ``POST(_:body:form:parts:headers:headerValues:validation:sample:sampleFile:)``.
///
/// - Parameters:
///   - path: The path template, relative to the base URL, such as `"users/{login}/repos"`.
///   - body: The label of the value encoded as the JSON body.
///   - form: The labels of the values sent as a form body (`application/x-www-form-urlencoded`).
///   - parts: The labels of the values sent as `multipart/form-data` parts (a `Data`, a
///     `MultipartForm.Attachment`, or a value printed as text).
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are the endpoint's values, by label
///     (`["X-Request-ID": "requestID"]`); a `nil` is left out.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder (the QuiverFixtures
///     plugin embeds it).
@attached(peer)
public macro PUT(_ path: StaticString, body: StaticString? = nil, form: [StaticString] = [], parts: [StaticString] = [],
                   headers: [String: String] = [:], headerValues: [String: StaticString] = [:],
                   validation: ValidationType = .successCodes, sample: StaticString? = nil, sampleFile: StaticString? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "RouteMacro")

/// A `PATCH` endpoint; see ``POST(_:body:form:parts:headers:headerValues:validation:sample:sampleFile:)``.
///
/// - Parameters:
///   - path: The path template, relative to the base URL, such as `"users/{login}/repos"`.
///   - body: The label of the value encoded as the JSON body.
///   - form: The labels of the values sent as a form body (`application/x-www-form-urlencoded`).
///   - parts: The labels of the values sent as `multipart/form-data` parts (a `Data`, a
///     `MultipartForm.Attachment`, or a value printed as text).
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are the endpoint's values, by label
///     (`["X-Request-ID": "requestID"]`); a `nil` is left out.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder (the QuiverFixtures
///     plugin embeds it).
@attached(peer)
public macro PATCH(_ path: StaticString, body: StaticString? = nil, form: [StaticString] = [], parts: [StaticString] = [],
                   headers: [String: String] = [:], headerValues: [String: StaticString] = [:],
                   validation: ValidationType = .successCodes, sample: StaticString? = nil, sampleFile: StaticString? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "RouteMacro")

/// A `DELETE` endpoint; see ``POST(_:body:form:parts:headers:headerValues:validation:sample:sampleFile:)``.
///
/// - Parameters:
///   - path: The path template, relative to the base URL, such as `"users/{login}/repos"`.
///   - body: The label of the value encoded as the JSON body.
///   - form: The labels of the values sent as a form body (`application/x-www-form-urlencoded`).
///   - parts: The labels of the values sent as `multipart/form-data` parts (a `Data`, a
///     `MultipartForm.Attachment`, or a value printed as text).
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are the endpoint's values, by label
///     (`["X-Request-ID": "requestID"]`); a `nil` is left out.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder (the QuiverFixtures
///     plugin embeds it).
@attached(peer)
public macro DELETE(_ path: StaticString, body: StaticString? = nil, form: [StaticString] = [], parts: [StaticString] = [],
                   headers: [String: String] = [:], headerValues: [String: StaticString] = [:],
                   validation: ValidationType = .successCodes, sample: StaticString? = nil, sampleFile: StaticString? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "RouteMacro")

/// Writes a struct's `TargetType` conformance: one struct per endpoint, its stored properties
/// as the values, placed as ``Endpoints(baseURL:headers:)`` places a case's (a `{name}` in the path, the
/// `body:`, the query). With `returns:`, the struct is a `DecodableMapping` too, so that
/// `Provider<MultiTarget>.request(_:)` hands back its model or a typed failure.
///
/// ```swift
/// @Endpoint(.get, "users/{login}", baseURL: "https://api.github.com", returns: User.self)
/// struct GetUser {
///     let login: String
/// }
///
/// let user = await Provider<MultiTarget>().request(GetUser(login: "octocat"))   // APIResult<User>
/// ```
///
/// Without `baseURL:`, the struct supplies `baseURL` itself, typically from a protocol all of an
/// API's endpoints share. (`@GET` and its siblings cannot annotate a struct too: Swift 6.3 does
/// not let one macro be a case's peer and a type's extension.)
///
/// - Parameters:
///   - method: The method, such as `.get`; `.get` and `.head` take no body.
///   - path: The path template, such as `"users/{login}"`.
///   - baseURL: The API's base URL, a string literal checked at compile time.
///   - body: The name of the stored property encoded as the JSON body, if any.
///   - form: The names of the properties sent as a form body.
///   - parts: The names of the properties sent as `multipart/form-data` parts.
///   - headers: Header fields this endpoint always sends.
///   - headerValues: Header fields whose values are properties, by name.
///   - validation: The status codes that succeed. Defaults to 2xx.
///   - sample: The sample data, inline, for stubs. Without it or `sampleFile:`, a stub answers
///     with an empty body, which decodes only as `EmptyResponse`.
///   - sampleFile: The sample data, a file of the target's `Fixtures` folder.
///   - returns: The model a successful response decodes into.
@attached(extension, conformances: TargetType, DecodableMapping,
          names: named(baseURL), named(path), named(method), named(task), named(headers), named(validationType),
          named(sampleData), named(Success))
public macro Endpoint(_ method: HTTPMethod, _ path: StaticString, baseURL: StaticString? = nil, body: StaticString? = nil,
                      form: [StaticString] = [], parts: [StaticString] = [], headers: [String: String] = [:],
                      headerValues: [String: StaticString] = [:], validation: ValidationType = .successCodes,
                      sample: StaticString? = nil, sampleFile: StaticString? = nil, returns: (any (Decodable & Sendable).Type)? = nil)
    = #externalMacro(module: "QuiverMacrosPlugin", type: "EndpointMacro")
