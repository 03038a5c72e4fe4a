import Foundation
import NoteStore

enum DevicesCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "devices", abstract: "List the devices this store knows.",
    discussion: "Each device with the time of its latest change and whether that change is merged into this device.",
    options: [OptionSpec(long: "json", help: "Print a JSON array of {name, lastChange, merged, current}.")],
    examples: ["notes devices", "notes devices --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let devices = try context.openStore().devices()
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(devices) + "\n")
      return
    }
    let table = TableFormatter(columns: [.init("DEVICE"), .init("LAST CHANGE"), .init("MERGED")])
    context.out(
      table.render(
        devices.map {
          [$0.name + ($0.current ? " (this device)" : ""), context.displayDate($0.lastChange), $0.merged ? "yes" : "no"]
        }))
  }
}
