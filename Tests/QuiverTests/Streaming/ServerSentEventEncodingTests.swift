import Foundation
import Testing
@testable import Quiver

/// The stream as the WHATWG HTML standard decodes it: UTF-8 with its leading byte order mark
/// removed and invalid bytes replaced by U+FFFD, then parsed by code point, so that a combining
/// mark or joiner after the colon or its space changes nothing; each case at every split.
@Suite struct ServerSentEventEncodingTests {
    static let cases: [EventStreamCase] = [
        // A byte order mark is removed at the start of the stream only.
        .init("a BOM at the start", "\u{FEFF}data: a\n\n", [message("a")]),
        .init("a BOM before a comment", "\u{FEFF}: c\ndata: a\n\n", [message("a")]),
        .init("a BOM then a blank line", "\u{FEFF}\ndata: a\n\n", [message("a")]),
        .init("a second BOM at the start is a field name", "\u{FEFF}\u{FEFF}data: a\n\n", []),
        .init("a BOM on a later line is a field name", "data: a\n\n\u{FEFF}data: b\n\n", [message("a")]),
        .init("a BOM after a first blank line is a field name", "\n\u{FEFF}data: a\n\n", []),
        .init("a BOM in a value is kept", "data: \u{FEFF}a\n\n", [message("\u{FEFF}a")]),
        .init("half a BOM is invalid", bytes: [0xEF, 0xBB] + Array("data: a\n\n".utf8), []),
        // Combining marks and joiners are code points of their own.
        .init("a combining acute right after the colon", "data:\u{301}x\n\n", [message("\u{301}x")]),
        .init("a combining acute after the space", "data: \u{301}y\n\n", [message("\u{301}y")]),
        .init("a combining acute then a space after the colon", "data:\u{301} x\n\n", [message("\u{301} x")]),
        .init("a zero-width joiner after the colon of event", "event:\u{200D}z\ndata: a\n\n",
              [ServerSentEvent(event: "\u{200D}z", data: "a")]),
        .init("a Devanagari vowel sign after the colon", "data:\u{093F}\u{0915}\n\n", [message("\u{093F}\u{0915}")]),
        .init("a Devanagari vowel sign after the space", "data: \u{093E}नमस्ते\n\n", [message("\u{093E}नमस्ते")]),
        .init("a Thai vowel mark after the colon", "data:\u{0E31}\u{0E19}\n\n", [message("\u{0E31}\u{0E19}")]),
        .init("a Hangul medial vowel after the colon", "data:\u{1161}\n\n", [message("\u{1161}")]),
        .init("a variation selector after the colon", "data:\u{FE0F}\n\n", [message("\u{FE0F}")]),
        .init("a combining mark after the colon of id", "id:\u{301}1\ndata: a\n\n", [message("a", id: "\u{301}1")]),
        .init("a combining mark after the colon of retry", "retry:\u{301}5\n\n", []),
        .init("a combining mark on the field name", "data\u{301}: a\n\n", []),
        .init("a combining mark after a comment's colon", ":\u{301}x\ndata: a\n\n", [message("a")]),
        .init("combining marks on two data lines", "data:\u{301}\ndata:\u{301}\n\n", [message("\u{301}\n\u{301}")]),
        .init("a combining mark after a CR line end", "data: a\r\u{301}data: b\n\n", [message("a")]),
        .init("a combining mark alone on a line is not blank", "data: a\n\u{301}\n", []),
        .init("a combining mark after a CRLF line end", "data: a\r\n\u{301}\r\n\r\n", [message("a")]),
        .init("an emoji ZWJ sequence", "data: 👩‍💻\n\n", [message("👩‍💻")]),
        .init("a flag", "data: 🇮🇳\n\n", [message("🇮🇳")]),
        .init("CJK and a character outside the BMP", "data: 漢字𝄞\n\n", [message("漢字𝄞")]),
        .init("Latin with accents", "event: café\ndata: é\n\n", [ServerSentEvent(event: "café", data: "é")]),
        // Invalid UTF-8: each maximal invalid subpart becomes one U+FFFD.
        .init("a lone continuation byte", bytes: Array("data: ".utf8) + [0x80] + Array("\n\n".utf8), [message("\u{FFFD}")]),
        .init("a truncated 3-byte sequence at a line end", bytes: Array("data: ".utf8) + [0xE2, 0x82] + Array("\n\n".utf8),
              [message("\u{FFFD}")]),
        .init("a truncated 4-byte sequence before another data line",
              bytes: Array("data: ".utf8) + [0xF0, 0x9F, 0x98] + Array("\ndata: b\n\n".utf8), [message("\u{FFFD}\nb")]),
        .init("an overlong encoding", bytes: Array("data: ".utf8) + [0xC0, 0xAF] + Array("\n\n".utf8),
              [message("\u{FFFD}\u{FFFD}")]),
        .init("an overlong 3-byte encoding", bytes: Array("data: ".utf8) + [0xE0, 0x80, 0x80] + Array("\n\n".utf8),
              [message("\u{FFFD}\u{FFFD}\u{FFFD}")]),
        .init("an encoded surrogate", bytes: Array("data: ".utf8) + [0xED, 0xA0, 0x80] + Array("\n\n".utf8),
              [message("\u{FFFD}\u{FFFD}\u{FFFD}")]),
        .init("a code point past U+10FFFF", bytes: Array("data: ".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\n\n".utf8),
              [message("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")]),
        .init("a byte that never starts a sequence", bytes: Array("data: ".utf8) + [0xF5] + Array("\n\n".utf8),
              [message("\u{FFFD}")]),
        .init("0xFF between letters", bytes: Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8), [message("a\u{FFFD}b")]),
        .init("an invalid byte before the field name", bytes: [0xFF] + Array("data: a\n\n".utf8), []),
        .init("an invalid byte in the event type", bytes: Array("event: ".utf8) + [0xC3] + Array("\ndata: x\n\n".utf8),
              [ServerSentEvent(event: "\u{FFFD}", data: "x")]),
        .init("an invalid byte in the ID", bytes: Array("id: ".utf8) + [0xFE] + Array("\ndata: x\n\n".utf8),
              [message("x", id: "\u{FFFD}")]),
        .init("an invalid byte in a comment", bytes: Array(":".utf8) + [0xFF] + Array("\ndata: a\n\n".utf8), [message("a")]),
        .init("an invalid byte in a retry", bytes: Array("retry: 1".utf8) + [0xFF] + Array("\n\n".utf8), []),
    ]

    @Test(arguments: cases)
    func codePointsParseAsTheStandardSaysAtEverySplit(_ testCase: EventStreamCase) async throws {
        try await testCase.check()
    }
}
