import Foundation

/// The tool behind the QuiverFixtures build plugin: reads a target's fixture files and writes one
/// Swift file that embeds them. Problems are printed as `path:line:column: error: message`, one
/// per bad file, and fail the build.
@main
enum QuiverFixturesGenerator {
    static func main() {
        let options: GeneratorOptions
        do {
            options = try GeneratorOptions(arguments: CommandLine.arguments.dropFirst())
        } catch {
            printError("error: \(error)")
            exit(2)
        }
        exit(run(options) ? 0 : 1)
    }

    /// Checks every file, then writes the source when all are good.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - report: Receives each diagnostic line. Defaults to printing it on standard error.
    /// - Returns: Whether the source was written.
    static func run(_ options: GeneratorOptions, report: (String) -> Void = printError) -> Bool {
        var files: [FixtureFile] = []
        var failed = false
        for path in options.files {
            do {
                files.append(try FixtureFile.load(path: path, name: options.name(of: path)))
            } catch {
                report(error.description)
                failed = true
            }
        }
        if failed {
            return false
        }
        let folder = URL(fileURLWithPath: options.root).lastPathComponent
        let source = FixturesSourceWriter(namespace: options.namespace, folder: folder).source(for: files)
        do {
            try write(Data(source.utf8), to: URL(fileURLWithPath: options.output))
            return true
        } catch {
            report("\(options.output):1:1: error: cannot write the generated fixtures: \(error)")
            return false
        }
    }

    /// Writes `data` unless the file already holds it, so that an unchanged folder does not make
    /// the target recompile.
    private static func write(_ data: Data, to file: URL) throws {
        if FileManager.default.contents(atPath: file.path) == data {
            return
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
    }

    private static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
