import Foundation

/// A target that names its failures per status code, without a typed error body: CodyFire's
/// `addCustomError(.notFound, "User not found")`.
public protocol ErrorMessageProviding {
    /// A message for a rejected status code, or `nil` for none.
    ///
    /// - Parameter statusCode: The rejected status code.
    /// - Returns: The message, or `nil`.
    func errorMessage(for statusCode: Int) -> String?
}
