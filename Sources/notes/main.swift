import Foundation
import NotesCLI

// A write to a closed pipe (`notes show X | head -1`, a dropped connection) must be
// an error return, not a silent death of the process.
signal(SIGPIPE, SIG_IGN)
exit(NotesMain.run(Array(CommandLine.arguments.dropFirst()), preparingTransports: true))
