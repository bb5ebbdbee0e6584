import Foundation
import Quiver

/// Reads an `application/x-www-form-urlencoded` body back into its fields.
enum FormFields {
    /// The fields of `text`, in order: `+` read as a space, then percent-decoded (a malformed
    /// escape is kept as it was sent).
    static func decode(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Redactor.formDecoded(String(parts[0]))
            let value = parts.count > 1 ? Redactor.formDecoded(String(parts[1])) : ""
            return (name, value)
        }
    }
}
