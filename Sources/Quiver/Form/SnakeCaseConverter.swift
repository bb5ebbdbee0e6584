/// Converts camel-case keys to snake case for `KeyEncoding.convertToSnakeCase`.
///
/// A word starts at an uppercase letter that follows a lowercase letter or a
/// digit (`firstName` → `first_name`), and at the last capital of an acronym
/// that is followed by a lowercase letter (`imageURLString` →
/// `image_url_string`). Everything is lowercased, and leading and trailing
/// underscores are kept (`_privateKey_` → `_private_key_`).
enum SnakeCaseConverter {
    static func convert(_ key: String) -> String {
        // Most keys are already lowercase ASCII; leave them alone cheaply.
        if key.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
            return key
        }
        let scalars = Array(key.unicodeScalars)
        var start = 0
        while start < scalars.count, scalars[start] == "_" {
            start += 1
        }
        var end = scalars.count
        while end > start, scalars[end - 1] == "_" {
            end -= 1
        }

        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<start])
        for index in start..<end {
            let scalar = scalars[index]
            if index > start, scalar.properties.isUppercase {
                let previous = scalars[index - 1]
                let previousEndsWord = previous.properties.isLowercase
                    || (UnicodeScalar("0")...UnicodeScalar("9")).contains(previous)
                let acronymEnds = previous.properties.isUppercase
                    && index + 1 < end
                    && scalars[index + 1].properties.isLowercase
                if previousEndsWord || acronymEnds {
                    result.append("_")
                }
            }
            result.append(scalar)
        }
        result.append(contentsOf: scalars[end...])
        return String(result).lowercased()
    }
}
