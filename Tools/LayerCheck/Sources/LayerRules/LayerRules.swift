import Foundation

/// The dependency direction of DESIGN.md, and the check that holds every manifest to it.
///
/// Each layer package may depend only on the layers to its left:
///
///     Records → Normalize → Store → Image
///                  │          └──→ Lens
///                  ├──→ Transport
///                  └──→ Compiler
///
/// Testing (the testing product) stands in for the network and the disk, so it may depend on
/// every runtime layer; no layer depends on it.
///
/// Packages outside `Packages/` (the integration tests, the benchmarks, the examples) may
/// depend on any layer. No package may depend on anything but a local path: the runtime
/// needs nothing outside the toolchain and the system's SQLite and zlib, and OpenSSL on Linux
/// only, for the WebSocket client's TLS: a Linux-only library may be used by the layers
/// named for it (and by packages that compose layers), each use conditioned on Linux.
///
/// `Tests/Support` (module `BatonTestSupport`) is test-only support: any package may depend on
/// it for its test targets (and the benchmarks' executable), no library target may use it,
/// and in a layer package only a test target may.
public struct LayerRules: Sendable {
    /// For each layer, the layers it may depend on.
    public var allowed: [String: Set<String>]
    /// The pkg-config names a system library target may use.
    public var systemLibraries: Set<String>
    /// The pkg-config names a system library target may use on Linux only, with the layers
    /// that may use each.
    public var linuxOnlySystemLibraries: [String: Set<String>]
    /// The test-only support package, as the repository path it lives at.
    public var testSupportPath: String
    /// The test-only support package's module.
    public var testSupportModule: String

    public init(
        allowed: [String: Set<String>], systemLibraries: Set<String>,
        linuxOnlySystemLibraries: [String: Set<String>] = [:],
        testSupportPath: String = "Tests/Support", testSupportModule: String = "BatonTestSupport"
    ) {
        self.allowed = allowed
        self.systemLibraries = systemLibraries
        self.linuxOnlySystemLibraries = linuxOnlySystemLibraries
        self.testSupportPath = testSupportPath
        self.testSupportModule = testSupportModule
    }

    /// Whether the local package at `path` (as the manifest dump gives it) is the test support.
    func isTestSupport(path: String) -> Bool {
        let components = URL(fileURLWithPath: path).standardized.pathComponents
        let support = testSupportPath.split(separator: "/").map(String.init)
        return components.count >= support.count && Array(components.suffix(support.count)) == support
    }

    public static let baton = LayerRules(
        allowed: [
            "Records": [],
            "Normalize": ["Records"],
            "Store": ["Records", "Normalize"],
            "Image": ["Records", "Normalize", "Store"],
            "Transport": ["Records", "Normalize"],
            "Lens": ["Records", "Normalize", "Store"],
            "Compiler": ["Records", "Normalize"],
            "Testing": ["Records", "Normalize", "Store", "Image", "Transport", "Lens"],
        ],
        systemLibraries: ["sqlite3", "zlib"],
        linuxOnlySystemLibraries: ["openssl": ["Transport"]]
    )

    /// The layer a module named `Baton<Layer>` belongs to, if any.
    public func layer(ofModule module: String) -> String? {
        guard module.hasPrefix("Baton") else { return nil }
        let name = String(module.dropFirst("Baton".count))
        return allowed[name] != nil ? name : nil
    }

    /// Checks the manifest of the package in `directory`, given as the JSON
    /// `swift package dump-package` prints. `layer` is the layer the package is, or nil for
    /// a package that composes layers (tests, benchmarks, examples, the workspace).
    public func check(manifest json: Data, layer: String?, directory: String) throws -> [LayerViolation] {
        guard let manifest = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw LayerCheckError.unreadableManifest(directory)
        }
        var violations: [LayerViolation] = []
        let package = layer ?? (manifest["name"] as? String ?? directory)

        for dependency in manifest["dependencies"] as? [[String: Any]] ?? [] {
            if let local = (dependency["fileSystem"] as? [[String: Any]])?.first {
                let path = local["path"] as? String ?? ""
                let target = URL(fileURLWithPath: path).lastPathComponent
                if isTestSupport(path: path) { continue }
                guard let layer else {
                    if allowed[target] == nil {
                        violations.append(
                            .init(
                                package: package, dependency: target,
                                reason: "is not a layer package"))
                    }
                    continue
                }
                if allowed[target] == nil {
                    violations.append(.init(package: package, dependency: target, reason: "is not a layer package"))
                } else if !(allowed[layer] ?? []).contains(target) {
                    violations.append(
                        .init(
                            package: package, dependency: target,
                            reason: "is not to the left of \(layer) in DESIGN.md"))
                }
            } else {
                let kind = dependency.keys.first ?? "unknown"
                let name = Self.describeRemote(dependency)
                violations.append(
                    .init(
                        package: package, dependency: name,
                        reason: "is a \(kind) dependency; only the toolchain and local layers are allowed"))
            }
        }

