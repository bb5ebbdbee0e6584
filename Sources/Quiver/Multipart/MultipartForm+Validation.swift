import Foundation

extension MultipartForm {
    /// Checks the form before anything is written.
    ///
    /// Checks that the boundary is 1–70 RFC 2046 boundary characters not ending in a space;
    /// that every name is non-empty and no name or file name contains CR, LF or NUL; that every
    /// MIME type is non-empty printable ASCII; that no text or data part contains `--` followed by
    /// the boundary; and that every file part is a `file:` URL of an existing, readable regular
    /// file. File contents are checked for the boundary while the body is written.
    ///
    /// - Throws: ``QuiverError/invalidRequest(_:)`` naming the first offending part.
    func validate() throws(QuiverError) {
        try validateBoundary()
        let scanner = MultipartBoundaryScanner(boundary: boundary)
        for (index, part) in parts.enumerated() {
            try validateHeaders(of: part, index: index)
            switch part.content {
            case .text(let text):
                if scanner.occurs(in: Array(text.utf8)) {
                    throw Self.boundaryCollision(part: part, index: index)
                }
            case .data(let data):
                if scanner.occurs(in: data) {
                    throw Self.boundaryCollision(part: part, index: index)
                }
            case .file(let url):
                try Self.validateFile(at: url, part: part, index: index)
            }
        }
    }

    /// How a part is named in error messages: its position (from 1) and its name.
    static func describe(_ part: Part, index: Int) -> String {
        "multipart part \(index + 1) (name \(String(reflecting: part.name)))"
    }

    /// The error for a part whose content contains the delimiter.
    static func boundaryCollision(part: Part, index: Int) -> QuiverError {
        .invalidRequest("\(describe(part, index: index)) contains the form's boundary; "
            + "use another boundary (or the default random one)")
    }

    private func validateBoundary() throws(QuiverError) {
        let scalars = boundary.unicodeScalars
        guard (1...70).contains(scalars.count) else {
            throw .invalidRequest("the multipart boundary must be 1 to 70 characters long, "
                + "but \(String(reflecting: boundary)) has \(scalars.count)")
        }
        guard scalars.allSatisfy(Self.isBoundaryCharacter), scalars.last != " " else {
            throw .invalidRequest("the multipart boundary \(String(reflecting: boundary)) may only contain "
                + "letters, digits, spaces and '()+_,-./:=? and must not end in a space (RFC 2046)")
        }
    }

    private static func isBoundaryCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "'", "(", ")", "+", "_", ",", "-", ".", "/", ":", "=", "?", " ": true
        default: false
        }
    }

    private func validateHeaders(of part: Part, index: Int) throws(QuiverError) {
        let subject = Self.describe(part, index: index)
        guard !part.name.isEmpty else {
            throw .invalidRequest("\(subject) has an empty name")
        }
        if Self.containsLineBreakOrNull(part.name) {
            throw .invalidRequest("\(subject): the name contains CR, LF or NUL, which cannot be sent in a header")
        }
        if let fileName = part.fileName, Self.containsLineBreakOrNull(fileName) {
            throw .invalidRequest("\(subject): the file name \(String(reflecting: fileName)) contains CR, LF or NUL, "
                + "which cannot be sent in a header")
        }
        if let mimeType = part.mimeType {
            let printable = mimeType.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
            guard !mimeType.isEmpty, printable else {
                throw .invalidRequest("\(subject): the MIME type \(String(reflecting: mimeType)) "
                    + "is empty or not printable ASCII")
            }
        }
    }

    private static func containsLineBreakOrNull(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }

    private static func validateFile(at url: URL, part: Part, index: Int) throws(QuiverError) {
        let subject = describe(part, index: index)
        guard url.isFileURL else {
            throw .invalidRequest("\(subject): \(url.absoluteString) is not a file URL")
        }
        let resolved = url.resolvingSymlinksInPath()
        let type: FileAttributeType?
        do {
            type = try FileManager.default.attributesOfItem(atPath: resolved.path)[.type] as? FileAttributeType
        } catch {
            throw .invalidRequest("\(subject): there is no file at \(url.path)")
        }
        guard type == .typeRegular else {
            throw .invalidRequest("\(subject): \(url.path) is not a regular file")
        }
        do {
            let handle = try FileHandle(forReadingFrom: resolved)
            try handle.close()
        } catch {
            throw .invalidRequest("\(subject): the file at \(url.path) cannot be read (\(error))")
        }
    }
}
