import Foundation

/// The packages check over `project.yml`: what a build of the project as written would look for exists. Every
/// `package:` a target links is declared under `packages:` (xcodegen drops an undeclared one without a word), every
/// product is one its package's manifest declares as a library (Xcode stops with "Missing package product"), every
/// `target:` is a target of the project, and each target links the products holding the package modules its
/// sources import (importing a module only another product pulls in is an accident of the build order) and no
/// product whose modules it never imports.
///
/// A local package's manifest is read with `swift package dump-package` at its `path:`, resolved from the
/// directory the checked one stands for (the repository's `Apps/`). A remote package's products are not read: it is
/// only checked to be declared.
struct PackagesCheck {
    let config: ConfigCheck
    /// The directory `project.yml`'s relative paths start from: the repository's `Apps/`, for which the checked
    /// directory (Apps/ itself or a copy) stands.
    let standsFor: URL
    let manifests: ManifestReader

    /// Target types that are hosted by the app they test: they import what the app links.
    static let testTypes: Set<String> = ["bundle.unit-test", "bundle.ui-testing"]

    func run() -> [Finding] {
        guard case .success(let project) = ConfigCheck.project(in: config.root) else { return [] }
        var findings: [Finding] = []
        var declared: Set<String> = []
        var manifests: [String: PackageManifest] = [:]
        for entry in project["packages"]?.entries ?? [] {
            declared.insert(entry.key)
            if let path = entry.value["path"]?.string {
                let directory = standsFor.appendingPathComponent(path, isDirectory: true).standardizedFileURL
                do {
                    manifests[entry.key] = try self.manifests(directory)
                } catch {
                    findings.append(
                        finding(
                            at: entry.value.position(of: "path"),
                            "cannot read the manifest of package '\(entry.key)' at '\(path)': \(error)"))
                }
            } else if entry.value["url"]?.string == nil, entry.value["github"]?.string == nil {
                findings.append(finding(at: entry.keyPosition, "package '\(entry.key)' has neither path: nor url:"))
            }
        }
        // The modules of the local packages, by name: which of a target's imports come from a package.
        var packageOf: [String: String] = [:]
        for (name, manifest) in manifests.sorted(by: { $0.key < $1.key }) {
            for module in manifest.modules where packageOf[module] == nil { packageOf[module] = name }
        }
        let entries = project["targets"]?.entries ?? []
        let names = Set(entries.map(\.key))
        let targets = entries.map { config.target(named: $0.key, at: $0.keyPosition, spec: $0.value) }
        var linked: [String: [Link]] = [:]
        for target in targets {
            let (links, problems) = self.links(of: target, declared: declared, manifests: manifests, targets: names)
            linked[target.name] = links
            findings += problems
        }
        for target in targets {
            findings += imports(of: target, linked: linked, packageOf: packageOf, manifests: manifests)
        }
        findings += schemes(project, targets: names)
        return findings.sorted()
    }

    /// One product a target links, where project.yml names it.
    struct Link {
        let product: PackageManifest.Product
        let package: String
        let position: YAMLValue.Position
    }

    private func finding(at position: YAMLValue.Position, _ message: String) -> Finding {
        Finding(path: ConfigCheck.projectFile, line: position.line, column: position.column, rule: .packages, message: message)
    }

