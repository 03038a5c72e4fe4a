internal import CCairo
internal import CGdkPixbuf
internal import CMagic
internal import CPangoCairo

#if canImport(Glibc)
  import Glibc
#endif

/// The C libraries QuickLook draws with (cairo, pango, gdk-pixbuf and what they bring:
/// GLib, fontconfig, pixman, X11, …), opened with `dlopen` the first time a picture is
/// drawn or an image decoded, not when `notes` starts: most commands draw nothing, and
/// loading some forty libraries at start-up cost more than the command's own work.
///
/// The system-library targets still supply the headers, so every function keeps its C
/// type (the tables in each `shim.h`). Every creator of a C handle calls ``require()``
/// first, so code that holds a handle can use ``libcairo``, ``libpango`` and
/// ``libgdkPixbuf`` without checking again. The libraries stay loaded for the life of
/// the process (GLib cannot be unloaded).
struct DrawingLibraries: @unchecked Sendable {  // immutable tables of C function pointers
  let cairo: notes_cairo_functions
  let pango: notes_pango_functions
  let gdkPixbuf: notes_pixbuf_functions

  /// The libraries, loaded on first use (thread-safe: a global's initializer runs once).
  private static let loaded: Result<DrawingLibraries, QuickLookError> = Result { () throws(QuickLookError) in
    let cairo = try LoadedLibrary.open("libcairo.so.2", .cairo, package: "libcairo2")
    let pango = try LoadedLibrary.open("libpangocairo-1.0.so.0", .pango, package: "libpangocairo-1.0-0")
    let gdkPixbuf = try LoadedLibrary.open("libgdk_pixbuf-2.0.so.0", .gdkPixbuf, package: "libgdk-pixbuf-2.0-0")
    return DrawingLibraries(
      cairo: try cairo.functions(notes_cairo_functions_load),
      pango: try pango.functions(notes_pango_functions_load),
      gdkPixbuf: try gdkPixbuf.functions(notes_pixbuf_functions_load))
  }

  /// The loaded libraries.
  ///
  /// - Throws: ``QuickLookError`` naming the library that is missing (`dlopen`) or the
  ///   function it lacks (`dlsym`), and the Debian package to install.
  static func require() throws(QuickLookError) -> DrawingLibraries { try loaded.get() }

  /// The libraries, for code running after a successful ``require()`` (it holds a handle
  /// made by them, or is about to be given one).
  static var current: DrawingLibraries {
    switch loaded {
    case .success(let libraries): return libraries
    case .failure(let error): preconditionFailure("QuickLook used a C library without require(): \(error)")
    }
  }
}

/// cairo's functions; valid after ``DrawingLibraries/require()``.
var libcairo: notes_cairo_functions { DrawingLibraries.current.cairo }
/// pango's functions (and GObject's `g_object_unref`); valid after ``DrawingLibraries/require()``.
var libpango: notes_pango_functions { DrawingLibraries.current.pango }
/// gdk-pixbuf's functions (and the GLib ones its callers need); valid after ``DrawingLibraries/require()``.
var libgdkPixbuf: notes_pixbuf_functions { DrawingLibraries.current.gdkPixbuf }

/// libmagic, opened with `dlopen` when the first content type is asked for.
enum MagicLibrary {
  private static let loaded: Result<MagicFunctions, QuickLookError> = Result { () throws(QuickLookError) in
    MagicFunctions(
      table: try LoadedLibrary.open("libmagic.so.1", .magic, package: "libmagic1").functions(notes_magic_functions_load))
  }

  /// libmagic's functions.
  ///
  /// - Throws: ``QuickLookError`` naming what is missing and the Debian package to install.
  static func require() throws(QuickLookError) -> notes_magic_functions { try loaded.get().table }
}

private struct MagicFunctions: @unchecked Sendable {  // an immutable table of C function pointers
  let table: notes_magic_functions
}

/// A shared library opened with `dlopen` for the life of the process.
struct LoadedLibrary {
  let handle: UnsafeMutableRawPointer
  let soname: String
  let library: QuickLookError.Library

  /// Opens `soname` (the name the headers' version links against).
  static func open(_ soname: String, _ library: QuickLookError.Library, package: String) throws(QuickLookError) -> LoadedLibrary {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "\(soname) was not found"
      throw QuickLookError(
        library: library, function: "dlopen",
        message: "\(reason); install the Debian package \(package) (Scripts/install-deps.sh does)")
    }
    return LoadedLibrary(handle: handle, soname: soname, library: library)
  }

  /// The library's function table, filled by a shim's `notes_…_functions_load`.
  func functions<Table>(
    _ load: (UnsafeMutableRawPointer, UnsafeMutablePointer<Table>) -> UnsafePointer<CChar>?
  ) throws(QuickLookError) -> Table {
    let storage = UnsafeMutablePointer<Table>.allocate(capacity: 1)
    defer { storage.deallocate() }
    // The table holds only C function pointers: nothing to deinitialize when one is missing.
    if let missing = load(handle, storage) {
      throw QuickLookError(
        library: library, function: "dlsym",
        message: "\(soname) has no function \(String(cString: missing)); it is older than the headers NoteStore was built with")
    }
    return storage.move()
  }
}
