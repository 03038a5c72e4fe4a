#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes straight to file descriptors 1 and 2, with no buffer in between.
///
/// Every write is complete when the call returns, so standard output and standard error
/// interleave in call order. Do not mix these with `print`, which buffers. A reader that
/// went away (`notes list | head -1`) ends the writes quietly: when `SIGPIPE` is ignored the
/// write fails with `EPIPE`, and the call returns `false` instead of reporting it.
public struct OutputStreams {
  /// Writes `s` to standard output; returns whether every byte was written.
  @discardableResult
  public static func writeOut(_ s: String) -> Bool { write(Array(s.utf8), to: STDOUT_FILENO) }

  /// Writes `s` to standard error; returns whether every byte was written.
  @discardableResult
  public static func writeErr(_ s: String) -> Bool { write(Array(s.utf8), to: STDERR_FILENO) }

  /// Writes raw bytes (an exported file, a thumbnail) to standard output.
  @discardableResult
  public static func writeOut(bytes: [UInt8]) -> Bool { write(bytes, to: STDOUT_FILENO) }

  /// Writes all of `bytes` to `descriptor`, retrying after interruptions and short writes.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        #if canImport(Glibc)
          let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        #else
          let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
        #endif
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return false  // EPIPE, or a stream closed under us: nothing useful to report.
        }
      }
      return true
    }
  }
}
