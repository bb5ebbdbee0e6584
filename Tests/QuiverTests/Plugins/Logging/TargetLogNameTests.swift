import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Quiver

/// An API whose cases the logger names, one with a secret among its values.
enum AccountAPI: TargetType {
    case login(user: String, password: String)
    case logout
    case avatar(String)

    var baseURL: URL { exampleBase }
    var path: String {
        switch self {
        case .login: "session"
        case .logout: "session/end"
        case .avatar: "avatar"
        }
    }
    var method: HTTPMethod {
        if case .login = self { .post } else { .get }
    }
    var task: HTTPTask { .plain }
}

/// One endpoint as a struct.
struct GetInvoice: TargetType {
    let id: Int
    var baseURL: URL { exampleBase }
    var path: String { "invoices/\(id)" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}

/// An API that describes itself: its text is its own business, and its lines name its type.
enum DescribedAPI: TargetType, CustomStringConvertible {
    case status

    var baseURL: URL { exampleBase }
    var path: String { "status" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var description: String { "DescribedAPI with SECRET-described" }
}

/// A target that names itself, and counts how often it was asked.
struct NamedTarget: NetworkLoggable {
    let name: String?
    let asked = Locked(0)
    var baseURL: URL { exampleBase }
    var path: String { "named" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var networkLogName: String? {
        asked.withLock { $0 += 1 }
        return name
    }
}

/// A target that adopts NetworkLoggable for something else: its name is made as for any other.
struct LoudTarget: NetworkLoggable {
    var baseURL: URL { exampleBase }
    var path: String { "loud" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
    var isNetworkLoggingEnabled: Bool { true }
}

/// A class target.
final class InvoiceList: TargetType, Sendable {
    var baseURL: URL { exampleBase }
    var path: String { "invoices" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}

/// A class target, and a subclass that names itself: each dynamic type is named for itself.
class Report: TargetType, @unchecked Sendable {
    // @unchecked: no stored state; the class exists only for its dynamic type.
    var baseURL: URL { exampleBase }
    var path: String { "reports" }
    var method: HTTPMethod { .get }
    var task: HTTPTask { .plain }
}

final class YearlyReport: Report, NetworkLoggable, @unchecked Sendable {
    // @unchecked: as Report, no stored state.
    var networkLogName: String? { "Reports.yearly" }
}

final class MonthlyReport: Report, @unchecked Sendable {}

/// Which request a line is about, in the logger's own lines: the enum's case, the struct's
/// type, the wrapped target of a MultiTarget; never a case's values (#48).
@Suite struct TargetLogNameTests {
    private let login = AccountAPI.login(user: "ada", password: "SECRET-hunter2")

    /// The default lines of a request to `target`, a success and a rejected status.
    private func lines(for target: any TargetType, level: LoggerConfiguration.Level = .info) -> [String] {
        let capture = LoggerCapture()
        let logger = capture.logger(options: .default, level: level, formatter: .init())
        let request = LoggerFixtures.request(method: target.method.rawValue, url: exampleBase.appendingPathComponent(target.path),
                                             headers: [:], body: nil)
        logger.willSend(request, target: target)
        logger.didReceive(.success(LoggerFixtures.response(request: request)), target: target)
        logger.didReceive(.failure(.statusCode(LoggerFixtures.response(404, body: Data(), request: request))), target: target)
        return capture.lines
    }

    @Test func anEnumTargetIsNamedByItsCaseWithoutItsValues() {
        #expect(lines(for: login) == [
            "[Quiver] Request: AccountAPI.login POST https://api.example.com/v2/session",
            "[Quiver] Response: AccountAPI.login POST https://api.example.com/v2/session → 200, 8 bytes",
            "[Quiver] Error: AccountAPI.login POST https://api.example.com/v2/session failed with status 404.",
        ])
        #expect(lines(for: AccountAPI.logout).first == "[Quiver] Request: AccountAPI.logout GET https://api.example.com/v2/session/end")
        #expect(lines(for: AccountAPI.avatar("SECRET-photo")).first == "[Quiver] Request: AccountAPI.avatar GET https://api.example.com/v2/avatar")
    }

    @Test func aStructTargetIsNamedByItsType() {
        #expect(lines(for: GetInvoice(id: 7)).first == "[Quiver] Request: GetInvoice GET https://api.example.com/v2/invoices/7")
    }

    @Test func aMultiTargetIsNamedByTheTargetItWraps() async throws {
        let capture = LoggerCapture()
        let logger = capture.logger(options: .default, level: .info, formatter: .init())
        let provider = Provider<MultiTarget>(stubClosure: Provider.immediatelyStub, plugins: [logger])
        _ = try await provider.response(for: MultiTarget(AccountAPI.logout))
        #expect(capture.lines.first == "[Quiver] Request: AccountAPI.logout GET https://api.example.com/v2/session/end")
        capture.clear()
        logger.willSend(LoggerFixtures.request(), target: MultiTarget(GetInvoice(id: 1)))
        #expect(capture.lines.first?.hasPrefix("[Quiver] Request: GetInvoice POST ") == true, "\(capture.lines)")
    }

