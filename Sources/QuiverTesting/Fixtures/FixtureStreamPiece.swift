import Foundation
import Quiver

/// A ``SampleChunk`` as a fixture file writes it: when it arrived (`at`), and its bytes as
/// `text` when they are UTF-8 on their own, else as `base64`.
struct FixtureStreamPiece: Codable, Sendable {
    var data: Data
    /// Seconds after the response head.
    var at: TimeInterval

    init(_ piece: SampleChunk) {
        self.data = piece.data
        self.at = piece.time
    }

    private enum CodingKeys: String, CodingKey {
        case at, text, base64
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try container.decode(TimeInterval.self, forKey: .at)
        guard at.isFinite, at >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .at, in: container,
                                                   debugDescription: "A piece's time is seconds after the head: 0 or more.")
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            data = Data(text.utf8)
        } else if let base64 = try container.decodeIfPresent(String.self, forKey: .base64) {
            guard let bytes = Data(base64Encoded: base64) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "Not Base64.")
            }
            data = bytes
        } else {
            throw DecodingError.keyNotFound(CodingKeys.text, .init(codingPath: container.codingPath,
                                                                   debugDescription: "A piece holds 'text' or 'base64'."))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(at, forKey: .at)
        if let text = JSONText.exactUTF8(data) {
            try container.encode(text, forKey: .text)
        } else {
            try container.encode(data.base64EncodedString(), forKey: .base64)
        }
    }
}
