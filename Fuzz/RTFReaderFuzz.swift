// libFuzzer entry point for the RTF reader, compiled together with
// Sources/RichText/**/*.swift by Scripts/fuzz.sh (no `import RichText`: one module).
//
// Checks: reading never crashes, hangs (libFuzzer's -timeout) or traps; an input that
// reads is read the same way again (the reader is deterministic); a refused input is
// refused with the same error again.

@_cdecl("LLVMFuzzerTestOneInput")
public func rtfReaderFuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let reader = RTFReader(
    limits: RTFLimits(maxInputBytes: 1 << 20, maxGroupDepth: 1_000, maxGroupCount: 1_000_000, maxBinaryLength: 1 << 20))
  let first = Result { () throws(RTFError) in try reader.read(bytes) }
  let second = Result { () throws(RTFError) in try reader.read(bytes) }
  precondition(first == second, "reading the same input twice gave different results")
  if case .success(let result) = first {
    precondition(!result.text.paragraphs.isEmpty, "a document without paragraphs")
    precondition(result.warnings.count <= RTFReader.maxWarnings, "too many warnings kept")
  }
  return 0
}
