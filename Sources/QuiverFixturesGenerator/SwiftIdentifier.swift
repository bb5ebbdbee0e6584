import Foundation

/// Swift names for fixture files: `GET-users-1.json` becomes `getUsers1`.
enum SwiftIdentifier {
    /// Words Swift reserves in declarations; a member with such a name is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "false", "is", "nil", "super", "true", "try", "throws", "await", "async", "any",
        "some", "consume", "copy", "borrowing", "consuming", "package", "macro", "nonisolated",
    ]

    /// Names that backticks do not make usable as static members (`Fixtures.self` is the type,
    /// `Fixtures.init` its initializer), and the generated tables' own names; a file with such a
    /// name gets `File` appended.
    static let unusable: Set<String> = ["self", "init", "deinit", "subscript", "all", "sampleData"]

    /// The lower camel case name for a file's path relative to the fixtures folder, without its
    /// extension, accents dropped (`café` → `cafe`): words are the runs of ASCII letters and
    /// digits, the first in lower case
    /// (`GET` → `get`, `URLList` → `urlList`), the others capitalised. A name starting with a
    /// digit gets a leading `_`; a file with no letters or digits is called `file`.
    ///
    /// - Parameter relativePath: Such as `GET-users-1.json` or `users/list.json`.
    /// - Returns: A bare identifier, never a keyword's backticked form (see ``declared(_:)``).
    static func name(forFile relativePath: String) -> String {
        let words = String(withoutExtension(relativePath))
            .folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            .split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
            .map(String.init)
        guard let first = words.first else { return "file" }
        var name = lowered(first) + words.dropFirst().map(capitalised).joined()
        if name.first?.isNumber == true {
            name = "_" + name
        }
        return unusable.contains(name) ? name + "File" : name
    }

    /// Unique names for files, in the order given (callers sort them): a name wanted by several
    /// files goes to the first, the others get `_2`, `_3`… skipping any name another file has.
    ///
    /// - Parameter relativePaths: The files, sorted.
    /// - Returns: One bare identifier per file.
    static func uniqueNames(forFiles relativePaths: [String]) -> [String] {
        let wanted = relativePaths.map(name(forFile:))
        var taken = Set<String>()
        var counts: [String: Int] = [:]
        for name in wanted { counts[name, default: 0] += 1 }
        var result: [String] = []
        for name in wanted {
            var unique = name
            if taken.contains(name) {
                var suffix = 2
                while taken.contains("\(name)_\(suffix)") || counts["\(name)_\(suffix)"] != nil {
                    suffix += 1
                }
                unique = "\(name)_\(suffix)"
            }
            taken.insert(unique)
            result.append(unique)
        }
        return result
    }

    /// `name` as written in a declaration or reference: in backticks when it is a keyword.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    private static func withoutExtension(_ path: String) -> Substring {
        let lastComponent = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = lastComponent.lastIndex(of: "."), dot != lastComponent.startIndex else {
            return Substring(path)
        }
        return path[..<dot]
    }

    /// The first word in lower camel case: all of an upper case word, else its leading capitals
    /// but the last of a run followed by a lower case letter (`URLList` → `urlList`).
    private static func lowered(_ word: String) -> String {
        let characters = Array(word)
        if !characters.contains(where: \.isLowercase) {
            return word.lowercased()
        }
        var capitals = characters.prefix { $0.isUppercase }.count
        if capitals > 1, capitals < characters.count, characters[capitals].isLowercase {
            capitals -= 1
        }
        return String(characters[..<capitals]).lowercased() + String(characters[capitals...])
    }

    private static func capitalised(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