        let targets = manifest["targets"] as? [[String: Any]] ?? []
        violations += linuxOnlyViolations(targets, package: package, layer: layer)
        for target in targets {
            let name = target["name"] as? String ?? "?"
            if target["type"] as? String == "system", let config = target["pkgConfig"] as? String,
                !systemLibraries.contains(config), linuxOnlySystemLibraries[config] == nil
            {
                let known = systemLibraries.union(linuxOnlySystemLibraries.keys).sorted()
                violations.append(
                    .init(
                        package: package, dependency: config,
                        reason: "system library of target \(name) is not one of \(known)"))
            }
            // Test support is for tests: never a library's, and in a layer package only a test's.
            let type = target["type"] as? String ?? "regular"
            if Self.dependencyNames(of: target).contains(testSupportModule), type != "test",
                type == "regular" || layer != nil
            {
                violations.append(
                    .init(
                        package: package, dependency: testSupportModule,
                        reason: "is test-only support; \(type) target \(name) may not use it"))
            }
            // Within one manifest, a layer's module may name only modules of layers to its left.
            guard let targetLayer = self.layer(ofModule: name) else { continue }
            for dependencyName in Self.dependencyNames(of: target) {
                guard let dependencyLayer = self.layer(ofModule: dependencyName),
                    dependencyLayer != targetLayer
                else { continue }
                if !(allowed[targetLayer] ?? []).contains(dependencyLayer) {
                    violations.append(
                        .init(
                            package: package, dependency: dependencyName,
                            reason:
                                "target \(name) may not use \(dependencyLayer): it is not to the left of \(targetLayer)"
                        ))
                }
            }
        }
        return violations
    }

    /// The folders of a layer package's `Sources/` and `Tests/` (given as `Sources/X` and
    /// `Tests/X`, relative to the package) that its manifest, as `swift package dump-package`
    /// prints it, declares as no target's path. Such a folder is code no build of the layer
    /// alone compiles, so it drifts unseen.
    public func undeclaredFolders(manifest json: Data, folders: [String], directory: String) throws -> [LayerViolation]
    {
        guard let manifest = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw LayerCheckError.unreadableManifest(directory)
        }
        let package = manifest["name"] as? String ?? directory
        var declared: Set<String> = []
        for target in manifest["targets"] as? [[String: Any]] ?? [] {
            let name = target["name"] as? String ?? ""
            if let path = target["path"] as? String {
                declared.insert(path.hasSuffix("/") ? String(path.dropLast()) : path)
            } else {
                declared.insert((target["type"] as? String == "test" ? "Tests/" : "Sources/") + name)
            }
        }
        return folders.sorted().filter { !declared.contains($0) }.map {
            LayerViolation(package: package, dependency: $0, reason: "is a folder no target of the manifest declares")
        }
    }

    /// The uses of a Linux-only system library in `targets` that break its rule: a layer it is
    /// not for, or a dependency on its target without a Linux-only condition.
    func linuxOnlyViolations(_ targets: [[String: Any]], package: String, layer: String?) -> [LayerViolation] {
        var linuxOnly: [String: String] = [:]
        for target in targets where target["type"] as? String == "system" {
            if let name = target["name"] as? String, let config = target["pkgConfig"] as? String,
                linuxOnlySystemLibraries[config] != nil
            {
                linuxOnly[name] = config
            }
        }
        var violations: [LayerViolation] = []
        for (name, config) in linuxOnly.sorted(by: { $0.key < $1.key }) {
            if let layer, !(linuxOnlySystemLibraries[config] ?? []).contains(layer) {
                violations.append(
                    .init(
                        package: package, dependency: config,
                        reason:
                            "system library of target \(name) is for \((linuxOnlySystemLibraries[config] ?? []).sorted()) only"
                    ))
            }
        }
        for target in targets {
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for kind in ["byName", "target"] {
                    guard let parts = dependency[kind] as? [Any], let used = parts.first as? String,
                        let config = linuxOnly[used]
                    else { continue }
                    let condition = parts.dropFirst().first as? [String: Any]
                    if condition?["platformNames"] as? [String] != ["linux"] {
                        violations.append(
                            .init(
                                package: package, dependency: config,
                                reason: "target \(target["name"] as? String ?? "?") uses \(used) on more than Linux"))
                    }
                }
            }
        }
        return violations
    }

    static func dependencyNames(of target: [String: Any]) -> [String] {
        (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            for kind in ["byName", "target", "product"] {
                if let parts = dependency[kind] as? [Any], let name = parts.first as? String {
                    return name
                }
            }
            return nil
        }
    }

    static func describeRemote(_ dependency: [String: Any]) -> String {
        for (_, value) in dependency {
            if let first = (value as? [[String: Any]])?.first {
                if let identity = first["identity"] as? String { return identity }
                if let location = first["location"] { return "\(location)" }
            }
        }
        return "\(dependency)"
    }
}

/// One edge that breaks the rules: which package, which dependency, and why.
public struct LayerViolation: Equatable, Sendable, CustomStringConvertible {
    public var package: String
    public var dependency: String
    public var reason: String

    public var description: String { "\(package) → \(dependency): \(dependency) \(reason)" }
}

public enum LayerCheckError: Error, CustomStringConvertible {
    case unreadableManifest(String)
    case dumpFailed(directory: String, status: Int32, output: String)

    public var description: String {
        switch self {
        case .unreadableManifest(let directory): "the manifest of \(directory) is not a JSON object"
        case .dumpFailed(let directory, let status, let output):
            "swift package dump-package failed in \(directory) (status \(status)): \(output)"
        }
    }
}
