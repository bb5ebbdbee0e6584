import Foundation
import PackagePlugin

/// A build-tool plugin that embeds a target's fixture files in its code.
///
/// Apply it to a target that depends on Quiver and keeps its files in a `Fixtures` folder beside
/// its sources:
///
/// ```swift
/// .target(name: "API", dependencies: ["Quiver"], exclude: ["Fixtures"],
///         plugins: [.plugin(name: "QuiverFixtures", package: "Quiver")])
/// ```
///
/// Every file below `Fixtures/` (hidden files aside) becomes a member of a generated
/// `enum Fixtures`: `Data` for sample bodies, and the table `sampleData` by file name. Responses
/// `RecordingPlugin` recorded become `Fixture` values, listed in the table `all`; a target with
/// such files depends on the QuiverTesting product too, whose `Fixture` they are. The files are the command's
/// inputs, so the build regenerates the source when one changes; malformed JSON fails the build
/// with the file and line.
@main
struct QuiverFixtures: BuildToolPlugin {
    /// The folder, inside the target's directory, that holds the fixture files.
    static let folderName = "Fixtures"

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            Diagnostics.warning("QuiverFixtures: \(target.name) is not a Swift target; the plugin generates Swift source only")
            return []
        }
        let folder = target.directoryURL.appending(path: Self.folderName, directoryHint: .isDirectory)
        guard FileManager.default.fileExists(atPath: folder.path(percentEncoded: false)) else {
            Diagnostics.warning("QuiverFixtures: \(target.name) has no \(Self.folderName) folder at \(folder.path(percentEncoded: false)); nothing to embed")
            return []
        }
        let files = try fixtureFiles(in: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "QuiverFixtures.generated.swift")
        let tool = try context.tool(named: "QuiverFixturesGenerator")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) fixture file(s) of \(target.name)",
                executable: tool.url,
                arguments: ["--output", output.path(percentEncoded: false),
                            "--root", folder.path(percentEncoded: false),
                            "--namespace", Self.folderName]
                    + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }

    /// Every regular file below `folder`, hidden ones (and those in hidden folders) aside, sorted.
    private func fixtureFiles(in folder: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path(percentEncoded: false) < $1.path(percentEncoded: false) }
    }
}
