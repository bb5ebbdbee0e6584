import Foundation
import Quiver

/// The five stops of the tour, each printed as it runs.
struct Tour {
    let provider: Provider<DemoAPI>

    func run() async {
        await decodedResult()
        await typedNotFound()
        await pluginAtWork()
        await cancelledRequest()
        await streamedEvents()
    }

    private func decodedResult() async {
        print("1. A decoded result")
        do {
            let show = try await provider.decode(Slideshow.self, from: .slideshow).slideshow
            print("   Slideshow \"\(show.title)\" by \(show.author), \(show.slides.count) slides")
            let echo = try await provider.decode(Echo.self, from: .saveNote(Note(title: "Buy milk", pinned: true)))
            print("   Saved note \"\(echo.json?.title ?? "?")\" (pinned: \(echo.json?.pinned ?? false)), draft=\(echo.args?["draft"] ?? "?")")
        } catch {
            print("   Unexpected failure: \(error)")
        }
    }

    private func typedNotFound() async {
        print("2. A typed 404")
        do {
            let response = try await provider.response(for: .missingPage)
            print("   Unexpected success: \(response)")
        } catch .statusCode(let response) where response.statusCode == 404 {
            print("   QuiverError.statusCode(404): \(QuiverError.statusCode(response))")
        } catch {
            print("   Unexpected failure: \(error)")
        }
    }

    private func pluginAtWork() async {
        print("3. A plugin at work (ClientHeaderPlugin adds X-Demo-Client)")
        do {
            let echo = try await provider.decode(Echo.self, from: .echoHeaders)
            print("   The server saw X-Demo-Client: \(echo.headers?["X-Demo-Client"] ?? "(missing)")")
        } catch {
            print("   Unexpected failure: \(error)")
        }
    }

    private func cancelledRequest() async {
        print("4. A cancelled request (a 5-second report, cancelled after 0.2 s)")
        let started = Date()
        let report = Task { try await provider.response(for: .slowReport) }
        try? await Task.sleep(nanoseconds: 200_000_000)
        report.cancel()
        let outcome = await report.result
        let elapsed = String(format: "%.2f", Date().timeIntervalSince(started))
        switch outcome {
        case .failure(let error as QuiverError) where error.isCancelled:
            print("   QuiverError.cancelled after \(elapsed) s: \(error)")
        case let other:
            print("   Unexpected outcome after \(elapsed) s: \(other)")
        }
    }
}
