import Foundation
import NotesCLI

// A write to a closed pipe (`notes show X | head -1`, a dropped connection) must be
// an error return, not a silent death of the process.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
if NotesMain.mayReachRemote(arguments) { NotesMain.prepareTransports(interactive: isatty(0) == 1) }
exit(NotesMain.run(arguments))
