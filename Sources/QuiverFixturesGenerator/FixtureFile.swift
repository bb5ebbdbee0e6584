import Foundation
import QuiverTesting

/// One file of a fixtures folder, checked, and what it embeds.
struct FixtureFile: Sendable, Equatable {
    /// What a file embeds.
    enum Content: Sendable, Equatable {
        /// A response recorded by `RecordingPlugin` (a JSON object with `request` and `status`).
        case recorded(Fixture)
        /// Any other file: its bytes, as they are (JSON files checked for syntax first).
        case sample(Data)
    }

    /// The path relative to the fixtures folder, such as `GET-users-1.json`: the key in the
    /// generated tables, and the name a replaying provider looks for.
    var name: String
    /// What the file embeds.
    var content: Content

    /// The bytes to use as a target's `sampleData`: a recorded fixture's body, any other file's
    /// contents.
    var sampleData: Data {
        switch content {
        case .recorded(let fixture): fixture.body
        case .sample(let data): data
        }
    }

    /// A file with known contents.
    init(name: String, content: Content) {
        self.name = name
        self.content = content
    }

    /// Reads and checks the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file, as diagnostics name it.
    ///   - name: Its path relative to the fixtures folder.
    /// - Throws: A ``Diagnostic`` when the file cannot be read, is malformed JSON, or looks like a
    ///   recorded fixture but is not a valid one.
    static func load(path: String, name: String) throws(Diagnostic) -> FixtureFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(path: path, position: .start, message: "cannot read the fixture file")
        }
        return try FixtureFile(data: data, path: path, name: name)
    }

    /// Checks a file's contents: a `.json` file must be well-formed JSON, and one whose
    /// top-level object has both `request` and `status` must be a valid recorded fixture.
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - path: The file, as diagnostics name it.
    ///   - name: Its path relative to the fixtures folder.
    /// - Throws: A ``Diagnostic`` at the line and column of the problem.
    init(data: Data, path: String, name: String) throws(Diagnostic) {
        self.name = name
        guard name.lowercased().hasSuffix(".json") else {
            content = .sample(data)
            return
        }
        let outline: JSONOutline
        do {
            outline = try JSONScanner.scan(data)
        } catch {
            throw Diagnostic(path: path, position: error.position, message: "malformed JSON: \(error.message)")
        }
        if FixtureShape.isRecording(outline) {
            content = .recorded(try FixtureShape.decode(data, outline: outline, path: path))
        } else {
            content = .sample(data)
        }
    }
}
