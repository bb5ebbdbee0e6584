import Foundation
import Quiver

/// A replayed request found no usable fixture.
public enum FixtureError: Error, Sendable, CustomStringConvertible {
    /// No fixture file at this path.
    case missing(URL)
    /// The file is not a fixture.
    case unreadable(URL, any Error)

    /// A sentence naming the file.
    public var description: String {
        switch self {
        case .missing(let file): "No fixture at \(file.path): record it first (RecordingPlugin) or add the file."
        case .unreadable(let file, let error): "The fixture at \(file.path) could not be read: \(error)"
        }
    }
}