    /// The products `target` links that its package declares, and a finding for every package, product or target
    /// named that does not exist.
    private func links(
        of target: ConfigCheck.Target, declared: Set<String>, manifests: [String: PackageManifest], targets: Set<String>
    ) -> ([Link], [Finding]) {
        var links: [Link] = []
        var findings: [Finding] = []
        for dependency in target.spec["dependencies"]?.items ?? [] {
            if let name = dependency["target"]?.string, !name.contains("/"), !targets.contains(name) {
                findings.append(
                    finding(
                        at: dependency.position(of: "target"),
                        "'\(target.name)' depends on target '\(name)', which project.yml does not declare"))
            }
            guard let package = dependency["package"]?.string else { continue }
            guard declared.contains(package) else {
                let known = declared.isEmpty ? "none" : declared.sorted().joined(separator: ", ")
                findings.append(
                    finding(
                        at: dependency.position(of: "package"),
                        "'\(target.name)' links package '\(package)', which packages: does not declare (declared: \(known))"))
                continue
            }
            // `product:` or `products:`; with neither, xcodegen asks for a product named as the package.
            var products: [(name: String, position: YAMLValue.Position)] = []
            if let product = dependency["product"] { products.append((product.string ?? "", product.position)) }
            for item in dependency["products"]?.items ?? [] { products.append((item.string ?? "", item.position)) }
            let implicit = products.isEmpty
            if implicit { products.append((package, dependency.position(of: "package"))) }
            guard let manifest = manifests[package] else { continue }
            for (name, position) in products {
                guard let product = manifest.products.first(where: { $0.name == name }) else {
                    let libraries = manifest.products.filter(\.isLibrary).map(\.name)
                    let how = implicit ? " (no product: given, so the package's name)" : ""
                    let hint =
                        manifest.modules.contains(name)
                        ? "; \(name) is a target of it but no product: declare "
                            + ".library(name: \"\(name)\", targets: [\"\(name)\"]), or link what the target needs instead"
                        : Self.nearest(name, in: libraries).map { "; did you mean '\($0)'?" } ?? ""
                    findings.append(
                        finding(
                            at: position,
                            "'\(target.name)' links product '\(name)'\(how) of package '\(package)', which its Package.swift "
                                + "does not declare\(hint) (its libraries: \(libraries.joined(separator: ", ")))"))
                    continue
                }
                guard product.isLibrary else {
                    findings.append(
                        finding(
                            at: position,
                            "'\(target.name)' links product '\(name)' of package '\(package)', which is not a library"))
                    continue
                }
                links.append(Link(product: product, package: package, position: position))
            }
        }
        return (links, findings)
    }

    /// Each package module a target's sources import is held by a product the target links (a test bundle's may
    /// come from the app it tests); each product a target links holds a module its sources import.
    private func imports(
        of target: ConfigCheck.Target, linked: [String: [Link]], packageOf: [String: String],
        manifests: [String: PackageManifest]
    ) -> [Finding] {
        let own = linked[target.name] ?? []
        var available = own
        if Self.testTypes.contains(target.type) {
            for dependency in target.spec["dependencies"]?.items ?? [] {
                if let host = dependency["target"]?.string { available += linked[host] ?? [] }
            }
        }
        var findings: [Finding] = []
        var reported: Set<String> = []
        var imported: Set<String> = []
        for file in target.files {
            for (module, declaration) in file.imports {
                imported.insert(module)
                guard let package = packageOf[module], !reported.contains(module) else { continue }
                guard !available.contains(where: { $0.product.targets.contains(module) }) else { continue }
                reported.insert(module)
                let holders =
                    manifests[package]?.products.filter { $0.isLibrary && $0.targets.contains(module) }.map(\.name) ?? []
                let fix =
                    holders.isEmpty
                    ? "no product of package '\(package)' holds it: declare one in its Package.swift"
                    : "link \(holders.map { "'\($0)'" }.joined(separator: " or ")) of package '\(package)'"
                findings.append(
                    file.finding(
                        .packages, at: declaration,
                        "'\(target.name)' imports \(module), but none of the products it links holds it: \(fix)"))
            }
        }
        if !Self.testTypes.contains(target.type) {
            for link in own where link.product.targets.allSatisfy({ !imported.contains($0) }) {
                findings.append(
                    finding(
                        at: link.position,
                        "'\(target.name)' links product '\(link.product.name)' but none of its sources imports "
                            + "\(link.product.targets.joined(separator: ", ")): link only what it uses"))
            }
        }
        return findings
    }

    /// The targets the schemes build and test are targets of the project.
    private func schemes(_ project: YAMLValue, targets: Set<String>) -> [Finding] {
        var findings: [Finding] = []
        for scheme in project["schemes"]?.entries ?? [] {
            var named: [(String, YAMLValue.Position)] = []
            for entry in scheme.value["build"]?["targets"]?.entries ?? [] { named.append((entry.key, entry.keyPosition)) }
            for item in scheme.value["test"]?["targets"]?.items ?? [] {
                if let name = item.string ?? item["name"]?.string { named.append((name, item.position)) }
            }
            for (name, position) in named where !name.contains("/") && !targets.contains(name) {
                findings.append(
                    finding(at: position, "scheme '\(scheme.key)' names target '\(name)', which project.yml does not declare"))
            }
        }
        return findings
    }

    /// The name at most two edits from `name`, when exactly one is.
    static func nearest(_ name: String, in names: [String]) -> String? {
        let near = names.filter { distance(Array(name.lowercased()), Array($0.lowercased())) <= 2 }
        return near.count == 1 ? near[0] : nil
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
