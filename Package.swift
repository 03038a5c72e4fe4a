// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "NoteStore",
  products: [
    .library(name: "NoteStore", targets: ["NoteStore"]),
    .library(name: "RichText", targets: ["RichText"]),
    .executable(name: "notes", targets: ["notes"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
    .target(name: "Git", dependencies: ["CLibGit2"], swiftSettings: strict),
    .systemLibrary(name: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"])]),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "QuickLook", dependencies: ["CMagic", "CCairo", "CPangoCairo", "CGdkPixbuf", "CZlib", "RichText"],
      swiftSettings: strict),
    .target(name: "RichText", swiftSettings: strict),
    .target(name: "NoteStore", dependencies: ["Git", "RichText", "QuickLook"], swiftSettings: strict),
    .target(name: "NotesCLI", dependencies: ["NoteStore", "RichText", "QuickLook"], swiftSettings: strict),
    .executableTarget(name: "notes", dependencies: ["NotesCLI"], swiftSettings: strict),
    .executableTarget(
      name: "rtf-corpus-check", dependencies: ["RichText"], swiftSettings: strict),
    .executableTarget(
      name: "notes-bench", dependencies: ["NoteStore", "RichText", "Git", "QuickLook"],
      path: "Benchmarks/notes-bench", swiftSettings: strict),
    .testTarget(name: "GitTests", dependencies: ["Git"], swiftSettings: strict),
    .testTarget(name: "QuickLookTests", dependencies: ["QuickLook", "RichText"], swiftSettings: strict),
    .testTarget(
      name: "RichTextTests", dependencies: ["RichText"], exclude: ["Corpus", "__Snapshots__"],
      swiftSettings: strict),
    .testTarget(name: "NoteStoreTests", dependencies: ["NoteStore", "Git", "RichText", "QuickLook"], swiftSettings: strict),
    .testTarget(
      name: "NotesCLITests", dependencies: ["NotesCLI"], exclude: ["__Snapshots__"],
      swiftSettings: strict),
    .testTarget(name: "EndToEndTests", dependencies: ["notes", "RichText", "QuickLook"], swiftSettings: strict),
    .testTarget(
      name: "IntegrationTests", dependencies: ["Git", "NoteStore", "notes"], exclude: ["Servers"],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
