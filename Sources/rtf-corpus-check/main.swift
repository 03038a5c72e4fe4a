// Reads every .rtf file in the folders or files given on the command line with
// RTFReader and prints one line per file: name, paragraphs, characters, skipped
// objects, warnings. Exits 1 if any file cannot be read, 2 on usage errors.
// `--text` also prints each file's plain text (paragraphs joined by newlines);
// `--write-text DIR` writes it to DIR/NAME.txt (to draft a corpus file's expected text).

import Foundation
import RichText

var arguments = Array(CommandLine.arguments.dropFirst())
let printText = arguments.contains("--text")
arguments.removeAll { $0 == "--text" }
var textFolder: String?
if let index = arguments.firstIndex(of: "--write-text"), index + 1 < arguments.count {
  textFolder = arguments[index + 1]
  arguments.removeSubrange(index...index + 1)
}
guard !arguments.isEmpty else {
  FileHandle.standardError.write(Data("usage: rtf-corpus-check [--text] [--write-text DIR] FOLDER-OR-FILE…\n".utf8))
  exit(2)
}

var files: [URL] = []
for argument in arguments {
  let url = URL(fileURLWithPath: argument)
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
    FileHandle.standardError.write(Data("rtf-corpus-check: no such file or folder: \(argument)\n".utf8))
    exit(2)
  }
  if isDirectory.boolValue {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    files += names.filter { $0.hasSuffix(".rtf") }.sorted().map { url.appendingPathComponent($0) }
  } else {
    files.append(url)
  }
}

var failures = 0
let reader = RTFReader()
for file in files {
  let name = file.lastPathComponent
  guard let data = FileManager.default.contents(atPath: file.path) else {
    print("\(name)\tFAILED: cannot open the file")
    failures += 1
    continue
  }
  do {
    let result = try reader.read(Array(data))
    let text = result.text.paragraphs.map(\.text).joined(separator: "\n")
    print(
      "\(name)\tparagraphs \(result.text.paragraphs.count)\tchars \(text.count)"
        + "\tskipped \(result.skippedObjects)\twarnings \(result.warnings.count)")
    for warning in result.warnings { print("    warning: \(warning)") }
    if printText { print(text) }
    if let textFolder {
      let url = URL(fileURLWithPath: textFolder)
        .appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".txt")
      try Data(text.utf8).write(to: url)
    }
  } catch {
    print("\(name)\tFAILED: \(error)")
    failures += 1
  }
}
print("\(files.count) files, \(failures) failed")
exit(failures == 0 ? 0 : 1)