    @Test func aTargetBuiltOnTheFlyIsNamedByItsURLAlone() {
        let generic = GenericTarget(baseURL: exampleBase, path: "users")
        #expect(lines(for: generic).first == "[Quiver] Request: GET https://api.example.com/v2/users")
        #expect(lines(for: generic.decoding(EmptyResponse.self)).first == "[Quiver] Request: GET https://api.example.com/v2/users")
    }

    @Test func anErrorWithoutAResponseNamesTheTargetToo() {
        let capture = LoggerCapture()
        capture.logger(level: .error, formatter: .init()).didReceive(.failure(.timedOut()), target: AccountAPI.logout)
        #expect(capture.lines == ["[Quiver] Error: AccountAPI.logout GET https://api.example.com/v2/session/end: The request timed out."])
    }

    @Test func theValuesOfACaseNeverReachTheLines() {
        let text = lines(for: login, level: .debug).joined(separator: "\n")
            + lines(for: AccountAPI.avatar("SECRET-photo"), level: .debug).joined(separator: "\n")
        #expect(!text.contains("SECRET"), "\(text)")
        #expect(!text.contains("ada"), "\(text)")
    }

    @Test func aTargetNamesItselfThroughNetworkLoggable() {
        #expect(lines(for: NamedTarget(name: "Billing.refund")).first == "[Quiver] Request: Billing.refund GET https://api.example.com/v2/named")
        #expect(lines(for: NamedTarget(name: nil)).first == "[Quiver] Request: GET https://api.example.com/v2/named")
        #expect(lines(for: LoudTarget()).first == "[Quiver] Request: LoudTarget GET https://api.example.com/v2/loud")
        #expect(AccountAPI.logout is any NetworkLoggable == false)
    }

    @Test func aClassIsNamedByItsTypeAndATypeThatDescribesItselfByItsTypeAlone() {
        #expect(lines(for: InvoiceList()).first == "[Quiver] Request: InvoiceList GET https://api.example.com/v2/invoices")
        let described = lines(for: DescribedAPI.status)
        #expect(described.first == "[Quiver] Request: DescribedAPI GET https://api.example.com/v2/status")
        #expect(!described.joined().contains("SECRET"))
    }

    /// What a type says about its name is found once per type: each dynamic type, and each
    /// case of an enum, still gets its own name, whichever was named first.
    @Test func eachDynamicTypeAndEachCaseIsNamedForItselfWhateverCameFirst() {
        for _ in 0..<2 {
            #expect(TargetLogName.of(Report()) == "Report")
            #expect(TargetLogName.of(YearlyReport() as Report) == "Reports.yearly")
            #expect(TargetLogName.of(MonthlyReport() as Report) == "MonthlyReport")
            #expect(TargetLogName.of(AccountAPI.logout) == "AccountAPI.logout")
            #expect(TargetLogName.of(AccountAPI.avatar("SECRET-photo")) == "AccountAPI.avatar")
            #expect(TargetLogName.of(GenericTarget(baseURL: exampleBase, path: "x")) == nil)
        }
    }

    @Test func theNameIsRedactedWithTheLine() {
        let capture = LoggerCapture()
        let logger = capture.logger(options: .default, level: .info, formatter: .init(),
                                    redaction: .init(queryParameters: ["key"]))
        let target = NamedTarget(name: "Search key=SECRET-in-name")
        logger.willSend(LoggerFixtures.request(method: "GET", headers: [:], body: nil), target: target)
        #expect(capture.lines == ["[Quiver] Request: Search key=<redacted> GET https://api.example.com/v2/users?page=2"])
    }

    /// The name is worked out for a line that is written, never for a hook that writes nothing.
    @Test func theNameIsWorkedOutOnlyForALineThatIsWritten() {
        let target = NamedTarget(name: "Billing.refund")
        let request = LoggerFixtures.request(method: "GET", headers: [:], body: nil)
        let capture = LoggerCapture()
        for level in [LoggerConfiguration.Level.off, .error] {
            let logger = capture.logger(options: .verbose, level: level)
            logger.willSend(request, target: target)
            logger.didReceive(.success(LoggerFixtures.response(request: request)), target: target)
        }
        capture.logger(options: [], level: .debug).willSend(request, target: target)
        #expect(capture.lines.isEmpty)
        #expect(target.asked.withLock { $0 } == 0)

        let logger = capture.logger(options: .verbose, level: .debug)
        logger.willSend(request, target: target)
        logger.didReceive(.success(LoggerFixtures.response(request: request)), target: target)
        #expect(target.asked.withLock { $0 } == 2, "one name for the request line, one for the response line")
    }
}
