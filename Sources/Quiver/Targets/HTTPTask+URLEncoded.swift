extension HTTPTask {
    /// ``Parameters`` where the method wants them: the query for `GET`, `HEAD` and `DELETE`, a
    /// form body otherwise, as ``urlEncoded(_:encoder:)-enum.case`` does for a model.
    ///
    /// ```swift
    /// var task: HTTPTask { .urlEncoded(["user": name, "password": password]) }
    /// ```
    ///
    /// - Parameters:
    ///   - parameters: The values to encode.
    ///   - encoder: The encoder to use; `nil` uses ``FormEncoder`` with its defaults.
    /// - Returns: A ``urlEncoded(_:encoder:)-enum.case`` task.
    @_disfavoredOverload
    public static func urlEncoded(_ parameters: Parameters, encoder: FormEncoder? = nil) -> HTTPTask {
        .urlEncoded(parameters as any Encodable & Sendable, encoder: encoder)
    }
}

extension HTTPMethod {
    /// Whether ``HTTPTask/urlEncoded(_:encoder:)-enum.case`` puts parameters in the query for this method
    /// (`GET`, `HEAD`, `DELETE`) rather than in a form body.
    var takesQueryParameters: Bool {
        self == .get || self == .head || self == .delete
    }
}
