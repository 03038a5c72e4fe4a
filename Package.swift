// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("ExistentialAny"),
]

// cairo, pango and gdk-pixbuf are opened with dlopen when QuickLook first draws (see
// Sources/QuickLook/Support/LoadedLibraries.swift), so their system-library targets supply
// headers only: no pkgConfig, whose -l flags SwiftPM puts on the link line ahead of any
// --as-needed, and which made every `notes` start load some forty libraries it rarely uses.
// These are the header directories `pkg-config --cflags pangocairo gdk-pixbuf-2.0` gives
// on Debian; QuickLook imports the three modules `internal`, so only it needs them.
#if arch(arm64)
  let multiarch = "aarch64-linux-gnu"
#else
  let multiarch = "x86_64-linux-gnu"
#endif
let drawingHeaders: SwiftSetting = .unsafeFlags(
  [
    "/usr/include/cairo", "/usr/include/pango-1.0", "/usr/include/gdk-pixbuf-2.0", "/usr/include/glib-2.0",
    "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/harfbuzz", "/usr/include/freetype2",
    "/usr/include/fribidi", "/usr/include/pixman-1", "/usr/include/libpng16",
  ].flatMap { ["-Xcc", "-I\($0)"] })

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
    .target(name: "Git", dependencies: ["CLibGit2", "CZlib", "CCrypto", "CDeflate"], swiftSettings: strict),
    .systemLibrary(name: "CMagic", providers: [.apt(["libmagic-dev"])]),
    .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CPangoCairo", providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CGdkPixbuf", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"])]),
    .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
    .target(
      name: "QuickLook", dependencies: ["CMagic", "CCairo", "CPangoCairo", "CGdkPixbuf", "CZlib", "RichText"],
      swiftSettings: strict + [drawingHeaders]),
    .target(name: "RichText", swiftSettings: strict),
    .target(name: "NoteStore", dependencies: ["Git", "RichText", "QuickLook"], swiftSettings: strict),
    .target(name: "NotesCLI", dependencies: ["NoteStore", "RichText", "QuickLook"], swiftSettings: strict),
    // Exports the three mbedTLS functions Git's DeferredCertificates defines, so libgit2's
    // calls bind to them and its start skips parsing the CA bundle (about 6 ms per command).
    .executableTarget(
      name: "notes", dependencies: ["NotesCLI"], swiftSettings: strict,
      linkerSettings: [
        .unsafeFlags(
          ["mbedtls_x509_crt_parse_file", "mbedtls_x509_crt_parse_path", "mbedtls_ssl_setup"].flatMap {
            ["-Xlinker", "--export-dynamic-symbol=\($0)"]
          }),
        // Release builds link the Swift runtime and Foundation in, as `make install` does:
        // loading and binding the toolchain's shared libraries (Foundation and ICU above
        // all) was two thirds of every command's start-up CPU.
        // The objects were compiled against the shared modules, whose autolink entries
        // leave out what the static Foundation needs: CoreFoundation, ICU and the shims.
        .unsafeFlags(
          ["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-lFoundationInternationalization",
           "-l_FoundationCShims", "-l_FoundationCollections"], .when(configuration: .release)),
      ]),
    .executableTarget(
      name: "rtf-corpus-check", dependencies: ["RichText"], swiftSettings: strict),
    .executableTarget(
      name: "notes-bench", dependencies: ["NoteStore", "RichText", "Git", "QuickLook"],
      path: "Benchmarks/notes-bench", swiftSettings: strict),
    .testTarget(name: "GitTests", dependencies: ["Git"], swiftSettings: strict),
    .testTarget(name: "QuickLookTests", dependencies: ["QuickLook", "RichText"], swiftSettings: strict + [drawingHeaders]),
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
