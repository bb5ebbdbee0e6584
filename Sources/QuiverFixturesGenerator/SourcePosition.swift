/// A place in a text file, as compilers report it: the line and the column, both from 1. The
/// column counts characters (Unicode scalars), not bytes.
struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    var line: Int
    /// The column, from 1.
    var column: Int

    /// The start of a file.
    static let start = SourcePosition(line: 1, column: 1)

    /// `line:column`.
    var description: String { "\(line):\(column)" }
}
