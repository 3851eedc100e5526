import Foundation
import Testing

@testable import AppCheck

/// What a build of the project as written looks for: the packages and products project.yml links, and the settings
/// the workflow gives every target of the build.
@Suite("The project builds as written")
struct ProjectBuildTests {
    // MARK: packages

    @Test("packages: a misspelled product is reported with the likely one, and the import it left unlinked")
    func misspelledProduct() throws {
        let broken = try Fixture.good.replacing(
            "product: LockOutPresentation", with: "product: LockOutPresentaton", in: Fixture.project)
        let findings = try broken.findings()
        #expect(findings.map(\.rule) == [.packages, .packages, .packages])
        #expect(
            findings.map(\.description) == [
                "LockOut/Views/DashboardView.swift:2:1: packages: 'LockOut' imports LockOutPresentation, but none of the products it links holds it: link 'LockOutPresentation' of package 'LockOutKit'",
                "LockOutTests/AppTests.swift:2:1: packages: 'LockOutTests' imports LockOutPresentation, but none of the products it links holds it: link 'LockOutPresentation' of package 'LockOutKit'",
                "project.yml:13:18: packages: 'LockOut' links product 'LockOutPresentaton' of package 'LockOutKit', which its Package.swift does not declare; did you mean 'LockOutPresentation'? (its libraries: LockOutCore, LockOutStore, LockOutRuntime, LockOutPresentation, LockOutShared)",
            ])
    }

    @Test("packages: a product the manifest lacks though the app imports its module (LockOutStore) is reported")
    func undeclaredProduct() throws {
        let broken = try Fixture.good.with(manifest: Fixture.manifest(without: "LockOutStore"))
            .replacing(
                "products: [LockOutCore, LockOutShared]", with: "products: [LockOutCore, LockOutShared, LockOutStore]",
                in: Fixture.project
            )
            .replacing(
                "import LockOutCore\nimport LockOutPresentation\n",
                with: "import LockOutCore\nimport LockOutPresentation\nimport LockOutStore\n", in: Fixture.view)
        let descriptions = try broken.findings().map(\.description)
        #expect(
            descriptions == [
                "LockOut/Views/DashboardView.swift:3:1: packages: 'LockOut' imports LockOutStore, but none of the products it links holds it: no product of package 'LockOutKit' holds it: declare one in its Package.swift",
                "project.yml:15:48: packages: 'LockOut' links product 'LockOutStore' of package 'LockOutKit', which its Package.swift does not declare; LockOutStore is a target of it but no product: declare .library(name: \"LockOutStore\", targets: [\"LockOutStore\"]), or link what the target needs instead (its libraries: LockOutCore, LockOutRuntime, LockOutPresentation, LockOutShared)",
            ])
        // Linking only what is declared leaves the import alone reported.
        let unlinked = try Fixture.good.replacing(
            "import LockOutCore\nimport LockOutPresentation\n",
            with: "import LockOutCore\nimport LockOutPresentation\nimport LockOutStore\n",
            in: Fixture.view)
        #expect(
            try unlinked.findings(.packages).messages == [
                "'LockOut' imports LockOutStore, but none of the products it links holds it: link 'LockOutStore' of package 'LockOutKit'"
            ])
    }

    @Test("packages: a package packages: does not declare, and a dependency without product: named after its package")
    func undeclaredPackage() throws {
        let broken = try Fixture.good.replacing(
            "      - package: LockOutKit\n        product: LockOutShared\n",
            with: "      - package: LockOutKt\n        product: LockOutShared\n",
            in: Fixture.project)
        #expect(
            try broken.findings(.packages).messages == [
                "'ActivityMonitor' imports LockOutShared, but none of the products it links holds it: link 'LockOutShared' of package 'LockOutKit'",
                "'ActivityMonitor' links package 'LockOutKt', which packages: does not declare (declared: LockOutKit)",
            ])
        let implicit = try Fixture.good.replacing(
            "      - package: LockOutKit\n        product: LockOutShared\n", with: "      - package: LockOutKit\n",
            in: Fixture.project)
        #expect(
            try implicit.findings(.packages).messages.contains(
                "'ActivityMonitor' links product 'LockOutKit' (no product: given, so the package's name) of package 'LockOutKit', which its Package.swift does not declare (its libraries: LockOutCore, LockOutStore, LockOutRuntime, LockOutPresentation, LockOutShared)"
            ))
    }

    @Test("packages: an executable product, a product imported nowhere, an unknown target and an unreadable manifest")
    func otherDefects() throws {
        let executable = try Fixture.good.replacing(
            "products: [LockOutCore, LockOutShared]", with: "products: [LockOutCore, LockOutShared, lockout]", in: Fixture.project
        )
        #expect(
            try executable.findings(.packages).messages == [
                "'LockOut' links product 'lockout' of package 'LockOutKit', which is not a library"
            ])
        let unused = try Fixture.good.replacing(
            "products: [LockOutCore, LockOutShared]", with: "products: [LockOutCore, LockOutShared, LockOutRuntime]",
            in: Fixture.project)
        #expect(
            try unused.findings(.packages).messages == [
                "'LockOut' links product 'LockOutRuntime' but none of its sources imports LockOutRuntime: link only what it uses"
            ])
        let target = try Fixture.good.replacing(
            "      - target: LockOut\n", with: "      - target: LockOutApp\n", in: Fixture.project)
        let unknownTarget = try target.findings(.packages).messages
        #expect(
            unknownTarget == [
                "'LockOutTests' imports LockOutCore, but none of the products it links holds it: link 'LockOutCore' of package 'LockOutKit'",
                "'LockOutTests' imports LockOutPresentation, but none of the products it links holds it: link 'LockOutPresentation' of package 'LockOutKit'",
                "'LockOutTests' depends on target 'LockOutApp', which project.yml does not declare",
            ])
        let scheme = try Fixture.good.replacing("        - LockOutTests", with: "        - LockOutTest", in: Fixture.project)
        #expect(
            try scheme.findings(.packages).messages == [
                "scheme 'LockOut' names target 'LockOutTest', which project.yml does not declare"
            ])
        let unreadable = try Fixture.good.with(manifest: nil).findings(.packages)
        #expect(unreadable.count == 1)
        #expect(
            unreadable.first?.message.hasPrefix("cannot read the manifest of package 'LockOutKit' at '..': no Package.swift")
                == true)
    }

    @Test("packages: the manifest is read from swift package dump-package's JSON: libraries, executables, test targets left out")
    func manifestJSON() throws {
        let json = """
            {"name": "LockOut", "products": [
              {"name": "LockOutCore", "settings": [], "targets": ["LockOutCore"], "type": {"library": ["automatic"]}},
              {"name": "lockout", "settings": [], "targets": ["lockout"], "type": {"executable": null}}],
             "targets": [{"name": "LockOutCore", "type": "regular"}, {"name": "LockOutStore", "type": "regular"},
              {"name": "lockout", "type": "executable"}, {"name": "LockOutCoreTests", "type": "test"}]}
            """
        let manifest = try PackageManifest(json: Data(json.utf8))
        #expect(
            manifest
                == PackageManifest(
                    name: "LockOut",
                    products: [
                        .init(name: "LockOutCore", targets: ["LockOutCore"]),
                        .init(name: "lockout", targets: ["lockout"], isLibrary: false),
                    ],
                    modules: ["LockOutCore", "LockOutStore", "lockout"]))
        #expect(throws: ManifestError.self) { try PackageManifest(json: Data("[]".utf8)) }
    }

    // MARK: xcconfig

    @Test("xcconfig: warnings as errors in a file the -xcconfig file includes is reported where it is written")
    func includedStrictness() throws {
        let broken = try Fixture.good.replacing(
            "CODE_SIGN_IDENTITY = // none", with: "CODE_SIGN_IDENTITY = // none\nSWIFT_TREAT_WARNINGS_AS_ERRORS = YES",
            in: Fixture.signingIdentity)
        let findings = try broken.findings()
        #expect(findings.map(\.rule) == [.xcconfig])
        #expect(
            findings.map(\.description) == [
                "Config/Signing.xcconfig:2:1: xcconfig: SWIFT_TREAT_WARNINGS_AS_ERRORS in a file xcodebuild is given with -xcconfig, included from Config/CI-no-signing.xcconfig, passed with -xcconfig in .github/workflows/apple.yml: it reaches every package target, which Xcode builds with -suppress-warnings (conflicting options); set it on LockOut's own targets (project.yml, Config/Base.xcconfig)"
            ])
        #expect(findings.first?.base == .apps)
    }

    @Test("xcconfig: the Swift version, a compiler flag or any other setting in the -xcconfig file is reported; signing is not")
    func compilerSettings() throws {
        let broken = try Fixture.good.replacing(
            "CODE_SIGNING_ALLOWED = NO\n",
            with:
                "CODE_SIGNING_ALLOWED = NO\nSWIFT_VERSION = 6.0\nOTHER_SWIFT_FLAGS = $(inherited) -strict-concurrency=complete\nMARKETING_VERSION = 1.0\nDEVELOPMENT_TEAM = ABCDE12345\n",
            in: Fixture.signing)
        #expect(
            try broken.findings(.xcconfig).messages == [
                "SWIFT_VERSION in a file xcodebuild is given with -xcconfig, passed with -xcconfig in .github/workflows/apple.yml: a compiler setting, it reaches every package target; set it on LockOut's own targets (project.yml, Config/Base.xcconfig)",
                "OTHER_SWIFT_FLAGS in a file xcodebuild is given with -xcconfig, passed with -xcconfig in .github/workflows/apple.yml: a compiler setting, it reaches every package target; set it on LockOut's own targets (project.yml, Config/Base.xcconfig)",
                "MARKETING_VERSION in a file xcodebuild is given with -xcconfig, passed with -xcconfig in .github/workflows/apple.yml: not a signing setting, it reaches every package target; keep the command line to signing and set it on LockOut's own targets (project.yml, Config/Base.xcconfig)",
            ])
        // Including the project's settings brings them all to the packages.
        let base = try Fixture.good.replacing(
            "#include \"Signing.xcconfig\"\n", with: "#include \"Signing.xcconfig\"\n#include \"Base.xcconfig\"\n",
            in: Fixture.signing)
        let included = try base.findings(.xcconfig)
        #expect(included.map { "\($0.path):\($0.line)" } == ["Config/Base.xcconfig:2", "Config/Base.xcconfig:3"])
        #expect(included.allSatisfy { $0.message.contains("included from Config/CI-no-signing.xcconfig") })
    }

    @Test("xcconfig: a setting given to xcodebuild on the command line, a missing include, an unknown or missing file")
    func commandLine() throws {
        let setting = try Fixture.good.replacing(
            "CODE_SIGN_IDENTITY=\n", with: "CODE_SIGN_IDENTITY= SWIFT_TREAT_WARNINGS_AS_ERRORS=YES\n",
            inRepository: Fixture.workflow)
        let findings = try setting.findings()
        #expect(
            findings.map(\.description) == [
                ".github/workflows/apple.yml:16:14: xcconfig: xcodebuild is given SWIFT_TREAT_WARNINGS_AS_ERRORS on the command line: it reaches every package target, which Xcode builds with -suppress-warnings (conflicting options); set it on LockOut's own targets (project.yml, Config/Base.xcconfig)"
            ])
        #expect(findings.first?.base == .repository)
        let include = try Fixture.good.replacing(
            "#include \"Signing.xcconfig\"\n", with: "#include \"Signin.xcconfig\"\n", in: Fixture.signing)
        #expect(
            try include.findings(.xcconfig).messages == [
                "includes Signin.xcconfig, which does not exist, passed with -xcconfig in .github/workflows/apple.yml"
            ])
        let unknown = try Fixture.good.replacing(
            "-xcconfig \"$NO_SIGNING\"", with: "-xcconfig \"$SIGNING\"", inRepository: Fixture.workflow)
        #expect(
            try unknown.findings(.xcconfig).messages == [
                "cannot tell which file -xcconfig $SIGNING names: use a path, $GITHUB_WORKSPACE or env:"
            ])
        let missing = try Fixture.good.replacing(
            "${CONFIGS}/CI-no-signing.xcconfig", with: "${CONFIGS}/CI.xcconfig", inRepository: Fixture.workflow)
        #expect(
            try missing.findings(.xcconfig).messages == [
                "-xcconfig ${CONFIGS}/CI.xcconfig names Apps/Config/CI.xcconfig, which does not exist"
            ])
        let environment = Fixture.good.withRepository(
            ".github/workflows/other.yml",
            """
            jobs:
              build:
                steps:
                  - run: xcodebuild build -scheme LockOut
                    env:
                      XCODE_XCCONFIG_FILE: Apps/Config/Base.xcconfig
            """)
        #expect(try environment.findings(.xcconfig).count == 2)
    }

    @Test("xcconfig: shell words: quotes, continuations, comments and separators")
    func shellWords() {
        let commands = XcconfigCheck.commands(
            "a 'b c' \"d $E\" \\\n  f # g h\ni && j; k | l\n")
        #expect(commands.map { $0.map(\.text) } == [["a", "b c", "d $E", "f"], ["i"], ["j"], ["k"], ["l"]])
        let word = commands[0][2]
        #expect(word.expanded(["E": "e"], repository: "/r") == "d e")
        #expect(word.expanded([:], repository: "/r") == nil)
        #expect(XcconfigCheck.Word(text: "'$E'").expanded([:], repository: "/r") == "$E")
        #expect(XcconfigCheck.Word(text: "$GITHUB_WORKSPACE/x").expanded([:], repository: "/r") == "/r/x")
        #expect(XcconfigCheck.settingName(ofArgument: "SWIFT_VERSION[sdk=iphoneos*]=6") == "SWIFT_VERSION")
        #expect(XcconfigCheck.settingName(ofArgument: "id=1") == nil)
        #expect(
            XcconfigCheck.settingName(ofAssignment: "GCC_TREAT_WARNINGS_AS_ERRORS[config=Debug] = YES")
                == "GCC_TREAT_WARNINGS_AS_ERRORS")
    }
}
