import Foundation

/// Builds a one-off target from values in a chain, strategies included, without declaring a
/// type (CoreNetKit's `builder.route(.post, .auth).set(query:).set(arrayEncodingStrategy:)`).
///
/// The steps may come in any order: the query and form body are encoded with the strategies
/// set anywhere in the chain. ``build()`` gives a ``GenericTarget``.
///
/// ```swift
/// let target = TargetBuilder(baseURL: api)
///     .route(.post, "tasks")
///     .set(query: ["desc": true, "params": ["a", "b"]])
///     .set(arrayEncoding: .noBrackets)
///     .set(json: ["state": "done"])
///     .build()
/// let response = try await Provider<GenericTarget>().response(for: target)
/// ```
public struct TargetBuilder: Sendable {
    /// The body a built target sends.
    private enum Body: Sendable {
        case none
        case json(any Encodable & Sendable, JSONEncoder?)
        case form(any Encodable & Sendable)
    }

    private var target: GenericTarget
    private var body = Body.none
    private var query: (any Encodable & Sendable)?
    private var formEncoder = FormEncoder()

    /// Starts a target: `GET` of `baseURL` with no body.
    ///
    /// - Parameter baseURL: The base URL of the API.
    public init(baseURL: URL) {
        target = GenericTarget(baseURL: baseURL)
    }

    /// Sets the method and the path.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path appended to the base URL, with a target's rules.
    /// - Returns: The builder with them set.
    public func route(_ method: HTTPMethod, _ path: String = "") -> TargetBuilder {
        changed { $0.target.method = method; $0.target.path = path }
    }

    /// Sets the URL query.
    ///
    /// - Parameter query: A model or ``Parameters`` whose top level is keyed.
    /// - Returns: The builder with the query set.
    public func set(query: some Encodable & Sendable) -> TargetBuilder {
        changed { $0.query = query }
    }

    /// Sets the URL query from a ``Parameters`` literal.
    ///
    /// - Parameter query: The values to encode.
    /// - Returns: The builder with the query set.
    @_disfavoredOverload
    public func set(query: Parameters) -> TargetBuilder {
        changed { $0.query = query }
    }

    /// Sends `value` as a JSON body.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder; `nil` uses the target's or the provider's.
    /// - Returns: The builder with the body set.
    public func set(json value: some Encodable & Sendable, encoder: JSONEncoder? = nil) -> TargetBuilder {
        changed { $0.body = .json(value, encoder) }
    }

    /// Sends a ``Parameters`` literal as a JSON body.
    ///
    /// - Parameters:
    ///   - parameters: The values to encode.
    ///   - encoder: The encoder; `nil` uses the target's or the provider's.
    /// - Returns: The builder with the body set.
    @_disfavoredOverload
    public func set(json parameters: Parameters, encoder: JSONEncoder? = nil) -> TargetBuilder {
        changed { $0.body = .json(parameters, encoder) }
    }

    /// Sends `value` as a form body, written with the builder's form strategies.
    ///
    /// - Parameter value: A model or ``Parameters`` whose top level is keyed.
    /// - Returns: The builder with the body set.
    public func set(form value: some Encodable & Sendable) -> TargetBuilder {
        changed { $0.body = .form(value) }
    }

    /// How arrays are written in the query and form body.
    ///
    /// - Parameter arrayEncoding: The strategy.
    /// - Returns: The builder with it set.
    public func set(arrayEncoding: FormEncoder.ArrayEncoding) -> TargetBuilder {
        changed { $0.formEncoder.arrayEncoding = arrayEncoding }
    }

    /// How Booleans are written in the query and form body.
    ///
    /// - Parameter boolEncoding: The strategy.
    /// - Returns: The builder with it set.
    public func set(boolEncoding: FormEncoder.BoolEncoding) -> TargetBuilder {
        changed { $0.formEncoder.boolEncoding = boolEncoding }
    }

    /// How dates are written in the query and form body.
    ///
    /// - Parameter dateEncoding: The strategy.
    /// - Returns: The builder with it set.
    public func set(dateEncoding: FormEncoder.DateEncoding) -> TargetBuilder {
        changed { $0.formEncoder.dateEncoding = dateEncoding }
    }

    /// Adds header fields; a field set again replaces the earlier value.
    ///
    /// - Parameter headers: The fields.
    /// - Returns: The builder with them added.
    public func set(headers: [String: String]) -> TargetBuilder {
        changed { $0.target.headers = ($0.target.headers ?? [:]).merging(headers) { _, new in new } }
    }

    /// Sets the timeout, as ``TargetType/timeout``.
    ///
    /// - Parameter timeout: The longest the whole request may take, in seconds.
    /// - Returns: The builder with it set.
    public func set(timeout: TimeInterval) -> TargetBuilder {
        changed { $0.target.timeout = timeout }
    }

    /// The target.
    ///
    /// - Returns: A ``GenericTarget`` with the method, path, headers, body and query set.
    public func build() -> GenericTarget {
        var built = target
        let task: HTTPTask = switch body {
        case .none: .plain
        case .json(let value, let encoder): .json(value, encoder: encoder)
        case .form(let value): .form(value, encoder: formEncoder)
        }
        built.task = query.map { task.adding(query: $0, encoder: formEncoder) } ?? task
        return built
    }

    private func changed(_ change: (inout TargetBuilder) -> Void) -> TargetBuilder {
        var copy = self
        change(&copy)
        return copy
    }
}
