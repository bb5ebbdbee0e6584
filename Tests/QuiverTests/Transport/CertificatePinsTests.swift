import Foundation
import Testing
import Quiver

/// Pins are read once, refused when malformed, and matched on SHA-256 digests.
@Suite struct CertificatePinsTests {
    /// SHA-256("abc") (FIPS 180-2, appendix B.1), base64.
    private let abc = "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="

    @Test func aKeyPinAcceptsTheKeyWhateverTheCertificate() throws {
        let pins = try CertificatePins(publicKeys: [abc])
        #expect(pins.accepts(certificate: Array("other".utf8), publicKey: Array("abc".utf8)))
        #expect(!pins.accepts(certificate: Array("abc".utf8), publicKey: Array("abd".utf8)))
    }

    @Test func aCertificatePinAcceptsOnlyThatCertificate() throws {
        let pins = try CertificatePins(certificates: [abc])
        #expect(pins.accepts(certificate: Array("abc".utf8), publicKey: Array("key".utf8)))
        #expect(!pins.accepts(certificate: Array("abcd".utf8), publicKey: Array("abc".utf8)))
    }

    @Test func theSHA256PrefixOfHPKPAndOkHttpIsAccepted() throws {
        #expect(try CertificatePins(publicKeys: ["sha256/" + abc]) == CertificatePins(publicKeys: [abc]))
    }

    @Test(arguments: ["", "not base64!", "YWJj", "sha1/qZk+NkcGgWq6PiVxeFDCbJzQ2J0=", String("ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=".dropLast(4))])
    func aPinThatIsNotASHA256DigestIsRefusedByName(_ pin: String) {
        #expect(throws: CertificatePins.InvalidPin.self) { try CertificatePins(publicKeys: [abc], certificates: [pin]) }
        do {
            _ = try CertificatePins(publicKeys: [pin])
            Issue.record("accepted \(pin)")
        } catch {
            #expect(error.pin == pin)
            #expect(String(describing: error).contains("\"\(pin)\" is not a pin"))
        }
    }

    @Test func noPinAtAllIsRefused() {
        do {
            _ = try CertificatePins()
            Issue.record("a set accepting nothing was made")
        } catch {
            #expect(String(describing: error).hasPrefix("No pin was given"))
        }
    }

    @Test func aPinMismatchNamesTheHostAndSaysNothingWasSent() {
        let description = String(describing: TLSError(host: "api.example.com", reason: .notPinned))
        #expect(description.contains("api.example.com"))
        #expect(description.contains("nothing was sent"))
    }
}
