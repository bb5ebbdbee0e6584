import Foundation
import Quiver

/// The made-up API of the tour. Its paths exist on any httpbin, so `--base-url` can point the
/// same tour at a live server (through an `EnvironmentPlugin`); without it every answer comes
/// from `sampleData`.
enum DemoAPI: TargetType {
    /// A slideshow, decoded into ``Slideshow``.
    case slideshow
    /// A page that does not exist.
    case missingPage
    /// Echoes the request headers, to show what plugins added.
    case echoHeaders
    /// A note saved with a JSON body; the server echoes it back.
    case saveNote(Note)
    /// A report that takes five seconds, to be cancelled.
    case slowReport

    static let stubBaseURL = URL(string: "https://api.quiver-demo.invalid")!

    var baseURL: URL { Self.stubBaseURL }

    var path: String {
        switch self {
        case .slideshow: "json"
        case .missingPage: "status/404"
        case .echoHeaders: "headers"
        case .saveNote: "anything/notes"
        case .slowReport: "delay/5"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .saveNote: .post
        default: .get
        }
    }

    var task: HTTPTask {
        switch self {
        case .saveNote(let note): .json(note).adding(query: ["draft": true])
        default: .plain
        }
    }

    var headers: [String: String]? { ["Accept": "application/json"] }

    var sampleData: Data {
        switch self {
        case .slideshow:
            Data(#"{"slideshow":{"title":"Sample Slide Show","author":"Yours Truly","slides":[{"title":"Wake up to WonderWidgets!"},{"title":"Overview"}]}}"#.utf8)
        case .missingPage:
            Data()
        case .echoHeaders:
            Data(#"{"headers":{"Accept":"application/json","X-Demo-Client":"quiver-demo"}}"#.utf8)
        case .saveNote(let note):
            Data(#"{"json":{"title":"\#(note.title)","pinned":\#(note.pinned)},"args":{"draft":"true"}}"#.utf8)
        case .slowReport:
            Data(#"{"report":"done"}"#.utf8)
        }
    }
}

struct Slideshow: Decodable {
    struct Body: Decodable {
        let title: String
        let author: String
        let slides: [Slide]
    }
    struct Slide: Decodable {
        let title: String
    }
    let slideshow: Body
}

struct Note: Codable, Sendable {
    let title: String
    let pinned: Bool
}

/// What httpbin's `/anything` and `/headers` echo back.
struct Echo: Decodable {
    let json: Note?
    let args: [String: String]?
    let headers: [String: String]?
}
