import Foundation

extension HeadersPlugin {
    /// Adds the header fields of an `Encodable` model, made for each request (CodyFire's
    /// `fillCodableHeaders`): each property is a header named after its key, `nil` properties
    /// are left out, numbers and Booleans are written as text.
    ///
    /// ```swift
    /// struct SessionHeaders: Encodable, Sendable {
    ///     var authorization: String?          // nil: no Authorization header
    ///     var appVersion = "2.1"
    ///     enum CodingKeys: String, CodingKey {
    ///         case authorization = "Authorization", appVersion = "X-App-Version"
    ///     }
    /// }
    ///
    /// let headers = HeadersPlugin(encoding: { _ in SessionHeaders(authorization: await session.bearer) })
    /// let fixed = HeadersPlugin(encoding: { _ in SessionHeaders(authorization: nil) })   // the same model every time
    /// ```
    ///
    /// - Parameters:
    ///   - precedence: Which side wins on a clash. Defaults to ``Precedence/target``.
    ///   - headers: Makes the model for a target. A model that is not a flat object of strings,
    ///     numbers and Booleans refuses the request with ``QuiverError/encoding(_:)``; what the
    ///     closure throws refuses it with ``QuiverError/plugin(_:)``.
    public init<Headers: Encodable & Sendable>(precedence: Precedence = .target,
                                    encoding headers: @escaping @Sendable (any TargetType) async throws -> Headers) {
        self.init([:], precedence: precedence, dynamicHeaders: { target in
            try HeaderFields.fields(of: try await headers(target))
        })
    }
}

/// Turns a flat `Encodable` model into header fields.
enum HeaderFields {
    /// Why a model cannot be header fields.
    struct NotFlat: Error, CustomStringConvertible {
        /// What was wrong.
        let description: String
    }

    /// The model's properties as header fields: strings as they are, numbers and Booleans as
    /// text, `nil` left out.
    ///
    /// - Throws: ``QuiverError/encoding(_:)`` when the model does not encode or is not a flat object.
    static func fields(of model: some Encodable) throws(QuiverError) -> [String: String] {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(model))
        } catch {
            throw .encoding(error)
        }
        guard case .object(let members) = json else {
            throw .encoding(NotFlat(description: "header fields must encode as an object of named values (a struct), not an array or a single value"))
        }
        var fields: [String: String] = [:]
        for (name, value) in members {
            switch value {
            case .null:
                continue
            case .string(let text):
                fields[name] = text
            case .bool(let flag):
                fields[name] = flag ? "true" : "false"
            case .number(let number):
                fields[name] = number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .array, .object:
                throw .encoding(NotFlat(description: "the header field \(name) must be a string, number or Boolean, not a nested value"))
            }
        }
        return fields
    }
}
