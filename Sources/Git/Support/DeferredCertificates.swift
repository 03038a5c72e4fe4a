import Glibc
import Synchronization

/// Defers libgit2's parse of the system CA bundle from library start to the first TLS session.
///
/// Debian's libgit2 1.5.1 uses mbedTLS, whose start (`git_mbedtls_stream_global_init`, inside
/// `git_libgit2_init`) parses all of `/etc/ssl/certs/ca-certificates.crt`: some 6 ms of CPU,
/// most of it base64, in every command that opens the store, though only an https transfer
/// reads the certificates. This file defines the two mbedTLS parse functions and
/// `mbedtls_ssl_setup` (below), and the `notes` executable exports them (Package.swift); the
/// dynamic linker binds libgit2's calls to them, since an executable's symbols come first
/// in the lookup. While ``whileStarting(_:)`` runs, a parse is only recorded; the recorded parse runs, into the same chain, before the first
/// TLS session is set up, or before any later parse replaces (and frees) that chain, so
/// every handshake sees exactly the chain libgit2 would have loaded. Every other call goes
/// straight on to mbedTLS. Where the symbols are not exported (a program without the linker
/// flags) or libgit2 does not use mbedTLS, libgit2 parses at start as before.
enum DeferredCertificates {
  /// What the next parse call does.
  private enum State {
    /// Calls mbedTLS at once.
    case passingThrough
    /// Records the parse (library start is running).
    case deferring
    /// A parse of `path` into the chain at address `chain` (an `mbedtls_x509_crt *`, kept
    /// as a number so the state stays Sendable) is still to run.
    case pending(chain: UInt, path: String)
  }

  private static let state = Mutex<State>(.passingThrough)

  /// Runs `body` (`git_libgit2_init`) with the CA parse recorded rather than done.
  static func whileStarting(_ body: () -> Void) {
    state.withLock { $0 = .deferring }
    body()
    state.withLock { state in
      if case .deferring = state { state = .passingThrough }
    }
  }

  /// Runs the recorded parse, if any. Called before a TLS session is set up and before any
  /// later parse; safe from any thread.
  static func loadPending() {
    state.withLock { state in
      guard case .pending(let chain, let path) = state else { return }
      state = .passingThrough
      // A failed parse leaves the chain empty, so handshakes fail verification, as they
      // did when libgit2's own start failed to load the bundle.
      _ = path.withCString { MbedTLS.parseFile(OpaquePointer(bitPattern: chain), $0) }
    }
  }

  /// Records a parse while starting; otherwise runs any recorded one, then this one.
  fileprivate static func parseFile(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    let recorded = state.withLock { state -> Bool in
      guard case .deferring = state, let chain, let path else { return false }
      state = .pending(chain: UInt(bitPattern: chain), path: String(cString: path))
      return true
    }
    if recorded { return 0 }
    loadPending()
    return MbedTLS.parseFile(chain, path)
  }

  /// The mbedTLS functions the definitions below stand in front of, found after this
  /// executable in the lookup order (`RTLD_NEXT`).
  fileprivate enum MbedTLS {
    /// `MBEDTLS_ERR_X509_FILE_IO_ERROR`, returned if mbedTLS cannot be found.
    static let fileError: Int32 = -0x2900

    static func parseFile(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
      typealias Function = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
      guard let function = next("mbedtls_x509_crt_parse_file", as: Function.self) else { return fileError }
      return function(chain, path)
    }

    static func parsePath(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
      typealias Function = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
      guard let function = next("mbedtls_x509_crt_parse_path", as: Function.self) else { return fileError }
      return function(chain, path)
    }

    static func sslSetup(_ context: OpaquePointer?, _ config: OpaquePointer?) -> Int32 {
      typealias Function = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
      // MBEDTLS_ERR_SSL_BAD_INPUT_DATA
      guard let function = next("mbedtls_ssl_setup", as: Function.self) else { return -0x7100 }
      return function(context, config)
    }

    private static func next<Function>(_ name: String, as type: Function.Type) -> Function? {
      // RTLD_NEXT is ((void *) -1) in <dlfcn.h>.
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -1), name) else { return nil }
      return unsafeBitCast(symbol, to: type)
    }
  }
}

/// mbedTLS's `mbedtls_x509_crt_parse_file`, seen first by libgit2: see ``DeferredCertificates``.
@_cdecl("mbedtls_x509_crt_parse_file")
public func deferringCertificateFileParse(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
  DeferredCertificates.parseFile(chain, path)
}

/// mbedTLS's `mbedtls_x509_crt_parse_path`: runs any recorded parse first, since the new
/// chain replaces the recorded one. See ``DeferredCertificates``.
@_cdecl("mbedtls_x509_crt_parse_path")
public func deferringCertificateDirectoryParse(_ chain: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
  DeferredCertificates.loadPending()
  return DeferredCertificates.MbedTLS.parsePath(chain, path)
}

/// mbedTLS's `mbedtls_ssl_setup`: runs any recorded CA parse before a TLS session starts.
/// See ``DeferredCertificates``.
@_cdecl("mbedtls_ssl_setup")
public func deferringCertificatesSSLSetup(_ context: OpaquePointer?, _ config: OpaquePointer?) -> Int32 {
  DeferredCertificates.loadPending()
  return DeferredCertificates.MbedTLS.sslSetup(context, config)
}
