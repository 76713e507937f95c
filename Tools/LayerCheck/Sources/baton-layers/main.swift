import Foundation
import LayerRules

// Checks every manifest in the repository against the layer rules of DESIGN.md.
// Usage: baton-layers [repository root]; exits 1 naming each wrong edge.

let root = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)
let rules = LayerRules.baton
let fileManager = FileManager.default

func dumpPackage(_ directory: URL) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package", "--package-path", directory.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw LayerCheckError.dumpFailed(
            directory: directory.path, status: process.terminationStatus, output: errorText)
    }
    return data
}

/// The folders under a package's `Sources/` and `Tests/`, as `Sources/X` and `Tests/X`.
func folders(of package: URL) -> [String] {
    ["Sources", "Tests"].flatMap { parent -> [String] in
        let names = (try? fileManager.contentsOfDirectory(atPath: package.appendingPathComponent(parent).path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(
                atPath: package.appendingPathComponent("\(parent)/\(name)").path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.map { "\(parent)/\($0)" }
    }
}

var manifests: [(directory: URL, layer: String?)] = [(root, nil)]
for layer in rules.allowed.keys.sorted() {
    manifests.append((root.appendingPathComponent("Packages/\(layer)"), layer))
}
for composite in ["Tests", "Tests/Support", "Benchmarks"] {
    manifests.append((root.appendingPathComponent(composite), nil))
}
let examples = root.appendingPathComponent("Examples")
for name in (try? fileManager.contentsOfDirectory(atPath: examples.path))?.sorted() ?? [] {
    manifests.append((examples.appendingPathComponent(name), nil))
}

var violations: [LayerViolation] = []
var checked = 0
for (directory, layer) in manifests
where fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
    do {
        let manifest = try dumpPackage(directory)
        violations += try rules.check(manifest: manifest, layer: layer, directory: directory.path)
        if layer != nil {
            violations += try rules.undeclaredFolders(
                manifest: manifest, folders: folders(of: directory), directory: directory.path)
        }
        checked += 1
    } catch {
        print("baton-layers: \(error)")
        exit(1)
    }
}
if violations.isEmpty {
    print("baton-layers: \(checked) manifests follow the layer rules")
} else {
    for violation in violations { print("baton-layers: \(violation)") }
    exit(1)
}
