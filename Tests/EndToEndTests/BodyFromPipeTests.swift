import Foundation
import Testing

/// `--file` and `--rtf-file` read a pipe as they read a file: `-` for standard input,
/// a named pipe, or a shell's `<(command)`.
@Suite("A body read from a pipe")
struct BodyFromPipeTests {
  @Test("write --file - reads piped standard input, and new --rtf-file - a piped RTF body")
  func standardInput() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk").status == 0)
    let written = sandbox.notes("-C", store, "write", "Shopping", "--file", "-", input: "Milk\nEggs\n")
    #expect(written.status == 0, "\(written.stderr)")
    #expect(sandbox.notes("-C", store, "show", "Shopping").stdout == "Milk\nEggs\n")
    let created = sandbox.notes("-C", store, "new", "Plan", "--rtf-file", "-", input: #"{\rtf1\ansi Step {\b one}\par}"#)
    #expect(created.status == 0, "\(created.stderr)")
    #expect(sandbox.notes("-C", store, "show", "Plan").stdout == "Step one\n")
  }

  @Test("write --file reads a named pipe to its end")
  func namedPipe() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Shopping", "--text", "Milk").status == 0)
    let fifo = sandbox.directory + "/body.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    // A writer that opens the pipe once notes opens it for reading, and writes the body
    // in two parts.
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(Data("Oat milk\n".utf8))
      handle.write(Data("Bread\n".utf8))
      try? handle.close()
    }
    writer.start()
    let written = sandbox.notes("-C", store, "write", "Shopping", "--file", fifo)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(sandbox.notes("-C", store, "show", "Shopping").stdout == "Oat milk\nBread\n")
  }
}
