/// An error about one input file, printed the way compilers print theirs
/// (`path:line:column: error: message`), so that SwiftPM, Xcode and editors point at the place.
struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given on the command line.
    var path: String
    /// Where in the file; the start of the file when the problem is the file as a whole.
    var position: SourcePosition
    /// What is wrong, in one sentence.
    var message: String

    /// `path:line:column: error: message`.
    var description: String { "\(path):\(position.line):\(position.column): error: \(message)" }
}
