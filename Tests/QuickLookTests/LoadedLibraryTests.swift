internal import CCairo
import Testing

@testable import QuickLook

/// cairo, pango, gdk-pixbuf and libmagic are opened with dlopen on first use, not linked:
/// what is missing must be a ``QuickLookError`` a user can act on, never a crash.
@Suite("Libraries opened on first use")
struct LoadedLibraryTests {
  @Test("a library that is not installed is an error naming it and the Debian package to install")
  func missingLibrary() throws {
    let error = #expect(throws: QuickLookError.self) {
      _ = try LoadedLibrary.open("libnotes-absent.so.9", .cairo, package: "libnotes-absent9")
    }
    let failure = try #require(error)
    #expect(failure.library == .cairo)
    #expect(failure.function == "dlopen")
    #expect(failure.message.contains("libnotes-absent.so.9"))
    #expect(failure.message.contains("install the Debian package libnotes-absent9"))
  }

  @Test("a library that lacks a function the headers have is an error naming the function and the library")
  func missingFunction() throws {
    // zlib is installed and has none of cairo's functions.
    let zlib = try LoadedLibrary.open("libz.so.1", .cairo, package: "zlib1g")
    let error = #expect(throws: QuickLookError.self) { _ = try zlib.functions(notes_cairo_functions_load) }
    let failure = try #require(error)
    #expect(failure.function == "dlsym")
    #expect(failure.message.contains("libz.so.1 has no function cairo_arc"))
  }

  @Test("the installed drawing libraries and libmagic load with every function QuickLook calls")
  func installedLibrariesLoad() throws {
    _ = try DrawingLibraries.require()
    _ = try MagicLibrary.require()
  }
}
