import ArgumentParser

@main
struct PhotoZoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photozoom",
        abstract: "A desktop prototype of the iOS Photos grid ⇄ pager interaction.",
        subcommands: [RunCommand.self, SnapshotCommand.self, BenchCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
