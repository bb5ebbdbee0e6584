import Foundation

/// The file a body streams from: the caller's own, or a temporary one Quiver wrote and removes.
struct BodyFile: Sendable {
    let url: URL
    let isTemporary: Bool

    /// The file for `source`, written now if it has to be.
    init(_ source: BodySource) throws(QuiverError) {
        switch source {
        case .file(let url):
            self.url = url
            isTemporary = false
        case .multipart(let form):
            let file: URL
            do {
                file = try TemporaryFiles.make("multipart")
            } catch {
                throw .encoding(error)
            }
            do {
                _ = try form.writeBody(to: file)
            } catch {
                TemporaryFiles.remove(file)
                throw error
            }
            url = file
            isTemporary = true
        }
    }

    func removeIfTemporary() {
        if isTemporary {
            TemporaryFiles.remove(url)
        }
    }
}
