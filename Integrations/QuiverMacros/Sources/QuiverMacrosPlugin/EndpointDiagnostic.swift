import SwiftDiagnostics

/// Whose values an endpoint's are: an enum case's associated values, or a struct's stored
/// properties.
enum Owner {
    case enumCase(String)
    case structure(String)
}

/// What the macros report, each message saying what is wrong and what to do.
enum EndpointDiagnostic: DiagnosticMessage, Error {
    case notAnEnum
    case baseURLNotALiteral
    case invalidBaseURL(String)
    case missingMethod(caseName: String)
    case twoMethods(caseName: String)
    case pathNotALiteral
    case queryInPath(Character)
    case unclosedPlaceholder
    case unknownPlaceholder(String, owner: Owner)
    case usedTwice(String)
    case bodyOnMethod(String)
    case unknownBody(String, owner: Owner)
    case unlabeledValue(caseName: String)
    case headersNotALiteral
    case notAStruct
    case notACase(String)
    case twoBodies
    case labelsNotLiterals
    case sampleNotALiteral
    case unknownHeaderValue(String, owner: Owner)
    case methodNotAMember

    var message: String {
        switch self {
        case .notAnEnum:
            "@Endpoints applies to an enum of endpoints, one case per endpoint"
        case .baseURLNotALiteral:
            "the base URL must be a string literal, such as \"https://api.example.com\""
        case .invalidBaseURL(let text):
            "'\(text)' is not an absolute http or https URL; write the API's base URL, such as \"https://api.example.com/v1\""
        case .missingMethod(let name):
            "case '\(name)' has no method: annotate it with @GET, @POST, @PUT, @PATCH, @DELETE or @HEAD and its path"
        case .twoMethods(let name):
            "case '\(name)' has two methods: keep one annotation"
        case .pathNotALiteral:
            "the path must be a string literal, such as \"users/{login}\""
        case .queryInPath(let character):
            "a path holds no '\(character)': query values are the case's associated values that the path does not name"
        case .unclosedPlaceholder:
            "a '{' in the path has no '}': write a placeholder as {label}"
        case .unknownPlaceholder(let name, .enumCase(let caseName)):
            "case '\(caseName)' has no value labeled '\(name)': add '\(name):' to its associated values, or remove {\(name)}"
        case .unknownPlaceholder(let name, .structure(let typeName)):
            "'\(typeName)' has no stored property '\(name)': add one, or remove {\(name)}"
        case .usedTwice(let name):
            "'\(name)' is used twice: each value goes to one place (a path segment, the body, a header field, or the query)"
        case .bodyOnMethod(let method):
            "a \(method) request has no body: send the value in the query, or use POST, PUT, PATCH or DELETE"
        case .unknownBody(let name, .enumCase(let caseName)):
            "case '\(caseName)' has no value labeled '\(name)' to send as the body"
        case .unknownBody(let name, .structure(let typeName)):
            "'\(typeName)' has no stored property '\(name)' to send as the body"
        case .unlabeledValue(let name):
            "every associated value of case '\(name)' needs a label: it names the value's place (a {label} in the path, body:, or the query)"
        case .headersNotALiteral:
            "headers must be a dictionary literal of string literals, such as [\"Accept\": \"application/json\"]"
        case .twoBodies:
            "one body only: name the values of body:, form: or parts:, not of two"
        case .labelsNotLiterals:
            "name values with string literals: body: \"note\", form: [\"name\", \"email\"], parts: [\"avatar\"]"
        case .sampleNotALiteral:
            "the sample must be a string literal: sample: \"{}\" inline, or sampleFile: \"user.json\" from the target's Fixtures folder"
        case .unknownHeaderValue(let name, .enumCase(let caseName)):
            "case '\(caseName)' has no value labeled '\(name)' to send as a header field"
        case .unknownHeaderValue(let name, .structure(let typeName)):
            "'\(typeName)' has no stored property '\(name)' to send as a header field"
        case .notACase(let method):
            "@\(method) annotates a case of an @Endpoints enum; for one struct per endpoint, use @Endpoint(.\(method.lowercased()), …)"
        case .notAStruct:
            "@Endpoint applies to a struct whose stored properties are the endpoint's values; for an enum of endpoints, use @Endpoints"
        case .methodNotAMember:
            "the method must be written as one, such as .get or .post"
        }
    }

    var diagnosticID: MessageID {
        MessageID(domain: "QuiverMacros", id: "\(self)".prefix { $0 != "(" }.description)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its the macros offer.
struct EndpointFixIt: FixItMessage {
    let message: String

    var fixItID: MessageID {
        MessageID(domain: "QuiverMacros", id: message)
    }
}
