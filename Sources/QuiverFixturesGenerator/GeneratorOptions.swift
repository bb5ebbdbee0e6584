import Foundation

/// The command line of the generator:
///
/// ```
/// QuiverFixturesGenerator --output <file.swift> --root <folder> [--namespace <Name>] <file>...
/// ```
///
/// Each `<file>` lies inside `<folder>`; its path relative to the folder is its name in the
/// generated tables.
struct GeneratorOptions: Equatable {
    /// The Swift file to write.
    var output: String
    /// The fixtures folder.
    var root: String
    /// The name of the generated enum.
    var namespace = "Fixtures"
    /// The fixture files.
    var files: [String] = []

    /// Why a command line was refused.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static let usage = "usage: QuiverFixturesGenerator --output <file.swift> --root <folder> [--namespace <Name>] <file>..."

    /// Parses the arguments after the program name.
    init(arguments: some Sequence<String>) throws(UsageError) {
        var output: String?
        var root: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--output", "--root", "--namespace":
                guard let value = iterator.next() else {
                    throw UsageError(description: "\(argument) needs a value\n\(Self.usage)")
                }
                if argument == "--output" { output = value } else if argument == "--root" { root = value } else { namespace = value }
            default:
                if argument.hasPrefix("--") {
                    throw UsageError(description: "unknown option \(argument)\n\(Self.usage)")
                }
                files.append(argument)
            }
        }
        guard let output, let root else {
            throw UsageError(description: Self.usage)
        }
        guard let first = namespace.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
              namespace.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }),
              !SwiftIdentifier.keywords.contains(namespace) else {
            throw UsageError(description: "--namespace must be a Swift identifier, not '\(namespace)'")
        }
        self.output = output
        self.root = root
    }

    /// `file`'s path relative to ``root``, with `/` between components (symbolic links resolved
    /// when the plain paths do not nest, as `/var` and `/private/var` on macOS); a file outside
    /// the root is named by its last component.
    func name(of file: String) -> String {
        func relative(_ file: String, to root: String) -> String? {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : nil
        }
        let resolved = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        return relative(file, to: root) ?? relative(resolved(file), to: resolved(root)) ?? URL(fileURLWithPath: file).lastPathComponent
    }
}
