// Replays the committed corpora through the harnesses without libFuzzer: a plain executable, so
// that a regression reproduces in a unit-test-like run (what CI runs: `Fuzz/replay`).
//
// quiver-fuzz-replay CORPUS_ROOT [HARNESS…]: every file under CORPUS_ROOT/<harness>/ through that
// harness (all harnesses when none is named). A file given as a path instead of a harness name
// runs through every harness. A failing property or a trap names the harness and the file.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One harness, as the replay runs it.
struct ReplayedHarness: Sendable {
    let name: String
    let run: @Sendable ([UInt8]) -> Void
}

/// The path of the input being replayed, as C text, for the signal handler.
nonisolated(unsafe) var currentInputCString: UnsafeMutablePointer<CChar>?

@main
enum Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let root = arguments.first else {
            FileHandleWriter.standardError("usage: quiver-fuzz-replay CORPUS_ROOT [HARNESS|FILE…]\n")
            exit(2)
        }
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS] {
            Glibc.signal(signal) { number in
                if let path = currentInputCString {
                    let prefix = "\ncrashed on input: "
                    _ = write(2, prefix, strlen(prefix))
                    _ = write(2, path, strlen(path))
                    _ = write(2, "\n", 1)
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
        let named = Array(arguments.dropFirst())
        var runs: [(harness: ReplayedHarness, files: [String])] = []
        let files = named.filter { $0.contains("/") }
        let names = named.filter { !$0.contains("/") }
        for name in names where !allHarnesses.contains(where: { $0.name == name }) {
            FileHandleWriter.standardError("no harness \(name); there are \(allHarnesses.map(\.name).joined(separator: ", "))\n")
            exit(2)
        }
        for harness in allHarnesses where names.contains(harness.name) || named.isEmpty || (names.isEmpty && !files.isEmpty) {
            runs.append((harness, files.isEmpty ? corpus(root + "/" + harness.name) : files))
        }
        var total = 0
        let start = Date()
        for run in runs {
            let harness = run.harness
            for file in run.files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandleWriter.standardError("cannot read \(file)\n")
                    exit(1)
                }
                currentInputPath = "\(harness.name): \(file)"
                free(currentInputCString)
                currentInputCString = strdup(currentInputPath!)
                harness.run(Array(data))
            }
            total += run.files.count
            print("\(harness.name): \(run.files.count) inputs")
        }
        print("replayed \(total) inputs through \(runs.count) harnesses in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, every property held")
    }

    /// The files of a corpus folder, sorted; none when it does not exist.
    static func corpus(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }
}
