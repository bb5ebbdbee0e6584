import Foundation
import Testing
@testable import Quiver

@Suite struct MultipartMIMETypeTests {
    @Test(arguments: [
        ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("png", "image/png"), ("gif", "image/gif"),
        ("webp", "image/webp"), ("heic", "image/heic"), ("svg", "image/svg+xml"), ("pdf", "application/pdf"),
        ("txt", "text/plain"), ("html", "text/html"), ("css", "text/css"), ("csv", "text/csv"),
        ("json", "application/json"), ("xml", "application/xml"), ("zip", "application/zip"),
        ("gz", "application/gzip"), ("mp3", "audio/mpeg"), ("m4a", "audio/mp4"), ("wav", "audio/wav"),
        ("mp4", "video/mp4"), ("mov", "video/quicktime"), ("webm", "video/webm"),
    ])
    func knownExtensionsMapToTheirRegisteredType(_ pathExtension: String, _ mimeType: String) {
        #expect(MIMEType.forPathExtension(pathExtension) == mimeType)
        #expect(MIMEType.forPathExtension(pathExtension.uppercased()) == mimeType)
    }

    @Test(arguments: ["", "qqq", "exe1", "jpg "])
    func unknownExtensionsAreOctetStream(_ pathExtension: String) {
        #expect(MIMEType.forPathExtension(pathExtension) == "application/octet-stream")
    }

    @Test func fileNamesUseTheTextAfterTheLastDot() {
        #expect(MIMEType.forFileName("Photo.JPG") == "image/jpeg")
        #expect(MIMEType.forFileName("backup.tar.gz") == "application/gzip")
        #expect(MIMEType.forFileName("README") == "application/octet-stream")
        #expect(MIMEType.forFileName(".json") == "application/octet-stream")
        #expect(MIMEType.forFileName("trailing.") == "application/octet-stream")
    }

    @Test func fileURLsInferTheirTypeFromTheExtension() {
        var form = MultipartForm()
        form.append(fileAt: URL(fileURLWithPath: "/tmp/Report.Final.PDF"), name: "doc")
        form.append(fileAt: URL(fileURLWithPath: "/tmp/Makefile"), name: "build")
        #expect(form.parts.map(\.mimeType) == ["application/pdf", "application/octet-stream"])
    }
}
